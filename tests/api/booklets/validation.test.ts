import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { mailText, startSmtpSink } from '../../support/smtp-sink.js';
import { evaluationToValidate, login } from '../../support/booklets/validation.js';
import { eventually, startTestWorker } from '../../support/worker.js';

// Short delays for this file only (each test file runs in its own process): reminder after 2 s, staff told 2 s later.
const delays = { BOOKLET_VALIDATION_REMINDER_SECONDS: '2', BOOKLET_VALIDATION_STAFF_SECONDS: '2' };
const saved = Object.fromEntries(Object.keys(delays).map((name) => [name, process.env[name]]));

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  Object.assign(process.env, delays);
  sink = await startSmtpSink();
  app = await startTestApp({ SMTP_URL: sink.url });
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await sink?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const mailsTo = (email: string, text: string) => sink.mails.filter((mail) => mail.to.includes(email) && mailText(mail.raw).includes(text));

describe('booklet form validation (workflow)', () => {
  it('needs the checkbox; collects tutor, coach and apprentice signatures in order with a reminder; then the form is locked for good with a signed PDF', async () => {
    const { evaluation, coach, tutor, student, company, apprentice, manager, training } = await evaluationToValidate(app);
    const path = `/api/booklet-forms/${evaluation.id}`;
    const knex = app.core.db.knex;

    // SPEC §5: the checkbox must be ticked, in the person's language; the contact may not validate.
    const unticked = await coach.post(`${path}/validate`, {});
    expect(unticked.status).toBe(422);
    expect(unticked.json.errors).toEqual([{ path: 'validate', message: 'Vous devez cocher la case valider, pour procéder à la validation.' }]);
    const english = await login(app, apprentice.coachEmail, 'en');
    expect((await english.post(`${path}/validate`, { validate: false })).json.errors[0].message).toBe('You must tick the validate box to proceed with the validation.');
    expect((await english.post(`${path}/validate`, { validate: 'yes' })).status).toBe(422);
    const contact = await login(app, company.contactEmail);
    expect((await contact.post(`${path}/validate`, { validate: true })).status).toBe(403);

    const started = await coach.post(`${path}/validate`, { validate: true });
    expect(started.status).toBe(200);
    expect(started.json.operation).toMatchObject({ workflowId: `booklet-validation:${evaluation.id}:1`, kind: 'booklets.validation', status: 'running' });
    expect(started.json.validation.current).toMatchObject({ run: 1, status: 'pending', awaiting: 'tutor' });
    expect(started.json.validation.signatories).toEqual(['tutor', 'coach', 'student']);
    expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(422);

    // Each one's inbox: the tutor's turn, named to the coach and to the staff of the group; nobody's form to fill any more.
    const inbox = async (client: typeof coach) => ((await client.get('/api/booklets/mine')).json.booklets as any[]).flatMap((b) => b.forms).find((f) => f.id === evaluation.id);
    const tutorRow = await knex('identity_actors').where('id', company.tutorId).first('first_name', 'last_name');
    const tutorName = `${tutorRow.first_name} ${tutorRow.last_name}`;
    expect(await inbox(tutor)).toMatchObject({ myTurn: true, toFill: false, validation: { awaiting: 'tutor', awaitingPeople: [tutorName] } });
    expect(await inbox(coach)).toMatchObject({ myTurn: false, toFill: false, validation: { awaiting: 'tutor' } });
    expect(await inbox(student)).toMatchObject({ myTurn: false });
    const group = (await manager.get(`/api/booklets/training-group/${training.trainingGroupId}`)).json.booklets[0].forms;
    expect(group.find((f: any) => f.id === evaluation.id)).toMatchObject({ myTurn: false, validation: { awaiting: 'tutor', awaitingPeople: [tutorName] } });
    // The mission (dated 2027-01-10) is still the tutor's and the apprentice's to fill, not the coach's.
    expect(group.find((f: any) => f.id !== evaluation.id)).toMatchObject({ due: '2027-01-10', validation: null });
    const tutorForms = ((await tutor.get('/api/booklets/mine')).json.booklets as any[]).flatMap((b) => b.forms);
    expect(tutorForms.find((f) => f.id !== evaluation.id)).toMatchObject({ toFill: true, myTurn: false });

    // Frozen while signed: no lock, no save.
    expect((await coach.post(`${path}/set-lock`, {})).status).toBe(403);
    const frozen = await coach.post(path, { action: 'save', version: 1, values: { tasks: [], note: 'x', skillMarks: [] } });
    expect(frozen.json.errors[0].message).toContain('en cours de validation');

    // Out of turn, or not a signatory at all.
    const early = await coach.post(`${path}/sign`, {});
    expect(early.status).toBe(422);
    expect(early.json.errors[0].message).toBe('La signature attendue est celle du tuteur.');
    expect((await contact.post(`${path}/sign`, {})).status).toBe(403);
    expect((await (await login(app, demo('pedagogy'))).post(`${path}/sign`, {})).status).toBe(403);

    // Nobody signs: the tutor is reminded after 2 s, the Paris managers told 2 s later.
    const reminder = await eventually(async () => mailsTo(company.tutorEmail, 'attend votre signature en tant que tuteur')[0], 20_000);
    expect(mailText(reminder.raw)).toContain('Évaluation intermédiaire');
    const staff = await eventually(async () => mailsTo(demo('pedagogy'), 'attend toujours la signature du tuteur')[0], 20_000);
    // One message per person (the core's mailer): the pedagogy manager's names no one else.
    expect(staff.to).toEqual([demo('pedagogy')]);
    expect(await eventually(async () => mailsTo(demo('management'), 'attend toujours la signature du tuteur')[0], 20_000)).toBeTruthy();
    expect(mailsTo(demo('read-only'), 'attend toujours la signature du tuteur')).toEqual([]);

    const byTutor = await tutor.post(`${path}/sign`, {});
    expect(byTutor.status).toBe(200);
    expect(byTutor.json.validation.current).toMatchObject({ awaiting: 'coach' });
    expect(await inbox(coach)).toMatchObject({ myTurn: true, validation: { awaiting: 'coach' } });
    expect(await inbox(tutor)).toMatchObject({ myTurn: false });
    expect((await coach.post(`${path}/sign`, {})).json.validation.current.awaiting).toBe('student');
    const last = await student.post(`${path}/sign`, {});
    expect(last.status).toBe(200);

    const validated = await eventually(async () => {
      const state = (await coach.get(`${path}/validation`)).json.validation;
      return state.current?.status === 'validated' && state.current.hasPdf ? state : null;
    }, 30_000);
    expect(validated.current.signatures.map((s: any) => [s.role, Boolean(s.signedAt)])).toEqual([['tutor', true], ['coach', true], ['student', true]]);
    expect(validated.current.signatures[0].route).toBe(`POST ${path}/sign`);
    const form = (await coach.get(path)).json.form;
    expect(form.validatedAt).not.toBeNull();
    expect(form.canEdit).toBe(false);

    // Locked for good: saves refused with the message, in both languages.
    const refused = await coach.post(path, { action: 'save', version: 1, values: { tasks: [], note: 'après', skillMarks: [] } });
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toBe('Ce formulaire est validé : il ne peut plus être modifié.');
    expect((await english.post(path, { action: 'save', version: 1, values: { tasks: [], note: 'after', skillMarks: [] } })).json.errors[0].message).toBe('This form is validated: it can no longer be changed.');

    const pdf = await tutor.get(`${path}/signed-pdf`);
    expect(pdf.status).toBe(200);

    // Recorded once each: the tutor's reminder, the staff's notice; the run completed on the operations page.
    const validation = await knex('booklet_validations').where({ form_id: evaluation.id }).first();
    expect(await knex('booklet_validation_reminders').where({ validation_id: validation.id }).orderBy('kind').select('role', 'kind')).toEqual([
      { role: 'tutor', kind: 'signatory' }, { role: 'tutor', kind: 'staff' },
    ]);
    expect(mailsTo(company.tutorEmail, 'attend votre signature').length).toBe(1);
    const operation = await eventually(async () => {
      const operations = (await manager.get('/api/operations')).json.operations as any[];
      return operations.find((o) => o.workflowId === `booklet-validation:${evaluation.id}:1` && o.status === 'completed');
    });
    expect(operation.items.map((i: any) => i.status)).toEqual(['done', 'done', 'done']);
  }, 90_000);

  it('cancellation (SPEC §2 paths): recorded with who and why, the form editable again, the signatories told; wrong path or stranger refused', async () => {
    const { evaluation, coach, tutor, student, company, apprentice, manager } = await evaluationToValidate(app);
    const path = `/api/booklet-forms/${evaluation.id}`;
    expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(200);
    for (const signer of [tutor, coach, student]) expect((await signer.post(`${path}/sign`, {})).status).toBe(200);
    await eventually(async () => (await coach.get(path)).json.form.validatedAt);

    // Another module's path, a stranger, a bad body.
    expect((await manager.post(`/api/cancel-mission-validation/${evaluation.id}`, {})).status).toBe(404);
    const lyon = await login(app, demo('campus-manager'));
    expect((await lyon.post(`/api/students/cancel-intermediate-validation/${evaluation.id}`, {})).status).toBe(404);
    expect((await manager.post(`/api/students/cancel-intermediate-validation/${evaluation.id}`, { reason: 'x'.repeat(2001) })).status).toBe(422);
    expect((await manager.post('/api/students/cancel-intermediate-validation/not-a-uuid', {})).status).toBe(422);

    const cancelled = await manager.post(`/api/students/cancel-intermediate-validation/${evaluation.id}`, { reason: 'Note à revoir' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.operation).toMatchObject({ workflowId: expect.stringMatching(/^booklet-validation-cancel:/), kind: 'booklets.validationCancellation', status: 'completed' });
    expect(cancelled.json.validation.current).toBeNull();
    expect(cancelled.json.validation.history[0]).toMatchObject({ status: 'cancelled', cancelledBy: 'Claire Martin', cancelReason: 'Note à revoir' });
    const row = await app.core.db.knex('booklet_validations').where({ form_id: evaluation.id }).first();
    expect(row.cancel_route).toBe(`POST /api/students/cancel-intermediate-validation/${evaluation.id}`);

    const form = (await coach.get(path)).json.form;
    expect(form).toMatchObject({ validatedAt: null, canEdit: true });
    expect((await coach.post(`${path}/set-lock`, {})).status).toBe(200);
    expect((await coach.post(path, { action: 'save_and_quit', version: 1, values: { tasks: [], note: 'Revu.', skillMarks: [] } })).status).toBe(200);

    for (const email of [company.tutorEmail, apprentice.coachEmail, apprentice.email]) {
      await eventually(async () => mailsTo(email, 'a été annulée par')[0], 20_000);
    }
    expect(mailText(mailsTo(apprentice.email, 'a été annulée par')[0]!.raw)).toContain('Motif : Note à revoir');
    expect((await manager.post(`/api/cancel-intermediate-validation/${evaluation.id}`, {})).json.errors[0].message).toBe("Ce formulaire n'a pas de validation à annuler.");

    // A new validation is the form's second run; its holder cancels a pending one from the space path.
    const again = await coach.post(`${path}/validate`, { validate: true });
    expect(again.json.operation.workflowId).toBe(`booklet-validation:${evaluation.id}:2`);
    // SPEC's GET: only a scripted request of our own pages (not another site's link or image) cancels.
    const cancelUrl = `/api/cancel-intermediate-validation/${evaluation.id}?reason=${encodeURIComponent('Reprise')}`;
    expect((await coach.get(cancelUrl)).status).toBe(403);
    expect((await coach.request('GET', cancelUrl, undefined, { 'X-Requested-With': 'XMLHttpRequest', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await coach.get(`${path}/validation`)).json.validation.current).toMatchObject({ run: 2, status: 'pending' });
    const bySpace = await coach.request('GET', cancelUrl, undefined, { 'X-Requested-With': 'XMLHttpRequest' });
    expect(bySpace.status).toBe(200);
    expect(await app.core.db.knex('booklet_validations').where({ form_id: evaluation.id, run: 2 }).first('cancel_reason', 'cancel_route'))
      .toEqual({ cancel_reason: 'Reprise', cancel_route: `GET /api/cancel-intermediate-validation/${evaluation.id}` });
    expect(bySpace.json.validation).toMatchObject({ current: null, canValidate: true });
    await eventually(async () => {
      const operations = (await manager.get('/api/operations')).json.operations as any[];
      return operations.find((o) => o.workflowId === `booklet-validation:${evaluation.id}:2` && o.status === 'cancelled');
    });
  }, 90_000);
});
