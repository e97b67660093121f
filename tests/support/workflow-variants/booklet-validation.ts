// Test-only workflow code (README "Workflow versioning"): `booklets.validation` as a later version might change it —
// a new reminder step. Once the campus staff has been told, the awaited person is reminded once more after the staff
// delay, where the product's validation only waits. Two variants: the change behind `patched()`, as the policy asks,
// and the same change without it, which breaks every validation in flight past that point. The bundle of this entry
// (tests/unit/workflow-patching.test.ts, tests/api/booklets/validation-upgrade.test.ts) registers the patched one under
// the product's name and the unpatched one under its own.
import { ApplicationFailure, CancellationScope, condition, isCancellation, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import { trackProgress } from '../../../workflows/src/progress.js';
import { signBookletForm } from '../../../workflows/src/booklets/validation.js';
import {
  bookletValidationFailures,
  type BookletSignature,
  type BookletsActivities,
  type BookletValidationInput,
} from '@alterna/booklets/workflow-contract';

/** The change's patch id: a validation that began before it never takes the new step, one begun after it always does. */
export const lastReminderPatch = 'booklets.validation.last-reminder';

const { bookletsRecordSignature, bookletsFinishValidation, bookletsWithdrawValidation } = proxyActivities<BookletsActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '1s', maximumInterval: '1m' },
});
const { bookletsRemindSignatory, bookletsTellStaff } = proxyActivities<BookletsActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '2s', maximumAttempts: 5 },
});

type Validation = (input: BookletValidationInput) => Promise<{ validated: boolean; fileId: string | null }>;

/** The product's `bookletValidation` (workflows/src/booklets/validation.ts), with the new step where `takesNewStep` says. */
function validationWithLastReminder(takesNewStep: () => boolean): Validation {
  return async (input) => {
    const progress = trackProgress(input.signatories.map((role) => ({ key: role, label: input.labels[role] ?? role })));
    const signed: BookletSignature['role'][] = [...(input.signed ?? [])];
    for (const role of signed) progress.set(role, 'done', input.messages.signed);
    const awaiting = () => input.signatories.find((role) => !signed.includes(role)) ?? null;
    let closed = false;

    setHandler(
      signBookletForm,
      async (signature) => {
        if (!signed.includes(signature.role)) {
          await bookletsRecordSignature(input.validationId, signature);
          if (!signed.includes(signature.role)) signed.push(signature.role);
          progress.set(signature.role, 'done', input.messages.signed);
        }
        return { signed: [...signed], awaiting: awaiting() };
      },
      {
        validator(signature) {
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
        // The new step.
        if (takesNewStep()) {
          if (await condition(done, input.staffSeconds * 1000)) continue;
          await tryOnce(() => bookletsRemindSignatory(input.validationId, current));
          progress.set(current, 'running', input.messages.reminded);
        }
        await condition(done);
      }
    } catch (error) {
      if (!isCancellation(error)) throw error;
      closed = true;
      await CancellationScope.nonCancellable(() => bookletsWithdrawValidation(input.validationId));
      throw error;
    }
    closed = true;
    const { fileId } = await CancellationScope.nonCancellable(() => bookletsFinishValidation(input.validationId));
    return { validated: true, fileId };
  };
}

async function tryOnce(send: () => Promise<number>) {
  try {
    await send();
  } catch (error) {
    if (isCancellation(error)) throw error;
  }
}

/** The change as the policy asks it: behind `patched()`. */
export const bookletValidationPatched = validationWithLastReminder(() => patched(lastReminderPatch));
/** The same change without it. */
export const bookletValidationUnpatched = validationWithLastReminder(() => true);
