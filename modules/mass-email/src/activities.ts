import type { MassEmailActivities } from '@alterna/workflows/mass-email/contract';
import type { MassEmailServices } from './services/index.js';

/** What the mass e-mail workflow calls (workflows/src/mass-email/contract.ts names them). */
export const activities = (services: MassEmailServices) => ({
  massEmailPrepare: (campaignId: string) => services.sending.prepare(campaignId),
  massEmailSendBatch: (campaignId: string, fromSeq: number, toSeq: number, ratePerSecond: number) => services.sending.sendBatch(campaignId, fromSeq, toSeq, ratePerSecond),
  massEmailFinish: (campaignId: string, status: 'completed' | 'cancelled') => services.sending.finish(campaignId, status),
}) satisfies MassEmailActivities;
