// Test-only workflows (never in the product): they prove the operations registry and durability.
import { CancellationScope, isCancellation, proxyActivities, sleep } from '@temporalio/workflow';
import { trackProgress } from '../../workflows/src/progress.js';
import type { TestActivities } from './test-activities.js';

const { markItem } = proxyActivities<TestActivities>({ startToCloseTimeout: '10s', retry: { maximumAttempts: 3 } });
const { slowEffect } = proxyActivities<TestActivities>({
  startToCloseTimeout: '60s',
  heartbeatTimeout: '2s',
  retry: { initialInterval: '200ms', maximumAttempts: 10 },
});

export interface CountItemsInput {
  runKey: string;
  items: string[];
  /** Pause between items, so that progress can be watched moving. */
  delayMs: number;
}

/** Processes items one by one; items named bad-* fail on their own without stopping the run. */
export async function countItems(input: CountItemsInput): Promise<{ done: number; failed: number; cancelled: boolean }> {
  const progress = trackProgress(input.items.map((key) => ({ key, label: `Item ${key}` })));
  let failed = 0;
  try {
    for (const key of input.items) {
      progress.set(key, 'running');
      try {
        await markItem(input.runKey, key);
        progress.set(key, 'done');
      } catch (error) {
        if (isCancellation(error)) throw error;
        failed += 1;
        progress.set(key, 'error', `rejected ${key}`);
      }
      if (input.delayMs) await sleep(input.delayMs);
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    // Cancelled: what was done stays done; the run ends cleanly and reports it.
    await CancellationScope.nonCancellable(async () => undefined);
    throw error;
  }
  return { done: input.items.length - failed, failed, cancelled: false };
}

/** One slow activity whose effect must be applied once, even if the worker dies in the middle. */
export async function slowEffectWorkflow(key: string, ms: number): Promise<number> {
  const progress = trackProgress([{ key, label: key }]);
  progress.set(key, 'running');
  const applied = await slowEffect(key, ms);
  progress.set(key, 'done');
  return applied;
}
