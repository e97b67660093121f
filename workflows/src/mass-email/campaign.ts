// A mass e-mail campaign (issue #13) as a tracked run: the recipients were resolved and stored with their Message-IDs
// when the campaign was made; this sends them batch after batch (an activity per batch, heartbeating its cursor),
// continues as new every few batches, pauses and resumes on signals, and stops between batches when cancelled.
import { CancellationScope, CancelledFailure, condition, continueAsNew, defineSignal, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow';
import { progressQuery } from '../progress.js';
import { massEmailSignals, type MassEmailActivities, type MassEmailResult, type MassEmailRun, type MassEmailState } from '@alterna/mass-email/workflow-contract';

const { massEmailPrepare, massEmailFinish } = proxyActivities<MassEmailActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 20 },
});
// A batch of 500 at the rate limit can take minutes; heartbeats tell a dead worker within seconds, and the retry
// resumes after the last recorded answer.
const { massEmailSendBatch } = proxyActivities<MassEmailActivities>({
  startToCloseTimeout: '2h',
  heartbeatTimeout: '10s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 50 },
});

export const massEmailPause = defineSignal(massEmailSignals.pause);
export const massEmailResume = defineSignal(massEmailSignals.resume);

/** `mass-email.campaign`. */
export async function massEmailCampaign(input: MassEmailRun): Promise<MassEmailResult> {
  let state: MassEmailState | undefined = input.state;
  let paused = input.paused ?? false;
  setHandler(massEmailPause, () => void (paused = true));
  setHandler(massEmailResume, () => void (paused = false));
  // Counters only: the per-recipient states are the campaign's rows.
  setHandler(progressQuery, () => ({ done: state ? state.sent + state.failed + (state.unsubscribed ?? 0) : 0, total: state?.total ?? 0, items: [] }));
  const root = CancellationScope.current();
  const finish = (status: 'completed' | 'cancelled') => CancellationScope.nonCancellable(() => massEmailFinish(input.campaignId, status));
  try {
    if (!state) state = await CancellationScope.nonCancellable(() => massEmailPrepare(input.campaignId));
    for (let batches = 0; state.nextSeq < state.total; batches += 1) {
      if (paused) await condition(() => !paused);
      if (root.consideredCancelled) throw new CancelledFailure('Mass e-mail cancelled between two batches');
      if (batches >= input.batchesPerRun) await continueAsNew<typeof massEmailCampaign>({ ...input, state, paused });
      const from: number = state.nextSeq;
      const to: number = Math.min(from + input.batchSize, state.total) - 1;
      const counts = await CancellationScope.nonCancellable(() => massEmailSendBatch(input.campaignId, from, to, input.ratePerSecond));
      state = {
        total: state.total, nextSeq: to + 1, sent: state.sent + counts.sent, failed: state.failed + counts.failed,
        unsubscribed: (state.unsubscribed ?? 0) + (counts.unsubscribed ?? 0),
      };
    }
    if (root.consideredCancelled) throw new CancelledFailure('Mass e-mail cancelled');
  } catch (error) {
    if (!isCancellation(error)) throw error;
    // Stopped: the campaign records it (the recipients not reached stay pending), and the run ends cancelled.
    await finish('cancelled');
    throw error;
  }
  return finish('completed');
}
