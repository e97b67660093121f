import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, corporation, createStudent, demoIds, expectAccessDenied } from './support.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let company: string;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
  company = await corporation(app);
});
afterAll(() => app.close());

const registrationsOf = (id: string) => app.core.db.knex('student_registrations').where({ student_id: id }).select('training_group_id', 'student_status');

describe('registrations', () => {
  it('registers a student in a group, then edits status and group, on both paths', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const id = await createStudent(client, ids.paris);
    const created = await client.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-PAR'), studentStatus: 'apprentice' });
    expect(created.status, created.text).toBe(200);
    expect(created.json.message).toBe('The registration has been created.');
    expect(created.json.registration).toMatchObject({
      studentStatus: 'apprentice', contract: null,
      trainingGroup: { shortName: 'MCO1-PAR', campus: { name: 'Paris' }, training: { shortName: 'MCO' }, trainingSession: { id: ids.currentSession } },
    });
    const registration = created.json.registration.id;
    const shown = await client.get(`/api/students/${id}/registrations/${registration}/edit`);
    expect(shown.json.registration.id).toBe(registration);
    const edited = await client.post(`/api/etudiants/${id}/inscriptions/${registration}/modifier`, { trainingGroupId: ids.group('SIO1-SLAM-PAR'), studentStatus: 'initial-training' });
    expect(edited.json.registration).toMatchObject({ studentStatus: 'initial-training', trainingGroup: { shortName: 'SIO1-SLAM-PAR' } });
    const previous = await client.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-PAR', ids.previousSession), studentStatus: 'initial-training' });
    expect(previous.status).toBe(200);
    const student = (await client.get(`/api/students/${id}`)).json.student;
    expect(student.registrations.map((r: { trainingGroup: { trainingSession: { id: string } } }) => r.trainingGroup.trainingSession.id)).toEqual([ids.currentSession, ids.previousSession]);
    expect(student.lastRegistration.id).toBe(registration);
  });

  it('allows one registration per session and asks for a group and a known status', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const id = await createStudent(client, ids.paris);
    await client.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-PAR'), studentStatus: 'apprentice' });
    const twice = await client.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('RDC-PAR'), studentStatus: 'apprentice' });
    expect(twice.json.errors).toEqual([{ path: 'trainingGroupId', message: `The student is already registered in a group of the ${ids.currentSessionName} session.` }]);
    const empty = await client.post(`/api/students/${id}/registrations/new`, { trainingGroupId: '', studentStatus: 'pupil' });
    expect(empty.json.errors).toEqual([
      { path: 'trainingGroupId', message: 'Choose the training group.' },
      { path: 'studentStatus', message: "Choose the student's status." },
    ]);
    expect(await registrationsOf(id)).toHaveLength(1);
  });

  it('registers a Paris student in a Lyon group only for an actor running Lyon, who then sees the student', async () => {
    const pedagogy = await as(app, 'pedagogy');
    const id = await createStudent(pedagogy, ids.paris);
    const isd = await as(app, 'isd');
    expectAccessDenied(await isd.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-LYO'), studentStatus: 'apprentice' }));
    const lyon = await as(app, 'campus-manager');
    expectAccessDenied(await lyon.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-LYO'), studentStatus: 'apprentice' }));
    expect(await registrationsOf(id)).toEqual([]);
    expect((await pedagogy.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-LYO'), studentStatus: 'apprentice' })).status).toBe(200);
    expect((await lyon.get(`/api/students/${id}`)).json.student.campuses.map((c: { name: string }) => c.name)).toEqual(['Lyon']);
  });

  it('lets neither read-only nor a teacher register anyone', async () => {
    const pedagogy = await as(app, 'pedagogy');
    const id = await createStudent(pedagogy, ids.paris);
    for (const typology of ['read-only', 'teacher']) {
      expectAccessDenied(await (await as(app, typology)).post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-PAR'), studentStatus: 'apprentice' }));
    }
    expect(await registrationsOf(id)).toEqual([]);
  });
});

describe('contracts', () => {
  async function registered(status = 'apprentice') {
    const client = await as(app, 'pedagogy', 'en');
    const id = await createStudent(client, ids.paris);
    const registration = (await client.post(`/api/students/${id}/registrations/new`, { trainingGroupId: ids.group('MCO1-PAR'), studentStatus: status })).json.registration.id;
    return { client, id, registration };
  }

  it('creates a contract with a corporation, edits it, updates its dates', async () => {
    const { client, id, registration } = await registered();
    const created = await client.post(`/api/students/${id}/contract/new`, { studentRegistration: registration, corporationId: company, startDate: '2026-09-15', endDate: '2028-08-31' });
    expect(created.status, created.text).toBe(200);
    const contract = created.json.registration.contract;
    expect(contract).toMatchObject({ corporation: { id: company }, startDate: '2026-09-15', endDate: '2028-08-31' });
    const other = await corporation(app);
    const edited = await client.post(`/api/students/${id}/contract/${contract.id}/edit`, { corporationId: other, startDate: '2026-10-01', endDate: '2028-08-31' });
    expect(edited.json.message).toBe('The contract has been saved.');
    expect(edited.json.registration.contract).toMatchObject({ corporation: { id: other }, startDate: '2026-10-01' });
    const dates = await client.post(`/api/etudiants/${id}/contrat/modifier-dates`, { studentContract: contract.id, startDate: '2026-11-02', endDate: '2028-06-30' });
    expect(dates.json.registration.contract).toMatchObject({ corporation: { id: other }, startDate: '2026-11-02', endDate: '2028-06-30' });
    expect((await client.get(`/api/students/${id}/contract/${contract.id}/edit`)).json.registration.contract.id).toBe(contract.id);
  });

  it('refuses reversed dates, an unknown corporation, a second contract and a student who is not work-study', async () => {
    const { client, id, registration } = await registered();
    const reversed = await client.post(`/api/students/${id}/contract/new`, { studentRegistration: registration, corporationId: company, startDate: '2027-09-15', endDate: '2026-08-31' });
    expect(reversed.json.errors).toEqual([{ path: 'endDate', message: 'The end date must be after the start date.' }]);
    const unknown = await client.post(`/api/students/${id}/contract/new`, { studentRegistration: registration, corporationId: '00000000-0000-4000-8000-000000000000', startDate: '2026-09-15', endDate: '2027-08-31' });
    expect(unknown.json.errors).toEqual([{ path: 'corporationId', message: 'Choose the corporation.' }]);
    await client.post(`/api/students/${id}/contract/new`, { studentRegistration: registration, corporationId: company, startDate: '2026-09-15', endDate: '2027-08-31' });
    const second = await client.post(`/api/students/${id}/contract/new`, { studentRegistration: registration, corporationId: company, startDate: '2026-09-15', endDate: '2027-08-31' });
    expect(second.json.errors).toEqual([{ path: 'studentRegistration', message: 'This registration already has a contract.' }]);
    const initial = await registered('initial-training');
    const notWorkStudy = await initial.client.post(`/api/students/${initial.id}/contract/new`, { studentRegistration: initial.registration, corporationId: company, startDate: '2026-09-15', endDate: '2027-08-31' });
    expect(notWorkStudy.json.errors).toEqual([{ path: 'studentRegistration', message: 'Only an apprentice or a professionalisation student has a contract with a corporation.' }]);
  });

  it('keeps Lyon and read-only away from a Paris contract', async () => {
    const { client, id, registration } = await registered();
    const contract = (await client.post(`/api/students/${id}/contract/new`, { studentRegistration: registration, corporationId: company, startDate: '2026-09-15', endDate: '2027-08-31' })).json.registration.contract.id;
    const body = { corporationId: company, startDate: '2026-01-01', endDate: '2027-01-01' };
    expectAccessDenied(await (await as(app, 'campus-manager')).post(`/api/students/${id}/contract/${contract}/edit`, body));
    expectAccessDenied(await (await as(app, 'read-only')).post(`/api/students/${id}/contract/update-date`, { studentContract: contract, startDate: '2026-01-01', endDate: '2027-01-01' }));
    expectAccessDenied(await (await as(app, 'campus-manager')).get(`/api/students/${id}/contract/${contract}/edit`));
    const stored = await app.core.db.knex('student_contracts').where({ id: contract }).first(app.core.db.knex.raw("to_char(start_date, 'YYYY-MM-DD') as start"));
    expect(stored.start).toBe('2026-09-15');
  });
});

describe('last situation (Y-1)', () => {
  it('records and replaces the situation of the previous year', async () => {
    const client = await as(app, 'management', 'en');
    const id = await createStudent(client, ids.paris);
    const saved = await client.post('/api/students/students/last-situation/new', { student: id, situation: 'secondary-school', establishment: 'Lycée Voltaire', diploma: 'Baccalauréat' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe('The Y-1 situation has been saved.');
    await client.post('/api/etudiants/etudiants/situation-n-1/nouvelle', { student: id, situation: 'job-seeker' });
    expect((await client.get(`/api/students/${id}`)).json.student.lastSituation).toEqual({ situation: 'job-seeker', establishment: null, diploma: null });
    const bad = await client.post('/api/students/students/last-situation/new', { student: id, situation: 'astronaut' });
    expect(bad.json.errors).toEqual([{ path: 'situation', message: 'Choose the situation of the previous year.' }]);
    expectAccessDenied(await (await as(app, 'campus-manager')).post('/api/students/students/last-situation/new', { student: id, situation: 'other' }));
    expectAccessDenied(await (await as(app, 'read-only')).post('/api/students/students/last-situation/new', { student: id, situation: 'other' }));
  });
});
