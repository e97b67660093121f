import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, demoIds, expectAccessDenied, makeActor, unique, type DemoIds } from './support.js';

let app: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
});
afterAll(() => app.close());

const count = async (table: string) => Number((await app.core.db.knex(table).count({ n: '*' }).first())!.n);
const contract = (overrides: Record<string, unknown> = {}) => ({
  campusId: ids.paris, trainingSessionId: ids.currentSession.id, startDate: ids.currentSession.startDate, endDate: ids.currentSession.endDate,
  relatedActivityLines: [{ relatedActivityId: ids.activities['coach-meeting'], amount: 10, price: 35 }, { relatedActivityId: ids.activities['coaching-hours'], amount: '12,5', price: 40 }],
  ...overrides,
});

describe('coach informations', () => {
  it('creates then edits a coach\'s informations and shows them on its page', async () => {
    const coach = await makeActor(app, { firstName: 'Chloé', lastName: unique('Coach'), typology: 'coach', campuses: [ids.paris] });
    const client = await as(app, 'management', 'en');
    const created = await client.post(`/api/coach-informations/new/${coach}`, { specialities: 'Insertion professionnelle', maxStudents: '12', comment: '' });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toEqual({ informations: { specialities: 'Insertion professionnelle', maxStudents: 12, comment: null }, message: "The coach's informations have been saved." });
    expect((await client.post(`/api/coach-informations/new/${coach}`, {})).json.errors).toEqual([{ path: '', message: 'This coach already has informations: edit them.' }]);
    const bad = await client.post(`/api/coach-informations/edit/${coach}`, { maxStudents: 0 });
    expect(bad.json.errors).toEqual([{ path: 'maxStudents', message: 'The maximum number of students is a whole number from 1 to 500.' }]);
    const french = await as(app, 'management');
    expect((await french.post(`/api/informations-coach/modifier/${coach}`, { maxStudents: 8 })).json.message).toBe('Les informations du coach ont été enregistrées.');
    const page = await client.get(`/api/informations/${coach}`);
    expect(page.json).toMatchObject({ coach: { id: coach }, informations: { maxStudents: 8 }, students: [], coachContracts: [], writableCampusIds: [ids.paris] });
    const notCoach = await makeActor(app, { firstName: 'Ali', lastName: unique('Pas'), typology: 'teacher', campuses: [ids.paris] });
    expect((await client.get(`/api/informations/${notCoach}`)).status).toBe(404);
  });
});

