// Starting a planning run: its row, then its workflow through the operations registry. The workflow id is the
// business id of the request, so a retried POST answers the operation it already started.
import type { Actor, Operation } from '@alterna/core';
import { planningWorkflows, type BulkRunInput, type UndoBulkRunInput } from '../workflow-contract.js';
import { BULK_BATCH_SIZE, BULK_BATCHES_PER_RUN, type RunKind } from '../types.js';
import { insertRun } from './bulk-store.js';
import type { PlanningDeps } from './deps.js';

/** The operations' kinds: the workflow's name, or for a deletion (a bulk edit run) its own. */
export const operationKinds = {
  create: planningWorkflows.bulkCreateLessons,
  edit: planningWorkflows.bulkEditLessons,
  delete: 'planning.bulkDeleteLessons',
  undo: planningWorkflows.undoBulkRun,
} as const;

/** `planning-bulk-create:<requestId>`, `planning-bulk-move:<requestId>`… */
export const bulkRunId = (kind: Exclude<RunKind, 'undo'>, requestId: string) => `planning-bulk-${kind}:${requestId}`;
export const undoRunId = (runId: string) => `planning-undo:${runId}`;

/** The batches of every run (the workflow receives them, so it imports nothing from the module). */
export const batching = { batchSize: BULK_BATCH_SIZE, batchesPerRun: BULK_BATCHES_PER_RUN };

/** The operation of a run already started with that id, as the actor may see it; null when there is none. */
export async function existingRun(deps: PlanningDeps, actor: Actor, runId: string): Promise<Operation | null> {
  const known = await deps.core.operations.byWorkflowId(runId);
  return known ? deps.core.operations.get(actor, known.id) : null;
}

export interface RunStart {
  runId: string;
  kind: RunKind;
  workflowType: (typeof planningWorkflows)[keyof typeof planningWorkflows];
  subject: string;
  campusId: string | null;
  actor: Actor;
  request: Record<string, unknown>;
  args: BulkRunInput | UndoBulkRunInput;
}

/** Records the run (once) and starts its workflow (once). */
export async function startRun(deps: PlanningDeps, start: RunStart): Promise<Operation> {
  await insertRun(deps.knex, { run_id: start.runId, kind: start.kind, campus_id: start.campusId, started_by: start.actor.id, request: start.request });
  const operationKind = start.kind === 'create' ? operationKinds.create : start.kind === 'delete' ? operationKinds.delete : start.kind === 'undo' ? operationKinds.undo : operationKinds.edit;
  return deps.core.operations.start({
    workflowType: start.workflowType,
    workflowId: start.runId,
    kind: operationKind,
    subject: start.subject,
    campusId: start.campusId,
    actor: start.actor,
    args: [start.args],
    // An undo names the run it reverses: the operations list then says that run was undone, in its one answer.
    undoes: start.kind === 'undo' ? String(start.request.runId) : null,
  });
}
