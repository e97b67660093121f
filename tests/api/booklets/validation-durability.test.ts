import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';
import { startTestApp, type TestApp } from '../../support/app.js';
import { evaluationToValidate } from '../../support/booklets/validation.js';
import { eventually } from '../../support/worker.js';

const workerScript = fileURLToPath(new URL('../../support/worker-process.ts', import.meta.url));
let app: TestApp;
const children: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await app?.close();
});

/** A worker process on the test app's database and task queue (as tests/api/durability.test.ts); resolves once it polls. */
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

describe('booklet validation durability', () => {
  it('a worker killed mid-validation: a new one carries the same run to the end, each signature recorded once', async () => {
    const { evaluation, coach, tutor, student } = await evaluationToValidate(app);
    const path = `/api/booklet-forms/${evaluation.id}`;
    const first = await startWorkerProcess();
    expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(200);
    expect((await tutor.post(`${path}/sign`, {})).status).toBe(200);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await startWorkerProcess();
    expect((await coach.post(`${path}/sign`, {})).json.validation.current.awaiting).toBe('student');
    expect((await student.post(`${path}/sign`, {})).status).toBe(200);
    const state = await eventually(async () => {
      const validation = (await coach.get(`${path}/validation`)).json.validation;
      return validation.current?.status === 'validated' && validation.current.hasPdf ? validation : null;
    }, 60_000);
    expect(state.current.run).toBe(1);
    const knex = app.core.db.knex;
    expect((await knex('booklet_validations').where({ form_id: evaluation.id }).select('id')).length).toBe(1);
    expect((await knex('booklet_validation_signatures').where({ validation_id: state.current.id }).whereNotNull('signed_at')).length).toBe(3);
    expect((await coach.get(path)).json.form.canEdit).toBe(false);
  }, 180_000);
});
