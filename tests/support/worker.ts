import { inject } from 'vitest';
import type { Worker, WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Core } from '@alterna/core';
import { createWorker } from '@alterna/workflows/worker';
import { ensureEffectsTable, testActivities } from './test-activities.js';
import { readTestWorkflowBundle } from './workflow-bundle.js';
import { workerProcesses, type WorkerHost, type WorkerProcesses } from './worker-processes.js';
import { nowMs } from '@alterna/core/clock';

let bundle: Promise<WorkflowBundleWithSourceMap> | null = null;

/** A worker in this process running the product's and the test workflows on the test app's queue. */
export async function startTestWorker(core: Core): Promise<{ worker: Worker; stop(): Promise<void> }> {
  bundle ??= readTestWorkflowBundle(inject('workflowBundleFile'));
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

/** Worker processes (to be killed as a crash would) running the run's test workflow bundle. */
export function testWorkerProcesses(app: () => WorkerHost): WorkerProcesses {
  return workerProcesses(app, { env: () => ({ ALTERNA_WORKFLOW_BUNDLE: inject('workflowBundleFile') }) });
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
