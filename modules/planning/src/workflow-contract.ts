// What the planning workflows (workflows/src/planning/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file). Per-item results live in `planning_run_items`, never in workflow history.

/** The workflows' Temporal names. */
export const planningWorkflows = {
  bulkCreateLessons: 'planning.bulkCreateLessons',
  /** Edits, moves, cancels or deletes (the operation's kind says which). */
  bulkEditLessons: 'planning.bulkEditLessons',
  undoBulkRun: 'planning.undoBulkRun',
} as const;

/** Counts of items by their status (created, skipped, conflict, updated, moved, cancelled, deleted, refused, undone). */
export type BulkCounts = Record<string, number>;

/** Where a run stands; carried through continue-as-new. */
export interface BulkRunState {
  /** Items the prepare step wrote. */
  total: number;
  /** The first seq not processed yet (items are numbered 0..total-1 in the order they must be processed). */
  nextSeq: number;
  counts: BulkCounts;
  /** Items per occurrence day, when the run's items are numbered day by day (a create run): batches then hold whole days. */
  itemsPerDay?: number;
}

export interface BulkRunInput {
  /** The `planning_runs` row (= the workflow id of the run; for an undo, the run undone). */
  runId: string;
  /** Items per batch (one transaction each) and batches per workflow run before continue-as-new. */
  batchSize: number;
  batchesPerRun: number;
  /** Absent on the first run; set when the run continues as new. */
  state?: BulkRunState;
}

export interface UndoBulkRunInput extends BulkRunInput {
  /** The undo run itself (`planning-undo:<runId>`), whose items record what was undone or refused. */
  undoRunId: string;
}

export interface BulkRunResult {
  runId: string;
  counts: BulkCounts;
  /** Whether the undo of this run may be asked (a finished create or edit run; never an undo). */
  undoable: boolean;
}

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [planningWorkflows.bulkCreateLessons]: (input: BulkRunInput) => Promise<BulkRunResult>;
    [planningWorkflows.bulkEditLessons]: (input: BulkRunInput) => Promise<BulkRunResult>;
    [planningWorkflows.undoBulkRun]: (input: UndoBulkRunInput) => Promise<BulkRunResult>;
  }
}

/** The activities the planning module gives the worker; each one is safe to retry (a retry does nothing twice). */
export type PlanningActivities = {
  /**
   * Expands the occurrences × lines into items (idempotent); answers how many there are and how many per occurrence
   * day (items are numbered day by day, line by line).
   */
  prepareBulkCreate(runId: string): Promise<{ total: number; itemsPerDay: number }>;
  /** Creates the lessons of items `fromSeq..toSeq` in one transaction; answers the counts of that range. */
  createLessonBatch(runId: string, fromSeq: number, toSeq: number): Promise<BulkCounts>;
  /** One item per selected lesson, with a snapshot for undo (idempotent). */
  prepareBulkEdit(runId: string): Promise<{ total: number }>;
  /** Edits, moves, cancels or deletes the lessons of items `fromSeq..toSeq` in one transaction. */
  applyLessonEditBatch(runId: string, fromSeq: number, toSeq: number): Promise<BulkCounts>;
  /** One undo item per item the undone run changed (idempotent). */
  prepareUndoBulkRun(undoRunId: string, runId: string): Promise<{ total: number }>;
  /** Reverses the items `fromSeq..toSeq` of the undo run in one transaction. */
  undoLessonBatch(undoRunId: string, fromSeq: number, toSeq: number): Promise<BulkCounts>;
};

/** Failure type of an activity that will never succeed (the run row is gone): not retried. */
export const bulkRunMissing = 'PlanningBulkRunMissing';
