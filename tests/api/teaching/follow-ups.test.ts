import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { as, demoIds, expectAccessDenied, makeActor, unique, type DemoIds } from './support.js';
import { now } from '@alterna/core/clock';

let app: TestApp;
let ids: DemoIds;
let student: string;
let today: string;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
  student = await makeActor(app, { firstName: 'Jade', lastName: unique('Suivi'), typology: 'student', campuses: [ids.paris] });
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now());
});
afterAll(() => app.close());

const base = (studentId: string) => `/api/coaching/prevent-student-break/${studentId}`;
const count = async () => Number((await app.core.db.knex('coaching_follow_ups').count({ n: '*' }).first())!.n);

describe('coaching follow-ups', () => {
  it('records a disciplinary follow-up and a prevention of registration break, refusing a future date and missing fields', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const before = await count();
    const future = await client.post(`/api/coaching/disciplinary-follow-up/${student}/new`, { date: '2999-01-01', category: 'nope', description: '' });
    expect(future.status).toBe(422);
    expect(future.json.errors).toEqual([
      { path: 'date', message: 'This date cannot be in the future.' },
      { path: 'category', message: expect.stringContaining('interview, warning, reprimand') },
      { path: 'description', message: expect.any(String) },
    ]);
    const prevention = await client.post(`/api/coaching/prevent-student-registration-break/${student}/new`, { date: today, risks: [], description: 'x' });
    expect(prevention.json.errors).toEqual([{ path: 'risks', message: 'Tick at least one risk of break.' }]);
    expect(await count()).toBe(before);

    const disciplinary = await client.post(`/api/coaching/disciplinary-follow-up/${student}/new`, { date: today, category: 'warning', description: 'Retards répétés', actions: 'Entretien avec le tuteur' });
    expect(disciplinary.status, disciplinary.text).toBe(200);
    expect(disciplinary.json).toMatchObject({ message: 'The disciplinary follow-up has been recorded.', followUp: { kind: 'disciplinary', category: 'warning', campus: { name: 'Paris' }, recordedBy: { lastName: 'Martin' } } });
    const french = await as(app, 'pedagogy');
    const risk = await french.post(`/api/accompagnement/prevention-rupture-inscription/${student}/nouveau`, { date: today, risks: ['absences', 'motivation'], description: 'Absent trois lundis' });
    expect(risk.json).toMatchObject({ message: 'Le signalement de risque de rupture a été enregistré.', followUp: { kind: 'prevent-registration-break', risks: ['absences', 'motivation'], category: null } });
  });

  it('records and edits a break and an abandon; a second abandon is refused', async () => {
    const pupil = await makeActor(app, { firstName: 'Théo', lastName: unique('Rupture'), typology: 'student', campuses: [ids.paris] });
    const client = await as(app, 'isd', 'en');
    const created = await client.post(`${base(pupil)}/break/new`, { date: '2026-10-15', category: 'employer', description: 'Fin de période d\'essai' });
    expect(created.status, created.text).toBe(200);
    const id = created.json.followUp.id;
    expect((await client.get(`${base(pupil)}/break/${id}/edit`)).json.followUp).toMatchObject({ id, date: '2026-10-15', category: 'employer' });
    const edited = await client.post(`${base(pupil)}/break/${id}/edit`, { date: '2026-10-16', category: 'mutual-agreement' });
    expect(edited.json).toMatchObject({ message: 'The follow-up has been saved.', followUp: { date: '2026-10-16', category: 'mutual-agreement', description: null } });
    // A break is not an abandon: the abandon route does not find it.
    expect((await client.post(`${base(pupil)}/abandon/${id}/edit`, { date: '2026-10-16', category: 'other' })).status).toBe(404);

    const abandon = await client.post(`/api/accompagnement/prevention-rupture/${pupil}/abandon/nouveau`, { date: '2026-11-02', category: 'reorientation' });
    expect(abandon.status, abandon.text).toBe(200);
    const again = await client.post(`${base(pupil)}/abandon/new`, { date: '2026-11-03', category: 'health' });
    expect(again.json.errors).toEqual([{ path: '', message: 'An abandon is already recorded for this student: edit it.' }]);
    const abandonId = abandon.json.followUp.id;
    expect((await client.post(`${base(pupil)}/abandon/${abandonId}/edit`, { date: '2026-11-02', category: 'employment', description: 'CDI' })).json.followUp.category).toBe('employment');

    const overview = await client.get(`/api/coaching/students/${pupil}`);
    expect(overview.json).toMatchObject({ student: { id: pupil, campus: { name: 'Paris' } }, coach: null, canWrite: true });
    expect(overview.json.followUps.map((f: any) => [f.kind, f.date])).toEqual([['abandon', '2026-11-02'], ['break', '2026-10-16']]);
    const notStudent = await makeActor(app, { firstName: 'Oui', lastName: unique('Prof'), typology: 'teacher', campuses: [ids.paris] });
    expect((await client.get(`/api/coaching/students/${notStudent}`)).status).toBe(404);
  });
});

