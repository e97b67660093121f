import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { evaluationToValidate } from '../../support/booklets/validation.js';
import { eventually, testWorkerProcesses } from '../../support/worker.js';

let app: TestApp;
const workers = testWorkerProcesses(() => app);

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  workers.stop();
  await app?.close();
});

describe('booklet validation durability', () => {
  it('a worker killed mid-validation: a new one carries the same run to the end, each signature recorded once', async () => {
    const { evaluation, coach, tutor, student } = await evaluationToValidate(app);
    const path = `/api/booklet-forms/${evaluation.id}`;
    const first = await workers.start();
    expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(200);
    expect((await tutor.post(`${path}/sign`, {})).status).toBe(200);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await workers.start();
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
