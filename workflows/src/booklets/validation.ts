// A booklet form's validation (deterministic workflow code: no I/O, no clock but Temporal's timers).
import { ApplicationFailure, CancellationScope, condition, defineUpdate, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow';
import { trackProgress } from '../progress.js';
import {
  bookletSignUpdate,
  bookletValidationFailures,
  type BookletSignature,
  type BookletSignatureState,
  type BookletsActivities,
  type BookletValidationInput,
} from '@alterna/booklets/workflow-contract';

export const signBookletForm = defineUpdate<BookletSignatureState, [BookletSignature]>(bookletSignUpdate);

// Records must land whatever it takes (the database may be restarting).
const { bookletsRecordSignature, bookletsFinishValidation, bookletsWithdrawValidation } = proxyActivities<BookletsActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '1s', maximumInterval: '1m' },
});
// A reminder that cannot go out must not hold the validation: a few tries, then it waits on.
const { bookletsRemindSignatory, bookletsTellStaff } = proxyActivities<BookletsActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '2s', maximumAttempts: 5 },
});

/**
 * `booklets.validation`: collects the form's signatures in order (each a validated update from the signatory's space),
 * reminds the awaited people after the reminder delay and tells the campus staff after the second one; once all have
 * signed, the form is validated for good and its signed PDF archived. Cancelled (by a validation's cancellation or
 * from the operations page), it withdraws a validation still pending.
 */
export async function bookletValidation(input: BookletValidationInput): Promise<{ validated: boolean; fileId: string | null }> {
  const progress = trackProgress(input.signatories.map((role) => ({ key: role, label: input.labels[role] ?? role })));
  const signed: BookletSignature['role'][] = [...(input.signed ?? [])];
  for (const role of signed) progress.set(role, 'done', input.messages.signed);
  const awaiting = () => input.signatories.find((role) => !signed.includes(role)) ?? null;
  let closed = false;

  setHandler(
    signBookletForm,
    async (signature) => {
      // A repeated signature (a second click, a retried request) answers the same state and records nothing more.
      if (!signed.includes(signature.role)) {
        await bookletsRecordSignature(input.validationId, signature);
        if (!signed.includes(signature.role)) signed.push(signature.role);
        progress.set(signature.role, 'done', input.messages.signed);
      }
      return { signed: [...signed], awaiting: awaiting() };
    },
    {
      validator(signature) {
        // A role already signed is a repeat, taken as it is, even once the validation closed.
        if (signature && signed.includes(signature.role)) return;
        if (closed) throw ApplicationFailure.nonRetryable('The validation is closed', bookletValidationFailures.closed);
        if (signature?.role !== awaiting()) throw ApplicationFailure.nonRetryable(`The ${String(signature?.role)} signature is not awaited`, bookletValidationFailures.notAwaited);
      },
    },
  );

  try {
    for (let role = awaiting(); role; role = awaiting()) {
      const current = role;
      const done = () => signed.includes(current);
      progress.set(current, 'running');
      if (await condition(done, input.reminderSeconds * 1000)) continue;
      await tryOnce(() => bookletsRemindSignatory(input.validationId, current));
      progress.set(current, 'running', input.messages.reminded);
      if (await condition(done, input.staffSeconds * 1000)) continue;
      await tryOnce(() => bookletsTellStaff(input.validationId, current));
      progress.set(current, 'running', input.messages.staffTold);
      await condition(done);
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    closed = true;
    await CancellationScope.nonCancellable(() => bookletsWithdrawValidation(input.validationId));
    throw error;
  }
  // Every signature is in: the end is carried through even if a cancellation arrives meanwhile.
  closed = true;
  const { fileId } = await CancellationScope.nonCancellable(() => bookletsFinishValidation(input.validationId));
  return { validated: true, fileId };
}

/** A reminder's failure (after its retries) is not the validation's: it waits on. */
async function tryOnce(send: () => Promise<number>) {
  try {
    await send();
  } catch (error) {
    if (isCancellation(error)) throw error;
  }
}
