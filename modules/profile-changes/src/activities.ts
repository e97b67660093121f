import type { ProfileChangeActivities } from '@alterna/workflows/profile-changes/contract';
import type { ProfileChangesServices } from './services/index.js';

/** What the profile-change workflow calls; each activity is safe to retry. */
export function profileChangeActivities(services: ProfileChangesServices): ProfileChangeActivities {
  return {
    applyProfileChange: (requestId) => services.effects.apply(requestId),
    recordProfileChangeDecision: (requestId, record) => services.effects.record(requestId, record),
    sendProfileChangeReminder: (requestId) => services.reminders.send(requestId),
  };
}
