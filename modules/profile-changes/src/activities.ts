import type { ProfileChangesServices } from './services/index.js';
import type { ProfileChangeActivities } from './workflow-contract.js';

/** What the profile-change workflow calls (typed by its contract); each activity is safe to retry. */
export function activities(services: ProfileChangesServices) {
  return {
    applyProfileChange: (requestId) => services.effects.apply(requestId),
    recordProfileChangeDecision: (requestId, record) => services.effects.record(requestId, record),
    sendProfileChangeReminder: (requestId) => services.reminders.send(requestId),
  } satisfies ProfileChangeActivities;
}
