import { planningActivities as activities } from './activities.js';
import { runInBatches } from './bulk-run.js';
import type { BulkRunInput, BulkRunResult } from '@alterna/planning/workflow-contract';

/**
 * `planning.bulkEditLessons` and `planning.bulkDeleteLessons`: snapshots the selected lessons (for undo), then
 * edits, moves, cancels or deletes them batch by batch; the action is in the run's request.
 */
export async function bulkEditLessons(input: BulkRunInput): Promise<BulkRunResult> {
  return runInBatches(input, {
    runId: input.runId,
    prepare: () => activities.prepareBulkEdit(input.runId),
    batch: (from, to) => activities.applyLessonEditBatch(input.runId, from, to),
    undoable: true,
  });
}
