import { patched } from '@temporalio/workflow';
import { planningActivities as activities } from './activities.js';
import { runInBatches } from './bulk-run.js';
import type { BulkRunInput, BulkRunResult } from '@alterna/planning/workflow-contract';

/**
 * Two batches at once, each of whole days (issue #28's bulk-create speed: the batch's checks and bookkeeping overlap
 * the other's inserts, on a second database connection). A run started before it goes on one batch at a time (README
 * "Workflow versioning"); once none is open, this becomes `deprecatePatch`.
 */
export const bulkCreateDayBatchesPatch = 'planning.bulkCreate.dayBatches';

/**
 * `planning.bulkCreateLessons`: expands the series into items, then creates the lessons batch by batch
 * (conflicts checked with set queries; closures, holidays and company periods skipped). Result: the counts
 * of created, skipped and conflict items; the items themselves are in `planning_run_items`.
 */
export async function bulkCreateLessons(input: BulkRunInput): Promise<BulkRunResult> {
  const width = patched(bulkCreateDayBatchesPatch) ? 2 : 1;
  return runInBatches(input, {
    runId: input.runId,
    prepare: () => activities.prepareBulkCreate(input.runId),
    batch: (from, to) => activities.createLessonBatch(input.runId, from, to),
    undoable: true,
    width,
  });
}