describe('coach attribution', () => {
  it('attributes students of a campus to a coach, replaces a former coach, and lists coaches with their students', async () => {
    const family = unique('Attribution');
    const coachB = await makeActor(app, { firstName: 'Zélie', lastName: `${family}B`, typology: 'coach', campuses: [ids.paris] });
    const coachA = await makeActor(app, { firstName: 'Yann', lastName: `${family}A`, typology: 'coach', campuses: [ids.paris, ids.lyon] });
    const s1 = await makeActor(app, { firstName: 'Emma', lastName: `${family}S2`, typology: 'student', campuses: [ids.paris] });
    const s2 = await makeActor(app, { firstName: 'Hugo', lastName: `${family}S1`, typology: 'student', campuses: [ids.paris] });
    const client = await as(app, 'pedagogy');
    const form = await client.get('/api/coachs/attribution/nouvelle');
    expect(form.status, form.text).toBe(200);
    expect(form.json.campuses.map((c: { name: string }) => c.name)).toEqual(['Lyon', 'Paris']);
    expect(form.json.coaches.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([coachA, coachB]));

    const attributed = await client.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: coachB, studentIds: [s1, s2] });
    expect(attributed.status, attributed.text).toBe(200);
    expect(attributed.json.message).toBe('2 étudiants ont été attribués au coach.');
    expect(attributed.json.students.map((s: any) => [s.id, s.coach.id])).toEqual([[s2, coachB], [s1, coachB]]);
    const moved = await client.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: coachA, studentIds: [s1] });
    expect(moved.json.message).toBe('1 étudiant a été attribué au coach.');

    const query = 'query ($campusList: [ID!]) { coaches(campusList: $campusList) { uuid lastName actorAccessRules { campus { name } } students { uuid lastName coach { uuid } } } }';
    const mine = (list: any[]) => list.filter((c) => c.lastName.startsWith(family));
    const coaches = mine((await client.graphql(query)).json.data.coaches);
    expect(coaches.map((c) => c.uuid)).toEqual([coachA, coachB]);
    expect(coaches[0].actorAccessRules.map((r: any) => r.campus.name)).toEqual(['Lyon', 'Paris']);
    expect(coaches[0].students.map((s: any) => s.uuid)).toEqual([s1]);
    expect(coaches[1].students.map((s: any) => s.uuid)).toEqual([s2]);
    const lyonOnly = mine((await client.graphql(query, { campusList: [ids.lyon] })).json.data.coaches);
    expect(lyonOnly).toEqual([{ uuid: coachA, lastName: `${family}A`, actorAccessRules: [{ campus: { name: 'Lyon' } }], students: [] }]);
    const students = (await client.graphql('query ($campusList: [ID!]) { coachingStudents(campusList: $campusList) { uuid lastName coach { uuid } attributionId } }', { campusList: [ids.paris] })).json.data.coachingStudents;
    const mineStudents = students.filter((s: any) => s.lastName.startsWith(family));
    expect(mineStudents.map((s: any) => [s.uuid, s.coach.uuid])).toEqual([[s2, coachB], [s1, coachA]]);

    const removed = await client.request('DELETE', `/api/coachs/attribution/${mineStudents[0].attributionId}/delete`);
    expect(removed.json).toEqual({ message: "L'étudiant n'est plus suivi par ce coach." });
  });

  it('refuses a coach or students of another campus, too many students, and an empty choice, changing nothing', async () => {
    const lyonCoach = await makeActor(app, { firstName: 'Léo', lastName: unique('Lyon'), typology: 'coach', campuses: [ids.lyon] });
    const parisCoach = await makeActor(app, { firstName: 'Mia', lastName: unique('Paris'), typology: 'coach', campuses: [ids.paris] });
    const lyonStudent = await makeActor(app, { firstName: 'Noa', lastName: unique('Lyon'), typology: 'student', campuses: [ids.lyon] });
    const parisStudents = await Promise.all([1, 2, 3].map((n) => makeActor(app, { firstName: `S${n}`, lastName: unique('Paris'), typology: 'student', campuses: [ids.paris] })));
    const client = await as(app, 'pedagogy', 'en');
    await client.post(`/api/coach-informations/new/${parisCoach}`, { maxStudents: 2 });
    const before = await count('coach_attributions');
    const wrong = await client.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: lyonCoach, studentIds: [parisStudents[0], lyonStudent] });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual([
      { path: 'coachId', message: 'This coach does not work on this campus.' },
      { path: 'studentIds[1]', message: 'This student is not registered on this campus.' },
    ]);
    const tooMany = await client.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: parisCoach, studentIds: parisStudents });
    expect(tooMany.json.errors).toEqual([{ path: 'studentIds', message: 'This coach follows at most 2 students: this attribution would make 3.' }]);
    const none = await client.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: '', studentIds: [] });
    expect(none.json.errors).toEqual([{ path: 'coachId', message: 'Choose the coach.' }, { path: 'studentIds', message: 'Choose at least one student.' }]);
    expect(await count('coach_attributions')).toBe(before);
  });
});

describe('coach contracts', () => {
  it('creates, edits and deletes a coach contract with related activity lines in hour or unit wording', async () => {
    const coach = await makeActor(app, { firstName: 'Rémi', lastName: unique('Contrat'), typology: 'coach', campuses: [ids.paris] });
    const client = await as(app, 'isd', 'en');
    const form = await client.get(`/api/contract/new/${coach}`);
    expect(form.status, form.text).toBe(200);
    expect(form.json.relatedActivities.map((a: any) => [a.reference, a.isHour])).toEqual([
      ['coach-meeting', false], ['coach-company-visit', false], ['coaching-hours', true], ['coach-workshop', true],
    ]);
    const created = await client.post(`/api/contract/new/${coach}`, contract());
    expect(created.status, created.text).toBe(200);
    expect(created.json.message).toBe("The coach's contract has been created.");
    expect(created.json.coachContract).toMatchObject({ coachId: coach, campus: { name: 'Paris' }, totals: { activityHours: 12.5, activityAmount: 850 } });
    const id = created.json.coachContract.id;
    const edited = await client.post(`/api/contrat/${coach}/modifier/${id}`, contract({ relatedActivityLines: [{ relatedActivityId: ids.activities['coach-workshop'], amount: 3, price: 50 }] }));
    expect(edited.json.coachContract.relatedActivityLines.map((l: any) => [l.relatedActivity.reference, l.amount, l.price])).toEqual([['coach-workshop', 3, 50]]);
    expect((await client.get(`/api/contract/${coach}/edit/${id}`)).json.coachContract.id).toBe(id);
    expect((await client.get(`/api/informations/${coach}`)).json.coachContracts.map((c: any) => c.id)).toEqual([id]);

    const both = await as(app, 'pedagogy', 'en');
    const wrong = await both.post(`/api/contract/new/${coach}`, contract({ campusId: ids.lyon, relatedActivityLines: [{ relatedActivityId: ids.activities['exam-marking'], amount: 1, price: 1 }] }));
    expect(wrong.json.errors).toEqual([
      { path: 'campusId', message: 'This coach does not work on this campus.' },
      { path: 'relatedActivityLines[0].relatedActivityId', message: 'This activity does not exist for coach contracts.' },
    ]);
    expect((await client.post(`/api/contract/new/${coach}`, contract({ relatedActivityLines: [] }))).json.errors).toEqual([
      { path: 'relatedActivityLines', message: 'Add at least one activity to the contract.' },
    ]);
    const deleted = await client.request('DELETE', `/api/contract/${coach}/delete/${id}`);
    expect(deleted.json).toEqual({ message: "The coach's contract has been deleted." });
  });
});

