import type { MassEmailServices } from './services/index.js';
import type { MassEmailActivities } from './workflow-contract.js';

/** What the mass e-mail workflow calls (typed by its contract); each activity is safe to retry. */
export function activities(services: MassEmailServices) {
  const { sending } = services;
  return {
    massEmailPrepare: (campaignId) => sending.prepare(campaignId),
    massEmailSendBatch: (campaignId, fromSeq, toSeq, ratePerSecond) => sending.sendBatch(campaignId, fromSeq, toSeq, ratePerSecond),
    massEmailFinish: (campaignId, status) => sending.finish(campaignId, status),
  } satisfies MassEmailActivities;
}
