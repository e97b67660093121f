import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { makeApprentice, makeCompany, makeTraining } from '../../support/booklets/fixtures.js';
import { nowMs } from '@alterna/core/clock';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};

/** A training with a mission and an intermediate evaluation, two companies, an apprentice of each. */
async function setup() {
  const training = await makeTraining(app);
  const manager = await client(demo('pedagogy'));
  const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
  await manager.post(base, { title: 'Mission', date: '2027-01-10', modules: ['mission-definition'] });
  await manager.post(base, { title: 'Évaluation intermédiaire', startDate: '2027-03-01', endDate: '2027-03-15', modules: ['intermediate-evaluation'] });
  await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: 'Communication' });
  await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: 'Rigueur' });
  const companyA = await makeCompany(app, training.campusId);
  const companyB = await makeCompany(app, training.campusId);
  const a = await makeApprentice(app, training, companyA);
  const b = await makeApprentice(app, training, companyB);
  return { training, manager, companyA, companyB, a, b };
}

const formsOf = async (c: ApiClient, registrationId: string) => (await c.get(`/api/booklets/registration/${registrationId}`)).json.booklet.forms as any[];

describe('booklets: who reads and fills what', () => {
  it('tutor A reads apprentice A, never apprentice B; the contact reads only; students only their own; campus B staff nothing', async () => {
    const { a, b, companyA, training } = await setup();
    const tutorA = await client(companyA.tutorEmail);
    expect((await tutorA.get(`/api/booklets/registration/${a.id}`)).status).toBe(200);
    expect((await tutorA.get(`/api/booklets/registration/${b.id}`)).status).toBe(404);
    const formsB = await formsOf(await client(b.email), b.id);
    expect((await tutorA.get(`/api/booklet-forms/${formsB[0].id}`)).status).toBe(404);
    expect((await tutorA.post(`/api/booklet-forms/${formsB[0].id}/set-lock`, {})).status).toBe(404);
    const mine = await tutorA.get('/api/booklets/mine');
    expect(mine.json.booklets.map((x: any) => x.registration.id)).toEqual([a.id]);
    expect(mine.json.booklets[0].forms.map((f: any) => f.title)).toEqual(['Mission', 'Évaluation intermédiaire']);

    const contact = await client(companyA.contactEmail);
    const [mission] = await formsOf(contact, a.id);
    const seen = await contact.get(`/api/booklet-forms/${mission.id}`);
    expect(seen.json.form).toMatchObject({ canEdit: false, fillers: ['tutor', 'student'] });
    expect((await contact.post(`/api/booklet-forms/${mission.id}/set-lock`, {})).status).toBe(403);

    const studentB = await client(b.email);
    expect((await studentB.get(`/api/booklets/registration/${a.id}`)).status).toBe(404);
    expect((await studentB.get(`/api/booklet-forms/${mission.id}`)).status).toBe(404);
    const studentA = await client(a.email);
    expect((await studentA.get(`/api/booklet-forms/${mission.id}`)).json.form.canEdit).toBe(true);

    const lyon = await client(demo('campus-manager'));
    expect((await lyon.get(`/api/booklets/registration/${a.id}`)).status).toBe(404);
    expect((await lyon.get(`/api/booklets/training-group/${training.trainingGroupId}`)).status).toBe(404);
    const paris = await client(demo('read-only'));
    const group = await paris.get(`/api/booklets/training-group/${training.trainingGroupId}`);
    expect(group.json.booklets.map((x: any) => x.registration.id).sort()).toEqual([a.id, b.id].sort());
    expect((await paris.get(`/api/booklet-forms/${mission.id}`)).json.form.canEdit).toBe(false);
  });

  it('the coach fills meetings and evaluations, not the mission; the evaluation is prefilled with the thesis skills', async () => {
    const { a } = await setup();
    const coach = await client(a.coachEmail);
    const [mission, evaluation] = await formsOf(coach, a.id);
    expect((await coach.get(`/api/booklet-forms/${mission.id}`)).json.form.canEdit).toBe(false);
    const form = (await coach.get(`/api/booklet-forms/${evaluation.id}`)).json.form;
    expect(form).toMatchObject({ canEdit: true, averageMark: 0, version: 0 });
    expect(form.values.skillMarks).toEqual([{ skill: 'Communication', mark: null, comment: '' }, { skill: 'Rigueur', mark: null, comment: '' }]);
    expect((await coach.post(`/api/booklet-forms/${evaluation.id}/set-lock`, {})).status).toBe(200);
    const saved = await coach.post(`/api/booklet-forms/${evaluation.id}`, {
      action: 'save_and_quit', version: 0,
      values: { tasks: [], note: 'Bon début.', skillMarks: [{ skill: 'Communication', mark: 14, comment: 'Clair' }, { skill: 'Rigueur', mark: 15.5, comment: '' }, { skill: 'Autonomie', mark: null, comment: '' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ success: true, locked: false, version: 1, updatedValues: { note: 'Bon début.' } });
    const after = (await coach.get(`/api/booklet-forms/${evaluation.id}`)).json.form;
    expect(after).toMatchObject({ averageMark: 14.75, version: 1, lock: { userLogin: null } });
    const bad = await coach.post(`/api/booklet-forms/${evaluation.id}`, { action: 'save', version: 1, values: { tasks: [], note: '', skillMarks: [{ skill: 'x', mark: 21, comment: '' }] } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'values.skillMarks[0].mark', message: 'La note est un nombre de 0 à 20, avec au plus deux décimales.' }]);
  });
});

describe('editing with a lock (SPEC §4, §7)', () => {
  it('two holders: B sees who and since when, forces the unlock, A\'s next save is refused in fr and en, B\'s save goes through', async () => {
    const { a, companyA } = await setup();
    const tutor = await client(companyA.tutorEmail);
    const student = await client(a.email);
    const studentEn = await client(a.email, 'en');
    const [mission] = await formsOf(tutor, a.id);
    const path = `/api/booklet-forms/${mission.id}`;

    const taken = await student.post(`${path}/set-lock`, {});
    expect(taken.status).toBe(200);
    expect(taken.json).toMatchObject({ userLogin: a.email, userFullName: `${a.firstName} ${a.lastName}`, mine: true, version: 0 });
    expect(Date.parse(taken.json.timestamp)).toBeGreaterThan(nowMs() - 60_000);

    const check = await tutor.get(`${path}/check-lock`);
    expect(check.json).toMatchObject({ userLogin: a.email, mine: false, timestamp: taken.json.timestamp });
    const refused = await tutor.post(`${path}/set-lock`, {});
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toContain(`Ce formulaire est verrouillé par ${a.firstName} ${a.lastName}`);
    // The tutor cannot save without the lock.
    const values = { tasks: ['Accueil clients'], skillMarks: [], note: 'Mission du tuteur' };
    expect((await tutor.post(path, { action: 'save', version: 0, values })).status).toBe(422);

    // Forced unlock, then the tutor takes the lock.
    expect((await tutor.post(`${path}/release-lock`, { force: true })).json.userLogin).toBeNull();
    expect((await tutor.post(`${path}/set-lock`, {})).json).toMatchObject({ mine: true, userLogin: companyA.tutorEmail });

    const lost = await student.post(path, { action: 'save', version: 0, values: { tasks: ['Mes tâches'], skillMarks: [], note: '' } });
    expect(lost.status).toBe(422);
    expect(lost.json.errors[0].message).toMatch(/^Le formulaire a été déverrouillé puis repris par Test Tuteur.* : vos modifications n'ont pas été enregistrées\.$/);
    const lostEn = await studentEn.post(path, { action: 'save', version: 0, values: { tasks: ['Mes tâches'], skillMarks: [], note: '' } });
    expect(lostEn.json.errors[0].message).toMatch(/^The form was unlocked and taken by Test Tuteur.*: your changes were not saved\.$/);

    const ok = await tutor.post(path, { action: 'save', version: 0, values });
    expect(ok.json).toMatchObject({ success: true, locked: true, version: 1, updatedValues: { tasks: ['Accueil clients'] } });
    // A save from an old version is refused even for the holder (another tab).
    expect((await tutor.post(path, { action: 'save', version: 0, values })).json.errors[0].message).toBe('Le formulaire a été modifié entre-temps : rechargez la page avant d\'enregistrer.');
    expect((await tutor.post(path, { action: 'save_and_quit', version: 1, values })).json.locked).toBe(false);
    expect((await student.get(`${path}/check-lock`)).json).toMatchObject({ userLogin: null, version: 2 });
    expect((await student.get(path)).json.form.values).toMatchObject({ tasks: ['Accueil clients'], note: 'Mission du tuteur' });
  });

  it('racing saves: of 40 saves by two holders taking turns, every accepted one is kept and the version counts them', async () => {
    const { a, companyA } = await setup();
    const tutor = await client(companyA.tutorEmail);
    const student = await client(a.email);
    const [mission] = await formsOf(tutor, a.id);
    const path = `/api/booklet-forms/${mission.id}`;
    let accepted = 0;
    for (let round = 0; round < 10; round++) {
      const holder = round % 2 ? tutor : student;
      await holder.post(`${path}/set-lock`, { force: true });
      const { version } = (await holder.get(`${path}/check-lock`)).json;
      const results = await Promise.all([tutor, student, tutor, student].map((c, i) => c.post(path, { action: 'save', version, values: { tasks: [`r${round}-${i}`], skillMarks: [], note: '' } })));
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBe(1);
      accepted += ok.length;
    }
    expect((await tutor.get(`${path}/check-lock`)).json.version).toBe(accepted);
  });
});
