import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, type Config } from '@alterna/core';
import { bundleWorkflows } from '@alterna/workflows/worker';

const workerScript = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
const productWorkerScript = fileURLToPath(new URL('./product-worker-process.ts', import.meta.url));

/** What the worker processes work for: a running core's database and task queue (a test app, a bench app). */
export interface WorkerHost {
  core: { config: Pick<Config, 'databaseUrl' | 'temporalAddress' | 'taskQueue'> };
}

export interface WorkerProcesses {
  /** Starts one; resolves once it polls. */
  start(): Promise<ChildProcess>;
  /** Kills those still running. */
  stop(): void;
}

/**
 * Worker processes of a test file on its app's database and task queue, to be killed the hard way as a crash
 * would; `stop()` kills those still running.
 */
export function workerProcesses(app: () => WorkerHost, options: { script?: string; env?: () => Record<string, string>; startTimeoutMs?: number } = {}): WorkerProcesses {
  const children: ChildProcess[] = [];
  // Waited for, not timed: a loaded machine (several test runs at once) may take a minute or more to start one.
  const startTimeoutMs = options.startTimeoutMs ?? 180_000;
  return {
    start(): Promise<ChildProcess> {
      const { config } = app().core;
      const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? workerScript], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: config.databaseUrl, TEMPORAL_ADDRESS: config.temporalAddress, TEMPORAL_TASK_QUEUE: config.taskQueue, LOG_LEVEL: 'error', ...options.env?.() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      return new Promise((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`worker did not start within ${startTimeoutMs / 1000} s:\n${output}`)), startTimeoutMs);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('WORKER READY')) {
            clearTimeout(timer);
            resolve(child);
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
      });
    },
    stop(): void {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Product worker processes (the product's workflows and activities, no test ones) loading a workflow bundle built
 * once (`prepare()`, e.g. in beforeAll, else before the first start): a restart after a kill takes seconds. `stop()`
 * also removes the bundle's file.
 */
export function productWorkerProcesses(app: () => WorkerHost, options: { env?: () => Record<string, string>; startTimeoutMs?: number } = {}): WorkerProcesses & { prepare(): Promise<void> } {
  const bundlePath = path.join(os.tmpdir(), `alterna-workflow-bundle-${process.pid}-${crypto.randomUUID().slice(0, 8)}.json`);
  let bundled: Promise<void> | null = null;
  const workers = workerProcesses(app, { script: productWorkerScript, env: () => ({ ALTERNA_WORKFLOW_BUNDLE: bundlePath, ...options.env?.() }), startTimeoutMs: options.startTimeoutMs });
  const prepare = () => (bundled ??= bundleWorkflows().then((bundle) => fs.promises.writeFile(bundlePath, JSON.stringify(bundle))));
  return {
    prepare,
    async start() {
      await prepare();
      return workers.start();
    },
    stop() {
      workers.stop();
      fs.rmSync(bundlePath, { force: true });
    },
  };
}

/** Kills a worker process as a crash would (SIGKILL) and waits until it is gone. */
export async function killWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
