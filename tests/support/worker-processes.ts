import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '@alterna/core';
import type { TestApp } from './app.js';

const workerScript = fileURLToPath(new URL('./worker-process.ts', import.meta.url));

/**
 * Worker processes of a test file on its app's database and task queue, to be killed the hard way as a crash
 * would; `stop()` kills those still running.
 */
export function workerProcesses(app: () => TestApp, options: { script?: string; env?: () => Record<string, string> } = {}) {
  const children: ChildProcess[] = [];
  return {
    /** Starts one; resolves once it polls. */
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
        const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
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
