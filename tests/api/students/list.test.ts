import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, createStudent, demoIds, expectAccessDenied, unique } from './support.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
});
afterAll(() => app.close());

const query = `query Students($campusId: ID, $trainingIds: [ID!], $trainingGroupIds: [ID!], $trainingSessionId: ID) {
  students(campusId: $campusId, trainingIds: $trainingIds, trainingGroupIds: $trainingGroupIds, trainingSessionId: $trainingSessionId) {
    uuid firstName lastName isMinor campuses { name } registration { studentStatus trainingGroup { shortName campus { name } trainingSession { uuid } } contract { uuid } }
  }
}`;

const names = (rows: { lastName: string; firstName: string }[]) => rows.map((r) => `${r.lastName} ${r.firstName}`);

describe('student list filters and ordering', () => {
  it('lists the seeded students of both campuses for pedagogy, by last name then first name, with the latest registration', async () => {
    const client = await as(app, 'pedagogy');
    const rows = (await client.graphql(query)).json.data.students;
    const seeded = names(rows).filter((n: string) => ['Petit Léa', 'Girard Lucas', 'Lambert Nathan', 'Faure Inès', 'Leroy Emma', 'Fabre Zoé'].includes(n));
    expect(seeded).toEqual(['Fabre Zoé', 'Faure Inès', 'Girard Lucas', 'Lambert Nathan', 'Leroy Emma', 'Petit Léa']);
    const lucas = rows.find((r: { firstName: string; lastName: string }) => r.lastName === 'Girard');
    expect(lucas.registration).toMatchObject({ trainingGroup: { shortName: 'SIO1-SLAM-PAR', trainingSession: { uuid: ids.currentSession } } });
    expect(rows.find((r: { lastName: string }) => r.lastName === 'Petit')).toMatchObject({ isMinor: true, campuses: [{ name: 'Paris' }] });
    const sorted = [...names(rows)].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' }));
    expect(names(rows).map((n) => n.split(' ')[0])).toEqual(sorted.map((n) => n.split(' ')[0]));
  });

  it('filters by campus, session, training and group', async () => {
    const client = await as(app, 'pedagogy');
    const lyon = (await client.graphql(query, { campusId: ids.lyon })).json.data.students;
    expect(lyon.every((r: { campuses: { name: string }[] }) => r.campuses.some((c) => c.name === 'Lyon'))).toBe(true);
    expect(names(lyon)).toContain('Lambert Nathan');
    expect(names(lyon)).not.toContain('Petit Léa');

    const previous = (await client.graphql(query, { trainingSessionId: ids.previousSession })).json.data.students;
    expect(names(previous).filter((n: string) => !n.startsWith('Test'))).toEqual(['Chevalier Théo', 'Girard Lucas', 'Perrin Louis']);
    expect(previous.every((r: { registration: { trainingGroup: { trainingSession: { uuid: string } } } }) => r.registration.trainingGroup.trainingSession.uuid === ids.previousSession)).toBe(true);
    expect(previous.find((r: { lastName: string }) => r.lastName === 'Girard').registration.trainingGroup.shortName).toBe('MCO1-PAR');

    const sio = (await client.graphql(query, { trainingIds: [ids.trainings.SIO], trainingSessionId: ids.currentSession })).json.data.students;
    expect(new Set(sio.map((r: { registration: { trainingGroup: { shortName: string } } }) => r.registration.trainingGroup.shortName))).toEqual(new Set(['SIO1-SLAM-PAR', 'SIO1-SISR-LYO']));

    const group = (await client.graphql(query, { trainingGroupIds: [ids.group('MCO1-PAR')] })).json.data.students;
    expect(names(group)).toEqual(expect.arrayContaining(['Leroy Emma', 'Nguyen Jade', 'Petit Léa']));
    expect(group.every((r: { registration: { trainingGroup: { shortName: string } } }) => r.registration.trainingGroup.shortName === 'MCO1-PAR')).toBe(true);
  });

  it('shows a student without registration only when no session, training or group is chosen', async () => {
    const client = await as(app, 'pedagogy');
    const lastName = unique('Zz');
    await createStudent(client, ids.paris, { lastName });
    const all = (await client.graphql(query, { campusId: ids.paris })).json.data.students;
    expect(all.find((r: { lastName: string }) => r.lastName === lastName)).toMatchObject({ registration: null });
    const current = (await client.graphql(query, { campusId: ids.paris, trainingSessionId: ids.currentSession })).json.data.students;
    expect(current.find((r: { lastName: string }) => r.lastName === lastName)).toBeUndefined();
  });

  it('wants the chosen groups or trainings available for the campus', async () => {
    const client = await as(app, 'pedagogy');
    const group = await client.graphql(query, { campusId: ids.paris, trainingGroupIds: [ids.group('MCO1-LYO')] });
    expect(group.json.errors[0].extensions.violations).toEqual([{ path: 'trainingGroupIds', message: 'Les groupes ou formations choisis doivent être disponibles pour le campus.' }]);
    const training = await client.graphql(query, { campusId: ids.lyon, trainingIds: [ids.trainings.RDC] });
    expect(training.json.errors[0].extensions.violations).toEqual([{ path: 'trainingIds', message: 'Les groupes ou formations choisis doivent être disponibles pour le campus.' }]);
    const lyonManager = await as(app, 'campus-manager', 'en');
    const parisGroup = await lyonManager.graphql(query, { trainingGroupIds: [ids.group('MCO1-PAR')] });
    expect(parisGroup.json.errors[0].extensions.violations).toEqual([{ path: 'trainingGroupIds', message: 'The chosen groups or trainings must be available for the campus.' }]);
    const bad = await client.graphql(query, { trainingIds: ['nope'] });
    expect(bad.json.errors[0].extensions.violations[0].path).toBe('trainingIds');
  });
});

describe('campus scoping of the list', () => {
  it('shows the Lyon campus manager no Paris student', async () => {
    const lyon = await as(app, 'campus-manager');
    const rows = (await lyon.graphql(query)).json.data.students;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { campuses: { name: string }[] }) => r.campuses.map((c) => c.name).join() === 'Lyon')).toBe(true);
    expect(names(rows)).not.toContain('Petit Léa');
    const paris = await lyon.graphql(query, { campusId: ids.paris });
    expect(paris.json.errors[0].extensions.violations).toEqual([{ path: 'campusId', message: "Ce campus n'est pas l'un des vôtres." }]);
  });

  it('shows read-only the Paris students, and denies a teacher', async () => {
    const rows = (await (await as(app, 'read-only')).graphql(query)).json.data.students;
    expect(names(rows)).toContain('Petit Léa');
    expect(names(rows)).not.toContain('Lambert Nathan');
    expectAccessDenied(await (await as(app, 'teacher')).graphql(query));
  });
});
