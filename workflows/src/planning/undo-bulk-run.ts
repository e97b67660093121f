import { planningActivities as activities } from './activities.js';
import { runInBatches } from './bulk-run.js';
import type { BulkRunResult, UndoBulkRunInput } from '@alterna/planning/workflow-contract';

/**
 * `planning.undoBulkRun`, the compensation of a finished run: created lessons removed, edited ones restored,
 * moved ones moved back, cancelled ones re-activated, deleted ones re-inserted — each refused (with why) when
 * attendance has started or the restore now conflicts. An undo cannot itself be undone.
 */
export async function undoBulkRun(input: UndoBulkRunInput): Promise<BulkRunResult> {
  return runInBatches(input, {
    runId: input.undoRunId,
    prepare: () => activities.prepareUndoBulkRun(input.undoRunId, input.runId),
    batch: (from, to) => activities.undoLessonBatch(input.undoRunId, from, to),
    undoable: false,
  });
}
