import { fileURLToPath } from 'node:url';
import type { Worker, WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Core } from '@alterna/core';
import { bundleWorkflows, createWorker } from '@alterna/workflows/worker';
import { ensureEffectsTable, testActivities } from './test-activities.js';
import { nowMs } from '@alterna/core/clock';

export const testWorkflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));

let bundle: Promise<WorkflowBundleWithSourceMap> | null = null;

/** A worker in this process running the product's and the test workflows on the test app's queue. */
export async function startTestWorker(core: Core): Promise<{ worker: Worker; stop(): Promise<void> }> {
  bundle ??= bundleWorkflows(testWorkflowsPath);
  await ensureEffectsTable(core.db.knex);
  const { worker, connection } = await createWorker({
    core,
    address: core.config.temporalAddress!,
    workflowBundle: await bundle,
    extraActivities: testActivities(core.db.knex),
  });
  const running = worker.run();
  return {
    worker,
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

/** Polls until the check returns a value (or the time is up, which fails with the last value seen). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, intervalMs = 200): Promise<T> {
  const deadline = nowMs() + timeoutMs;
  let last: unknown;
  while (nowMs() < deadline) {
    last = await check();
    if (last) return last as T;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}
