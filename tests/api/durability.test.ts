import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { eventually, testWorkerProcesses } from '../support/worker.js';
import { ensureEffectsTable } from '../support/test-activities.js';

let app: TestApp;
const workers = testWorkerProcesses(() => app);

beforeAll(async () => {
  app = await startTestApp();
  await ensureEffectsTable(app.core.db.knex);
});
afterAll(async () => {
  workers.stop();
  await app.close();
});

describe('durability', () => {
  it('finishes a workflow whose worker was killed mid-activity, applying its effect once', async () => {
    const knex = app.core.db.knex;
    const key = `effect-${crypto.randomUUID()}`;
    const first = await workers.start();
    const operation = await app.core.operations.start({
      workflowType: 'slowEffectWorkflow', workflowId: `test-durable:${key}`, kind: 'tests.slowEffect', subject: key, actor: null, args: [key, 3000],
    });
    // The activity has started: kill the worker the hard way, as a crash would.
    await eventually(() => knex('test_effects').where({ key: `attempt:${key}` }).first(), 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(await knex('test_effects').where({ key }).first()).toBeUndefined();

    await workers.start();
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