describe('campus scoping of coaches', () => {
  let parisCoach: string;
  let parisStudent: string;
  let parisContract: string;
  beforeAll(async () => {
    parisCoach = await makeActor(app, { firstName: 'Pia', lastName: unique('Scope'), typology: 'coach', campuses: [ids.paris] });
    parisStudent = await makeActor(app, { firstName: 'Pio', lastName: unique('Scope'), typology: 'student', campuses: [ids.paris] });
    parisContract = (await (await as(app, 'pedagogy')).post(`/api/contract/new/${parisCoach}`, contract())).json.coachContract.id;
  });

  it('keeps a Lyon campus manager out of Paris coaches, students and contracts', async () => {
    const lyon = await as(app, 'campus-manager');
    const before = await count('coach_attributions');
    expectAccessDenied(await lyon.get(`/api/informations/${parisCoach}`));
    expectAccessDenied(await lyon.post(`/api/coach-informations/new/${parisCoach}`, {}));
    expectAccessDenied(await lyon.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: parisCoach, studentIds: [parisStudent] }));
    expectAccessDenied(await lyon.get(`/api/contract/new/${parisCoach}`));
    expectAccessDenied(await lyon.post(`/api/contract/new/${parisCoach}`, contract()));
    expectAccessDenied(await lyon.post(`/api/contract/${parisCoach}/edit/${parisContract}`, contract()));
    expectAccessDenied(await lyon.request('DELETE', `/api/contract/${parisCoach}/delete/${parisContract}`));
    const form = await lyon.get('/api/coachs/attribution/new');
    expect(form.json.campuses.map((c: any) => c.name)).toEqual(['Lyon']);
    expect(form.json.students.every((s: any) => s.campus.name === 'Lyon')).toBe(true);
    const coaches = (await lyon.graphql('query { coaches { uuid actorAccessRules { campus { name } } } }')).json.data.coaches;
    expect(coaches.find((c: any) => c.uuid === parisCoach)).toBeUndefined();
    expect((await lyon.graphql('query ($c: [ID!]) { coachingStudents(campusList: $c) { uuid } }', { c: [ids.paris] })).json.data.coachingStudents).toEqual([]);
    expect(await count('coach_attributions')).toBe(before);
    expect(await app.core.db.knex('coach_contracts').where({ id: parisContract }).first()).toBeDefined();
  });

  it('lets read-only read Paris coaches and change nothing', async () => {
    const readOnly = await as(app, 'read-only');
    expect((await readOnly.get(`/api/informations/${parisCoach}`)).json.writableCampusIds).toEqual([]);
    expectAccessDenied(await readOnly.get('/api/coachs/attribution/new'));
    expectAccessDenied(await readOnly.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: parisCoach, studentIds: [parisStudent] }));
    expectAccessDenied(await readOnly.post(`/api/contract/new/${parisCoach}`, contract()));
    expectAccessDenied(await readOnly.request('DELETE', `/api/contract/${parisCoach}/delete/${parisContract}`));
    expectAccessDenied(await readOnly.post(`/api/coach-informations/new/${parisCoach}`, {}));
    expect(await app.core.db.knex('coach_contracts').where({ id: parisContract }).first()).toBeDefined();
  });

  it('refuses a student with Access Denied.', async () => {
    const student = await as(app, 'student');
    expectAccessDenied(await student.get(`/api/informations/${parisCoach}`));
    expectAccessDenied(await student.graphql('query { coaches { uuid } }'));
    expectAccessDenied(await student.graphql('query { coachingStudents { uuid } }'));
    expectAccessDenied(await student.post('/api/coachs/attribution/new', { campusId: ids.paris, coachId: parisCoach, studentIds: [parisStudent] }));
  });
});
