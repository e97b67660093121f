// Cancelling a booklet form's validation (deterministic workflow code).
import { getExternalWorkflowHandle, proxyActivities } from '@temporalio/workflow';
import { trackProgress } from '../progress.js';
import type { BookletCancellationInput, BookletsActivities } from '@alterna/booklets/workflow-contract';

const { bookletsRecordCancellation } = proxyActivities<BookletsActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '1s', maximumInterval: '1m' },
});
const { bookletsMailCancellation } = proxyActivities<BookletsActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '2s', maximumAttempts: 10 },
});

/**
 * `booklets.validationCancellation`: records who cancelled, when and why, makes the form editable again, stops the
 * validation's run if it still collects signatures, and tells the signatories by e-mail.
 */
export async function bookletValidationCancellation(input: BookletCancellationInput): Promise<{ cancelled: boolean; mailed: number }> {
  const progress = trackProgress([{ key: input.validationId, label: input.label }]);
  progress.set(input.validationId, 'running');
  const { cancelled } = await bookletsRecordCancellation(input);
  // A run still waiting for signatures stops; one already ended refuses the request, which is fine.
  try {
    await getExternalWorkflowHandle(input.validationWorkflowId).cancel();
  } catch {
    // Already closed.
  }
  const mailed = cancelled ? await bookletsMailCancellation(input.validationId) : 0;
  progress.set(input.validationId, 'done');
  return { cancelled, mailed };
}
