import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { evaluationToValidate } from '../../support/booklets/validation.js';
import { startTestWorker } from '../../support/worker.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
});

/** The signature rows of a validation, as recorded. */
const signatures = (validationId: string) =>
  app.core.db.knex('booklet_validation_signatures').where({ validation_id: validationId }).orderBy('position').select('role', 'signer_id', 'signed_at', 'route');

describe('a repeated booklet signature', () => {
  it('is taken once: a second identical request, while the first is in flight and after it, gets the same answer', async () => {
    const { evaluation, coach, tutor } = await evaluationToValidate(app);
    const path = `/api/booklet-forms/${evaluation.id}`;
    expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(200);

    // A double click: both requests reach the run before either is answered.
    const [first, second] = await Promise.all([tutor.post(`${path}/sign`, {}), tutor.post(`${path}/sign`, {})]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.json.validation.current).toMatchObject({ awaiting: 'coach' });
    expect(second.json).toEqual(first.json);
    const validationId = first.json.validation.current.id;
    const recorded = await signatures(validationId);
    expect(recorded.filter((row) => row.signed_at).map((row) => row.role)).toEqual(['tutor']);

    // Again once answered (a retried request): the same answer, nothing recorded, nobody's turn taken.
    const again = await tutor.post(`${path}/sign`, {});
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await signatures(validationId)).toEqual(recorded);
  }, 120_000);

  it("the run's update validator and its activity take a role signed already as a repeat: the same answer, no second signature", async () => {
    const { evaluation, coach, tutor, company } = await evaluationToValidate(app);
    const path = `/api/booklet-forms/${evaluation.id}`;
    expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(200);
    const handle = (await app.core.temporal.client()).workflow.getHandle(`booklet-validation:${evaluation.id}:1`);
    const sign = (signerId: string, role = 'tutor') => handle.executeUpdate('booklets.sign', { args: [{ role, signerId, route: 'test' }] });

    // In flight: two updates for the awaited role, sent together.
    const [first, second] = await Promise.all([sign(company.tutorId), sign(company.tutorId)]);
    expect(first).toEqual({ signed: ['tutor'], awaiting: 'coach' });
    expect(second).toEqual(first);
    const validationId = (await tutor.get(`${path}/validation`)).json.validation.current.id;
    const recorded = await signatures(validationId);
    expect(recorded.filter((row) => row.signed_at)).toEqual([expect.objectContaining({ role: 'tutor', signer_id: company.tutorId, route: 'test' })]);

    // After: the same role again, even from another signer, changes nothing and is no error.
    expect(await sign(company.tutorId)).toEqual(first);
    expect(await sign(company.contactId)).toEqual(first);
    expect(await signatures(validationId)).toEqual(recorded);
    // A role not awaited yet is still refused.
    await expect(sign(company.tutorId, 'student')).rejects.toMatchObject({ cause: { type: 'BookletSignatureNotAwaited' } });
  }, 120_000);
});
