// The Temporal worker alone: with DATABASE_URL and TEMPORAL_ADDRESS it runs beside `npm run api`.
import fs from 'node:fs';
import path from 'node:path';
import { bootCore, ConfigError, type Core } from '@alterna/core';
import { createWorker, deploymentOptions } from '../worker.js';
import { serveWorkerMetrics } from '../metrics.js';

// Compiled (npm run build:server), the workflow code was bundled beside this file; from TypeScript, at start.
const builtBundle = path.join(path.dirname(process.argv[1] ?? ''), 'workflows.bundle.js');
const workflowBundle = fs.existsSync(builtBundle) ? { code: fs.readFileSync(builtBundle, 'utf8'), sourceMap: '' } : undefined;

let core: Core | undefined;
try {
  core = await bootCore({ seed: false, migrate: false });
  const address = core.config.temporalAddress ?? '127.0.0.1:7233';
  // Before the worker: the SDK's runtime is installed with its metrics exporter, once per process.
  const metrics = core.config.workerMetricsPort === undefined ? null : await serveWorkerMetrics(core, core.config.workerMetricsPort);
  if (metrics) core.log.info({ url: metrics.url }, 'worker metrics served');
  const { worker, connection } = await createWorker({ core, address, workflowBundle, shutdownGraceMs: core.config.shutdownTimeoutMs });
  // Which build polls, and whether Temporal routes tasks by it (README "Workflow versioning").
  const { version, useWorkerVersioning } = deploymentOptions(core.config.version);
  core.log.info({ address, taskQueue: core.config.taskQueue, buildId: version.buildId, workerVersioning: useWorkerVersioning }, 'worker polling');
  const running = worker.run();
  // A restart drains: no new task is taken, the activities under way get SHUTDOWN_TIMEOUT_MS to finish (then they
  // are cancelled and retried by another worker), and the process exits once run() has returned.
  const stop = (signal: NodeJS.Signals) => {
    core!.log.info({ signal }, 'worker draining');
    if (worker.getState() === 'RUNNING') worker.shutdown();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await running;
  await metrics?.close();
  await connection.close();
  await core.close();
  core.log.info('worker stopped');
  process.exit(0);
} catch (error) {
  if (core) core.log.error({ err: error }, 'worker failed');
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
