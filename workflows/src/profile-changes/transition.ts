// A profile-change request waiting for an approver (deterministic workflow code: no I/O, no clock).
import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  CancellationScope,
  condition,
  defineUpdate,
  isCancellation,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import { trackProgress } from '../progress.js';
import {
  isProfileChangeTransition,
  profileChangeDecideUpdate,
  profileChangeFailures,
  type ProfileChangeActivities,
  type ProfileChangeDecision,
  type ProfileChangeOutcome,
  type ProfileChangeWorkflowInput,
} from '@alterna/profile-changes/workflow-contract';

export const decideProfileChange = defineUpdate<ProfileChangeOutcome, [ProfileChangeDecision]>(profileChangeDecideUpdate);

// The record must land whatever it takes (the database may be restarting); retried without end.
const { recordProfileChangeDecision } = proxyActivities<ProfileChangeActivities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', maximumInterval: '1m' },
});
// Applying is retried a while; past that, or on a violation, the request ends failed rather than hangs.
const { applyProfileChange } = proxyActivities<ProfileChangeActivities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 10 },
});
// A reminder that cannot go out must not hold the request: a few tries, then the request waits on.
const { sendProfileChangeReminder } = proxyActivities<ProfileChangeActivities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '2s', maximumAttempts: 5 },
});

/**
 * `profile-changes.transition`: waits for `approve` or `reject` (a Temporal update, validated here), reminds
 * the approvers once the reminder delay has passed, and expires after the expiry delay. On approve the
 * change is applied by an activity; every end is recorded in the request's row. Once a decision is taken
 * it is carried through even if the run is cancelled meanwhile.
 */
export async function profileChangeTransition(input: ProfileChangeWorkflowInput): Promise<ProfileChangeOutcome> {
  const key = input.requestId;
  const progress = trackProgress([{ key, label: input.label }]);
  let decision: ProfileChangeDecision | undefined;
  let open = true;
  let outcome: ProfileChangeOutcome | undefined;

  setHandler(
    decideProfileChange,
    async (offered) => {
      decision = offered;
      // The approver gets the final state, not just "received".
      await condition(() => outcome !== undefined);
      return outcome!;
    },
    {
      validator(offered) {
        if (!isProfileChangeTransition(offered?.transition)) {
          throw ApplicationFailure.nonRetryable(`Unknown transition "${String(offered?.transition)}"`, profileChangeFailures.unknownTransition);
        }
        if (!open || decision) throw ApplicationFailure.nonRetryable('The request is no longer pending', profileChangeFailures.notPending);
      },
    },
  );

  const finish = async (result: ProfileChangeOutcome, itemStatus: 'done' | 'error', message: string) => {
    await recordProfileChangeDecision(key, { status: result.status, deciderId: result.deciderId, reason: result.reason });
    progress.set(key, itemStatus, message.replace('{{name}}', decision?.deciderName ?? ''));
    outcome = result;
    await condition(allHandlersFinished);
    return result;
  };

  try {
    await condition(() => decision !== undefined, input.reminderSeconds * 1000);
    if (decision === undefined) {
      try {
        await sendProfileChangeReminder(key);
        progress.set(key, 'pending', input.messages.reminded);
      } catch (error) {
        if (isCancellation(error)) throw error;
        progress.set(key, 'pending', input.messages.reminderFailed);
      }
      await condition(() => decision !== undefined, Math.max(0, input.expirySeconds - input.reminderSeconds) * 1000);
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    // A decision taken just before the cancellation is carried through below.
    if (decision === undefined) {
      // Withdrawn from the operations page while still pending: say so in the request, then end cancelled.
      open = false;
      await CancellationScope.nonCancellable(() => finish({ status: 'cancelled', deciderId: null, reason: null }, 'error', input.messages.cancelled));
      throw error;
    }
  }

  if (decision === undefined) {
    open = false;
    return finish({ status: 'expired', deciderId: null, reason: null }, 'error', input.messages.expired);
  }
  const decided = decision;
  return CancellationScope.nonCancellable(async () => {
    if (decided.transition === 'reject') return finish({ status: 'rejected', deciderId: decided.deciderId, reason: null }, 'done', input.messages.rejected);
    try {
      await applyProfileChange(key);
    } catch (error) {
      const cause = error instanceof ActivityFailure ? error.cause : error;
      const reason = cause instanceof ApplicationFailure && cause.type === profileChangeFailures.violation ? cause.message : null;
      return finish({ status: 'failed', deciderId: decided.deciderId, reason }, 'error', input.messages.failed);
    }
    return finish({ status: 'approved', deciderId: decided.deciderId, reason: null }, 'done', input.messages.approved);
  });
}
