/** What every long workflow answers to its `progress` query. */
export interface OperationProgress {
  done: number;
  total: number;
  items: OperationItem[];
}

export interface OperationItem {
  key: string;
  label: string;
  status: 'pending' | 'running' | 'done' | 'error';
  message?: string;
}

export type OperationStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'terminated' | 'timed_out';

export interface Operation {
  id: string;
  workflowId: string;
  kind: string;
  subject: string;
  campusId: string | null;
  startedBy: { id: string; firstName: string; lastName: string } | null;
  startedAt: string;
  closedAt: string | null;
  status: OperationStatus;
  progress: { done: number; total: number };
  items: OperationItem[];
  error: string | null;
  result: unknown;
  /** The run that reversed this one (an undo's operation id), when the list answers it; null otherwise. */
  undoneBy: string | null;
  canCancel: boolean;
}

/** The query name every long workflow implements. */
export const progressQueryName = 'progress';

/**
 * Every product workflow by its Temporal name (`<module>.<workflow>`, e.g. `booklets.validation`): what it takes and
 * answers. Filled by declaration merging from each module's `src/workflow-contract.ts`, so that a start is typed by the
 * workflow it runs (workflows/src/contracts.ts checks the workflow entry exports each one with that signature).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' contracts
export interface Workflows {}

/** The arguments of a workflow by its name; any list for one no contract declares (tests' own workflows). */
export type WorkflowArgs<Type extends string> = Type extends keyof Workflows ? Parameters<Workflows[Type]> : unknown[];
