// The batch loop every planning run shares (deterministic workflow code: no I/O, no clock). History stays small:
// one prepare activity, one activity per batch of a few hundred items, continue-as-new every few batches.
import { CancellationScope, CancelledFailure, continueAsNew, setHandler } from '@temporalio/workflow';
import { progressQuery } from '../progress.js';
import type { BulkCounts, BulkRunInput, BulkRunResult, BulkRunState } from '@alterna/planning/workflow-contract';

export interface BatchSteps {
  /** The run these items belong to (the result's `runId`). */
  runId: string;
  prepare(): Promise<{ total: number }>;
  batch(fromSeq: number, toSeq: number): Promise<BulkCounts>;
  undoable: boolean;
}

function add(counts: BulkCounts, more: BulkCounts): BulkCounts {
  const sum = { ...counts };
  for (const [status, n] of Object.entries(more)) sum[status] = (sum[status] ?? 0) + n;
  return sum;
}

/**
 * Prepares the items once, then processes them batch after batch. A batch that has started always finishes
 * (non-cancellable): a cancellation stops the run between batches and keeps what was done, which the items
 * and the progress then report.
 */
export async function runInBatches<I extends BulkRunInput>(input: I, steps: BatchSteps): Promise<BulkRunResult> {
  let state: BulkRunState | undefined = input.state;
  // Counters only: the per-item results are read from planning_run_items.
  setHandler(progressQuery, () => ({ done: state ? Math.min(state.nextSeq, state.total) : 0, total: state?.total ?? 0, items: [] }));
  const root = CancellationScope.current();
  if (!state) {
    const { total } = await CancellationScope.nonCancellable(() => steps.prepare());
    state = { total, nextSeq: 0, counts: {} };
  }
  for (let batches = 0; state.nextSeq < state.total; batches += 1) {
    if (root.consideredCancelled) throw new CancelledFailure('Planning run cancelled between two batches');
    if (batches >= input.batchesPerRun) await continueAsNew<(next: I) => Promise<BulkRunResult>>({ ...input, state });
    const from: number = state.nextSeq;
    const to: number = Math.min(from + input.batchSize, state.total) - 1;
    const counts = await CancellationScope.nonCancellable(() => steps.batch(from, to));
    state = { total: state.total, nextSeq: to + 1, counts: add(state.counts, counts) };
  }
  if (root.consideredCancelled) throw new CancelledFailure('Planning run cancelled');
  return { runId: steps.runId, counts: state.counts, undoable: steps.undoable };
}
