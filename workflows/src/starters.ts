import type { Actor, Core, Operation } from '@alterna/core';

type WorkflowFn = (...args: any[]) => Promise<unknown>;

export interface OperationStart<W extends WorkflowFn> {
  /** The workflow's exported name in workflows.ts. */
  workflowType: string;
  /** A business id (e.g. `planning-bulk-create:<request uuid>`): the same request never starts twice. */
  workflowId: string;
  kind: string;
  subject: string;
  campusId?: string | null;
  actor: Actor | null;
  args: Parameters<W>;
}

/**
 * Starts a long process through the operations registry, typed by the workflow it runs:
 * `startOperation<typeof bulkCreateLessons>(core, { workflowType: 'bulkCreateLessons', ... })`.
 */
export function startOperation<W extends WorkflowFn>(core: Pick<Core, 'operations'>, start: OperationStart<W>): Promise<Operation> {
  return core.operations.start({ ...start, args: start.args as unknown[] });
}
