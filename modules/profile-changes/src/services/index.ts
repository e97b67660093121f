import type { CoreDeps } from '@alterna/core';
import { readDelays, type ProfileChangeDelays } from '../config.js';
import { effectsService, type EffectsService } from './effects.js';
import { remindersService, type RemindersService } from './reminders.js';
import { requestsService, type RequestsService } from './requests.js';

export interface ProfileChangesServices {
  /** The delays read from the environment at start (PROFILE_CHANGE_EXPIRY_SECONDS, PROFILE_CHANGE_REMINDER_SECONDS). */
  delays: ProfileChangeDelays;
  requests: RequestsService;
  effects: EffectsService;
  reminders: RemindersService;
}

export function profileChangesServices(core: CoreDeps): ProfileChangesServices {
  // Read once: a bad value stops the start with the variable's name, not the first request.
  const delays = readDelays(process.env);
  return {
    delays,
    requests: requestsService(core, delays),
    effects: effectsService(core),
    reminders: remindersService(core),
  };
}
