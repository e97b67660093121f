import type { FilesServices } from './services/index.js';
import type { FilesActivities } from './workflow-contract.js';

/** What the file-expiry workflow calls (typed by its contract); each activity is safe to retry. */
export function activities(services: FilesServices) {
  return {
    filesExpiryRecord: () => services.expiry.record(),
    filesExpiryMail: (after, limit) => services.expiry.mailPage(after, limit),
    filesExpiryRun: () => services.expiry.run(),
    filesExpirySend: (ids) => services.expiry.send(ids),
  } satisfies FilesActivities;
}
