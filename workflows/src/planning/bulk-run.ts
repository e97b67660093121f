// The batch loop every planning run shares (deterministic workflow code: no I/O, no clock). History stays small:
// one prepare activity, one activity per batch of a few hundred items, continue-as-new every few batches.
import { CancellationScope, CancelledFailure, continueAsNew, setHandler } from '@temporalio/workflow';
import { progressQuery } from '../progress.js';
import type { BulkCounts, BulkRunInput, BulkRunResult, BulkRunState } from '@alterna/planning/workflow-contract';

export interface BatchSteps {
  /** The run these items belong to (the result's `runId`). */
  runId: string;
  prepare(): Promise<{ total: number; itemsPerDay?: number }>;
  batch(fromSeq: number, toSeq: number): Promise<BulkCounts>;
  undoable: boolean;
  /**
   * Batches run at once (default 1). Above 1, only for items numbered day by day (the prepare step says how many a
   * day holds): each batch then holds whole days, so two batches at once never place lessons on the same day and
   * cannot collide with each other (lessons of different days never overlap); the run's outcome is the same as
   * one batch after another.
   */
  width?: number;
}

function add(counts: BulkCounts, more: BulkCounts): BulkCounts {
  const sum = { ...counts };
  for (const [status, n] of Object.entries(more)) sum[status] = (sum[status] ?? 0) + n;
  return sum;
}

/** The seq ranges of the next batches: `batchSize` items each, or whole days of items when run side by side. */
export function nextRanges(state: BulkRunState, batchSize: number, width: number): [number, number][] {
  const perDay = state.itemsPerDay;
  const side = width > 1 && perDay ? width : 1;
  const size = side > 1 ? Math.max(perDay!, Math.floor(batchSize / perDay!) * perDay!) : batchSize;
  const ranges: [number, number][] = [];
  for (let from = state.nextSeq; ranges.length < side && from < state.total; from += size) ranges.push([from, Math.min(from + size, state.total) - 1]);
  return ranges;
}

/**
 * Prepares the items once, then processes them batch after batch (or `width` batches at once). A batch that has
 * started always finishes (non-cancellable): a cancellation stops the run between batches and keeps what was done,
 * which the items and the progress then report.
 */
export async function runInBatches<I extends BulkRunInput>(input: I, steps: BatchSteps): Promise<BulkRunResult> {
  let state: BulkRunState | undefined = input.state;
  // Counters only: the per-item results are read from planning_run_items.
  setHandler(progressQuery, () => ({ done: state ? Math.min(state.nextSeq, state.total) : 0, total: state?.total ?? 0, items: [] }));
  const root = CancellationScope.current();
  if (!state) {
    const { total, itemsPerDay } = await CancellationScope.nonCancellable(() => steps.prepare());
    state = { total, nextSeq: 0, counts: {}, ...(itemsPerDay && steps.width && steps.width > 1 ? { itemsPerDay } : {}) };
  }
  for (let batches = 0; state.nextSeq < state.total; ) {
    if (root.consideredCancelled) throw new CancelledFailure('Planning run cancelled between two batches');
    if (batches >= input.batchesPerRun) await continueAsNew<(next: I) => Promise<BulkRunResult>>({ ...input, state });
    const ranges = nextRanges(state, input.batchSize, steps.width ?? 1);
    const counts = await CancellationScope.nonCancellable(() => Promise.all(ranges.map(([from, to]) => steps.batch(from, to))));
    state = { ...state, nextSeq: ranges.at(-1)![1] + 1, counts: counts.reduce(add, state.counts) };
    batches += ranges.length;
  }
  if (root.consideredCancelled) throw new CancelledFailure('Planning run cancelled');
  return { runId: steps.runId, counts: state.counts, undoable: steps.undoable };
}
