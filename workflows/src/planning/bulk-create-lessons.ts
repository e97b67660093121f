import { planningActivities as activities } from './activities.js';
import { runInBatches } from './bulk-run.js';
import type { BulkRunInput, BulkRunResult } from '@alterna/planning/workflow-contract';

/**
 * `planning.bulkCreateLessons`: expands the series into items, then creates the lessons batch by batch
 * (conflicts checked with set queries; closures, holidays and company periods skipped). Result: the counts
 * of created, skipped and conflict items; the items themselves are in `planning_run_items`.
 */
export async function bulkCreateLessons(input: BulkRunInput): Promise<BulkRunResult> {
  return runInBatches(input, {
    runId: input.runId,
    prepare: () => activities.prepareBulkCreate(input.runId),
    batch: (from, to) => activities.createLessonBatch(input.runId, from, to),
    undoable: true,
  });
}
