// Issue #24, booklets: who may cancel a signed validation, what a lock refusal says, which registrations a space
// lists, and what the signed PDF shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { pdfText, sessionCookie } from '../../support/attendance/export.js';
import { registerLastYear } from '../../support/booklets/fixtures.js';
import { finalEvaluation, login, signAll } from '../../support/booklets/validation.js';
import { mailText } from '../../support/smtp-sink.js';
import { eventually } from '../../support/worker.js';
import { closeMailingFile, startMailingFile, type SmtpSink, type TestWorker } from '../../support/api-file.js';

let app: TestApp;
let worker: TestWorker;
let sink: SmtpSink;

beforeAll(async () => {
  ({ sink, app, worker } = await startMailingFile());
}, 120_000);
afterAll(() => closeMailingFile({ worker, app, sink }));

const cancelledMails = (email: string) => sink.mails.filter((mail) => mail.to.includes(email) && /a été annulée par|was cancelled by/.test(mailText(mail.raw)));

describe('cancelling a booklet validation (issue #24)', () => {
  it('pending: a signatory withdraws; fully signed: the apprentice and the tutor are refused (403), the coach cancels with a reason (422 without), recorded and told to each signatory', async () => {
    const { evaluation, path, coach, tutor, student, manager, company, apprentice } = await finalEvaluation(app);

    // While signatures are pending, the apprentice (a signatory) may withdraw it.
    expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(200);
    expect((await tutor.post(`${path}/sign`, {})).status).toBe(200);
    expect((await student.get(`${path}/validation`)).json.validation.cancelKind).toBe('final');
    const withdrawn = await student.post(`/api/cancel-final-validation/${evaluation.id}`, {});
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json.validation.current).toBeNull();

    await signAll(path, coach, [tutor, coach, student]);
    // Fully signed: neither the apprentice nor the tutor sees the action nor may use it.
    for (const [who, client] of [['student', student], ['tutor', tutor]] as const) {
      expect((await client.get(`${path}/validation`)).json.validation.cancelKind, who).toBeNull();
      const refused = await client.post(`/api/cancel-final-validation/${evaluation.id}`, { reason: 'Je veux changer' });
      expect(refused.status, who).toBe(403);
      expect(refused.json.errors[0].message).toBe('Ce formulaire est signé par tous : seuls les responsables du campus et le coach peuvent en annuler la validation.');
    }
    const english = await login(app, apprentice.email, 'en');
    expect((await english.post(`/api/cancel-final-validation/${evaluation.id}`, { reason: 'x' })).json.errors[0].message)
      .toBe('Everyone has signed this form: only the campus managers and the coach may cancel its validation.');
    expect((await coach.get(path)).json.form.validatedAt).not.toBeNull();

    // The coach (who fills the final evaluation) and the campus managers may, with a reason.
    expect((await coach.get(`${path}/validation`)).json.validation.cancelKind).toBe('final');
    expect((await manager.get(`${path}/validation`)).json.validation.cancelKind).toBe('final');
    const noReason = await coach.post(`/api/cancel-final-validation/${evaluation.id}`, { reason: '   ' });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors).toEqual([{ path: 'reason', message: 'Indiquez le motif de l\'annulation : il est communiqué aux signataires.' }]);
    const cancelled = await coach.post(`/api/cancel-final-validation/${evaluation.id}`, { reason: 'Note de communication à revoir' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.validation.history[0]).toMatchObject({ cancelReason: 'Note de communication à revoir' });

    // Told to each signatory, the coach included, one message each (nobody sees another's address).
    for (const email of [company.tutorEmail, apprentice.coachEmail, apprentice.email]) {
      const mail = await eventually(async () => cancelledMails(email).find((m) => mailText(m.raw).includes('Motif : Note de communication à revoir')), 20_000);
      expect(mail.to).toEqual([email]);
    }
    // Recorded in the form's history: who cancelled, when and why.
    const history = (await manager.get(`/api/history/booklet-form/${evaluation.id}`)).json;
    const entry = history.entries.find((e: any) => e.changes.some((c: any) => c.field === 'validation_cancel_reason'));
    expect(entry.changes.find((c: any) => c.field === 'validation_cancel_reason').after).toBe('Note de communication à revoir');
    expect(entry.actor.id).toBe(apprentice.coachId);
  }, 120_000);

  it('fully signed mission (the tutor and the apprentice fill it, not the coach): the coach sees no action and is refused (403, the managers-only wording, fr and en); a campus manager cancels', async () => {
    const { apprentice, coach, tutor, student, manager } = await finalEvaluation(app);
    const forms = (await tutor.get(`/api/booklets/registration/${apprentice.id}`)).json.booklet.forms as any[];
    const mission = forms.find((f) => f.modules.includes('mission-definition'));
    const path = `/api/booklet-forms/${mission.id}`;
    expect((await tutor.post(`${path}/set-lock`, {})).status).toBe(200);
    const saved = await tutor.post(path, { action: 'save_and_quit', version: 0, values: { tasks: ['Développer l\'API de facturation'], note: 'Mission définie.', skillMarks: [] } });
    expect(saved.status, saved.text).toBe(200);
    // The coach neither fills nor signs the mission: the tutor validates, the tutor and the apprentice sign.
    expect((await coach.get(`${path}/validation`)).json.validation.signatories).toEqual(['tutor', 'student']);
    await signAll(path, tutor, [tutor, student]);

    const refusedFr = 'Ce formulaire est signé par tous : seuls les responsables du campus peuvent en annuler la validation.';
    expect((await coach.get(`${path}/validation`)).json.validation.cancelKind).toBeNull();
    for (const cancel of [`/api/cancel-mission-validation/${mission.id}`, `/api/students/cancel-mission-validation/${mission.id}`]) {
      const refused = await coach.post(cancel, { reason: 'Mission à revoir' });
      expect([cancel, refused.status, refused.json]).toEqual([cancel, 403, { errors: [{ path: '', message: refusedFr }] }]);
    }
    const coachEn = await login(app, apprentice.coachEmail, 'en');
    expect((await coachEn.post(`/api/cancel-mission-validation/${mission.id}`, { reason: 'Mission to review' })).json.errors)
      .toEqual([{ path: '', message: 'Everyone has signed this form: only the campus managers may cancel its validation.' }]);
    // Its signatories may not either, once everyone has signed.
    for (const [who, client] of [['tutor', tutor], ['student', student]] as const) {
      expect((await client.post(`/api/cancel-mission-validation/${mission.id}`, { reason: 'x' })).status, who).toBe(403);
    }
    const form = (await coach.get(path)).json.form;
    expect(form.validatedAt).not.toBeNull();
    expect((await app.core.db.knex('booklet_validations').where({ form_id: mission.id }).pluck('status'))).toEqual(['validated']);

    // The campus's managers may.
    expect((await manager.get(`${path}/validation`)).json.validation.cancelKind).toBe('mission');
    const cancelled = await manager.post(`/api/students/cancel-mission-validation/${mission.id}`, { reason: 'Mission à revoir' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.validation.history[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Mission à revoir' });
  }, 120_000);
});

describe('the form lock (issue #24)', () => {
  it('a refused unlock is a 403 with a message; the lock message gives the time in Paris in the reader\'s language; a coach who never held the lock is not told his changes were overridden', async () => {
    const { path, coach, tutor, apprentice } = await finalEvaluation(app);
    const taken = await tutor.post(`${path}/set-lock`, {});
    expect(taken.status).toBe(200);
    const since = new Date(taken.json.timestamp);
    const tutorName = taken.json.userFullName as string;
    const when = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' }).format(since);

    const refused = await coach.post(`${path}/set-lock`, {});
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toBe(`Ce formulaire est verrouillé par ${tutorName} depuis le ${when('fr-FR')}.`);
    const coachEn = await login(app, apprentice.coachEmail, 'en');
    expect((await coachEn.post(`${path}/set-lock`, {})).json.errors[0].message).toBe(`This form is locked by ${tutorName} since ${when('en-GB')}.`);

    // The coach never held it: his save is refused as such, not as changes lost to someone else.
    const save = await coach.post(path, { action: 'save', version: 1, values: { tasks: [], note: 'x', skillMarks: [] } });
    expect(save.status).toBe(422);
    expect(save.json.errors[0].message).toBe(`Ce formulaire est verrouillé par ${tutorName} depuis le ${when('fr-FR')} : cliquez sur « Modifier » pour le prendre avant d'enregistrer.`);

    // The apprentice does not fill the final evaluation: forcing the tutor's lock is refused with a message.
    const student = await login(app, apprentice.email);
    const unlock = await student.post(`${path}/release-lock`, { force: true });
    expect(unlock.status).toBe(403);
    expect(unlock.json.errors[0].message).toBe('Seuls ceux qui remplissent ce formulaire et les responsables du campus peuvent le déverrouiller.');
    expect((await tutor.get(`${path}/check-lock`)).json.mine).toBe(true);

    // The coach forces it open: the tutor's next save says his changes were not saved, and by whom.
    expect((await coach.post(`${path}/release-lock`, { force: true })).status).toBe(200);
    const lost = await tutor.post(path, { action: 'save', version: 1, values: { tasks: [], note: 'Mon texte', skillMarks: [] } });
    expect(lost.json.errors[0].message).toMatch(/^Le formulaire a été déverrouillé par .* : vos modifications n'ont pas été enregistrées\.$/);
  }, 60_000);
});

describe('what the spaces list (issue #24)', () => {
  it('a coach sees an apprentice once, at the current registration, unless asked for every registration; an empty evaluation has no average', async () => {
    const { training, apprentice, coach } = await finalEvaluation(app);
    // Last year's group of the same training, where the apprentice was registered too.
    const { registrationId: oldId } = await registerLastYear(app, training, apprentice.studentId);

    const mine = (await coach.get('/api/booklets/mine')).json.booklets as any[];
    const of = (list: any[]) => list.filter((b) => b.registration.student.id === apprentice.studentId).map((b) => b.registration.id);
    expect(of(mine)).toEqual([apprentice.id]);
    const all = (await coach.get('/api/booklets/mine?registrations=all')).json.booklets as any[];
    expect(of(all).sort()).toEqual([apprentice.id, oldId].sort());
    expect((await coach.get('/api/booklets/mine?registrations=some')).status).toBe(422);

    // The evaluation saved with a mark has its average; last year's, never filled, has none (not 0).
    const evaluations = all.flatMap((b) => b.forms.map((f: any) => ({ registration: b.registration.id, ...f }))).filter((f: any) => f.modules.includes('final-evaluation'));
    expect(evaluations.find((f: any) => f.registration === apprentice.id).averageMark).toBe(16.5);
    expect(evaluations.find((f: any) => f.registration === oldId).averageMark).toBeNull();
  }, 60_000);
});

describe('the signed PDF (issue #24)', () => {
  it('names roles and the way of signing in the reader\'s language, dates in Paris time; no role code, path or seed marker', async () => {
    const { path, coach, tutor, student, apprentice } = await finalEvaluation(app);
    await signAll(path, coach, [tutor, coach, student]);
    for (const [language, words] of [
      ['fr', ['Tuteur en entreprise', 'Coach', 'Apprenti', 'signé en ligne depuis son espace Alterna', 'heure de Paris']],
      ['en', ['Company tutor', 'Coach', 'Apprentice', 'signed online from their Alterna space', 'Paris time']],
    ] as const) {
      const cookie = await sessionCookie(app.baseUrl, apprentice.coachEmail);
      const response = await fetch(`${app.baseUrl}${path}/signed-pdf`, { headers: { cookie, 'accept-language': language } });
      expect(response.status).toBe(200);
      const text = pdfText(Buffer.from(await response.arrayBuffer()));
      for (const word of words) expect(text, language).toContain(word);
      expect(text).not.toMatch(/\bcoach\b|\/api\/|POST |\(seed\)|\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
  }, 90_000);
});
