import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';
import { startOperation } from '@alterna/workflows/starters';
import { startTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/worker.js';
import { ensureEffectsTable } from '../support/test-activities.js';
import type { slowEffectWorkflow } from '../support/test-workflows.js';

const workerScript = fileURLToPath(new URL('../support/worker-process.ts', import.meta.url));
let app: TestApp;
const children: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await ensureEffectsTable(app.core.db.knex);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await app.close();
});

/** Starts a worker process on the test app's database and task queue; resolves once it polls. */
function startWorkerProcess(): Promise<ChildProcess> {
  const { config } = app.core;
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: config.databaseUrl, TEMPORAL_ADDRESS: config.temporalAddress, TEMPORAL_TASK_QUEUE: config.taskQueue, LOG_LEVEL: 'error' },
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
}

describe('durability', () => {
  it('finishes a workflow whose worker was killed mid-activity, applying its effect once', async () => {
    const knex = app.core.db.knex;
    const key = `effect-${crypto.randomUUID()}`;
    const first = await startWorkerProcess();
    const operation = await startOperation<typeof slowEffectWorkflow>(app.core, {
      workflowType: 'slowEffectWorkflow', workflowId: `test-durable:${key}`, kind: 'tests.slowEffect', subject: key, actor: null, args: [key, 3000],
    });
    // The activity has started: kill the worker the hard way, as a crash would.
    await eventually(() => knex('test_effects').where({ key: `attempt:${key}` }).first(), 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(await knex('test_effects').where({ key }).first()).toBeUndefined();

    await startWorkerProcess();
    const final = await eventually(async () => {
      const current = await app.core.operations.byWorkflowId(operation.workflowId);
      return current?.status === 'completed' ? current : null;
    }, 90_000, 250);
    expect(final.result).toBe(1);
    expect(final.progress).toEqual({ done: 1, total: 1 });
    const attempts = await knex('test_effects').where({ key: `attempt:${key}` }).first();
    expect(attempts.attempts).toBeGreaterThanOrEqual(2);
    expect(await knex('test_effects').where({ key }).count({ n: '*' }).first()).toEqual({ n: 1 });
  }, 180_000);
});