describe('who may follow a student', () => {
  it('lets the coach of the student write its follow-ups, and no other coach', async () => {
    const followed = await makeActor(app, { firstName: 'Lou', lastName: unique('Suivie'), typology: 'student', campuses: [ids.paris] });
    const other = await makeActor(app, { firstName: 'Max', lastName: unique('Autre'), typology: 'student', campuses: [ids.paris] });
    const camille = (await app.core.db.knex('actors').where({ email: demo('coach') }).first('id')).id;
    const staff = await as(app, 'pedagogy');
    expect((await staff.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: camille, studentIds: [followed] })).status).toBe(200);
    const coach = await as(app, 'coach');
    const own = await coach.post(`/api/coaching/disciplinary-follow-up/${followed}/new`, { date: today, category: 'interview', description: 'Point de recadrage' });
    expect(own.status, own.text).toBe(200);
    expect(own.json.followUp.recordedBy.lastName).toBe('Roux');
    expect((await coach.get(`/api/coaching/students/${followed}`)).json).toMatchObject({ coach: { id: camille }, canWrite: true });
    const before = await count();
    expectAccessDenied(await coach.post(`/api/coaching/disciplinary-follow-up/${other}/new`, { date: today, category: 'interview', description: 'x' }));
    expectAccessDenied(await coach.get(`/api/coaching/students/${other}`));
    expect(await count()).toBe(before);
  });

  it('keeps a Lyon campus manager out of Paris students, lets read-only read only, and refuses a student', async () => {
    const before = await count();
    const lyon = await as(app, 'campus-manager');
    expectAccessDenied(await lyon.get(`/api/coaching/students/${student}`));
    expectAccessDenied(await lyon.post(`/api/coaching/disciplinary-follow-up/${student}/new`, { date: today, category: 'warning', description: 'x' }));
    expectAccessDenied(await lyon.post(`${base(student)}/break/new`, { date: today, category: 'student' }));
    const readOnly = await as(app, 'read-only');
    const overview = await readOnly.get(`/api/coaching/students/${student}`);
    expect(overview.status).toBe(200);
    expect(overview.json.canWrite).toBe(false);
    expectAccessDenied(await readOnly.post(`/api/coaching/disciplinary-follow-up/${student}/new`, { date: today, category: 'warning', description: 'x' }));
    expectAccessDenied(await readOnly.post(`${base(student)}/abandon/new`, { date: today, category: 'other' }));
    const pupil = await as(app, 'student');
    expectAccessDenied(await pupil.get(`/api/coaching/students/${student}`));
    expectAccessDenied(await pupil.post(`/api/coaching/disciplinary-follow-up/${student}/new`, { date: today, category: 'warning', description: 'x' }));
    expect(await count()).toBe(before);
  });
});
