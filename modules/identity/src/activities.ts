import type { IdentityServices } from './services/index.js';
import type { IdentityActivities } from './workflow-contract.js';

/** What the session-purge workflow calls (typed by its contract); safe to retry. */
export function activities(services: IdentityServices) {
  return { purgeLoginRecords: () => services.auth.purge() } satisfies IdentityActivities;
}
