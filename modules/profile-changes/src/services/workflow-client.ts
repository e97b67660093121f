import { ApplicationFailure, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import type { CoreDeps } from '@alterna/core';
import {
  profileChangeDecideUpdate,
  profileChangeFailures,
  type ProfileChangeDecision,
  type ProfileChangeOutcome,
} from '../workflow-contract.js';
import { workflowIdOf } from './store.js';
import { realNow } from '@alterna/core/clock';

/** How long an approver's request waits for the workflow to take the decision and apply it. */
const decisionDeadlineMs = 15_000;

/** What became of a transition sent to a request's workflow. */
export type DeliveryResult =
  | { delivered: true; outcome: ProfileChangeOutcome }
  | { delivered: false; reason: 'unknownTransition' | 'notPending' | 'unreachable' };

/** The core's Temporal client (lazily connected, closed with the core). */
export function coreTemporalClient(core: CoreDeps): () => Promise<Client> {
  return core.temporal;
}

/** Sends an approver's transition to the request's workflow as a Temporal update and waits for the end state. */
export async function deliverDecision(client: Client, requestId: string, decision: ProfileChangeDecision): Promise<DeliveryResult> {
  const handle = client.workflow.getHandle(workflowIdOf(requestId));
  try {
    const outcome = await client.withDeadline(realNow() + decisionDeadlineMs, () =>
      handle.executeUpdate<ProfileChangeOutcome, [ProfileChangeDecision]>(profileChangeDecideUpdate, { args: [decision] }),
    );
    return { delivered: true, outcome };
  } catch (error) {
    // Refused by the workflow's validator: its failure type says why.
    if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
      if (error.cause.type === profileChangeFailures.unknownTransition) return { delivered: false, reason: 'unknownTransition' };
      if (error.cause.type === profileChangeFailures.notPending) return { delivered: false, reason: 'notPending' };
    }
    // The run has ended (expired a moment ago, or decided by someone else).
    if (error instanceof WorkflowNotFoundError) return { delivered: false, reason: 'notPending' };
    if (isDeadline(error)) return { delivered: false, reason: 'unreachable' };
    throw error;
  }
}

/** gRPC DEADLINE_EXCEEDED (4) or CANCELLED (1) by the deadline, however deep the client wrapped it. */
function isDeadline(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 4 || code === 1) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
