// Workflow-side helper (deterministic code only): every long workflow answers the `progress` query with it.
import { defineQuery, setHandler } from '@temporalio/workflow';
import type { OperationItem, OperationProgress } from '@alterna/core/operations/types';

export const progressQuery = defineQuery<OperationProgress>('progress');

export interface ProgressTracker {
  readonly items: OperationItem[];
  set(key: string, status: OperationItem['status'], message?: string): void;
  snapshot(): OperationProgress;
}

/** Registers the progress query over a list of items; done counts the items that ended, well or not. */
export function trackProgress(items: { key: string; label: string }[]): ProgressTracker {
  const state: OperationItem[] = items.map((item) => ({ ...item, status: 'pending' }));
  const index = new Map(state.map((item, i) => [item.key, i]));
  const tracker: ProgressTracker = {
    items: state,
    set(key, status, message) {
      const i = index.get(key);
      if (i === undefined) return;
      state[i] = { ...state[i]!, status, ...(message === undefined ? {} : { message }) };
    },
    snapshot: () => ({
      done: state.filter((item) => item.status === 'done' || item.status === 'error').length,
      total: state.length,
      items: state.map((item) => ({ ...item })),
    }),
  };
  setHandler(progressQuery, () => tracker.snapshot());
  return tracker;
}
