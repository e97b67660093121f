import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, bornYearsAgo, createStudent, demoIds, expectAccessDenied, guardian, newStudent } from './support.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
});
afterAll(() => app.close());

const count = async () => Number((await app.core.db.knex('students').count({ n: '*' }).first())?.n);

describe('student creation and coordinates', () => {
  it('creates a 17-year-old student only with a legal guardian, and keeps the guardian', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const before = await count();
    const minor = newStudent(ids.paris, { dateOfBirth: bornYearsAgo(17) });
    const refused = await client.post('/api/students/new', minor);
    expect(refused.status).toBe(422);
    expect(refused.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'guardianAddressLocality', 'guardianEmail', 'guardianFirstName', 'guardianLastName', 'guardianPhone', 'guardianPostalCode', 'guardianStreetAddress',
    ]);
    expect(refused.json.errors[0].message).toBe('This value should not be blank.');
    expect(await count()).toBe(before);

    const created = await client.post('/api/students/new', { ...minor, ...guardian });
    expect(created.status, created.text).toBe(200);
    expect(created.json.message).toBe('The student has been created.');
    expect(created.json.student).toMatchObject({
      firstName: 'Camille', isMinor: true, birthCountry: 'FR', birthplace: 'Lyon', birthCityCode: '69123',
      legalGuardian: { ...guardian, guardianAddressSupplement: null, guardianAddressCountry: null }, campuses: [{ name: 'Paris' }], registrations: [],
    });
    const actor = await app.core.db.knex('actor_access_rules').where({ actor_id: created.json.student.id }).select('typology', 'campus_id');
    expect(actor).toEqual([{ typology: 'student', campus_id: ids.paris }]);
  });

  it('drops the guardian of a student of age (the block is hidden and disabled)', async () => {
    const client = await as(app, 'pedagogy');
    const id = await createStudent(client, ids.paris, { dateOfBirth: bornYearsAgo(18, 0), ...guardian });
    const row = await app.core.db.knex('students').where({ actor_id: id }).first();
    expect(row.guardian_last_name).toBeNull();
    expect((await client.get(`/api/students/${id}`)).json.student).toMatchObject({ isMinor: false, legalGuardian: null });
  });

  it('wants a city picked for FR, TR, PF, GF, and keeps free text elsewhere (no city code)', async () => {
    const client = await as(app, 'pedagogy');
    const noCity = await client.post('/api/students/new', newStudent(ids.paris, { birthCityCode: null }));
    expect(noCity.status).toBe(422);
    expect(noCity.json.errors).toEqual([{ path: 'birthCityCode', message: 'Veuillez choisir une ville dans la liste des suggestions.' }]);
    const id = await createStudent(client, ids.paris, { birthCountry: 'BE', birthplace: 'Liège', birthCityCode: '69123' });
    expect((await client.get(`/api/etudiants/${id}`)).json.student).toMatchObject({ birthCountry: 'BE', birthplace: 'Liège', birthCityCode: null });
  });

  it('refuses an e-mail already used and a campus the actor does not run, changing nothing', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const before = await count();
    const taken = await client.post('/api/students/new', newStudent(ids.paris, { email: 'STUDENT@demo.alterna.school' }));
    expect(taken.json.errors).toEqual([{ path: 'email', message: 'This e-mail address is already used by another person.' }]);
    const lyonManager = await as(app, 'campus-manager');
    expectAccessDenied(await lyonManager.post('/api/students/new', newStudent(ids.paris)));
    expect(await count()).toBe(before);
  });

  it('edits the coordinates on both paths; a new guardian is required once the new date makes the student a minor', async () => {
    const client = await as(app, 'isd');
    const id = await createStudent(client, ids.paris);
    const body = { firstName: 'Jean-Marc', lastName: 'Durand', dateOfBirth: bornYearsAgo(16), birthCountry: 'GF', birthplace: 'Cayenne', birthCityCode: '97302' };
    const refused = await client.post(`/api/etudiants/${id}/informations-personnelles/modifier`, body);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0]).toEqual({ path: 'guardianLastName', message: 'Cette valeur ne doit pas être vide.' });
    const saved = await client.post(`/api/students/${id}/personal-informations/edit`, { ...body, ...guardian, guardianAddressCountry: 'FR' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe("Les informations personnelles de l'étudiant ont été enregistrées.");
    expect(saved.json.student).toMatchObject({ firstName: 'Jean-Marc', lastName: 'Durand', birthplace: 'Cayenne', isMinor: true, legalGuardian: { guardianAddressCountry: 'FR' } });
    const actor = await app.core.db.knex('actors').where({ id }).first('first_name', 'last_name');
    expect(actor).toEqual({ first_name: 'Jean-Marc', last_name: 'Durand' });
  });

  it('answers 422 for an id that is not a UUID, 404 for an unknown one', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const bad = await client.get('/api/students/abc');
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'id', message: 'The id "abc" is not a valid UUID.' }]);
    expect((await client.get('/api/students/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('campus scoping of students', () => {
  it('keeps the Lyon campus manager away from a Paris student: no reading, no change', async () => {
    const paris = await as(app, 'pedagogy');
    const id = await createStudent(paris, ids.paris);
    const lyon = await as(app, 'campus-manager');
    expectAccessDenied(await lyon.get(`/api/students/${id}`));
    expectAccessDenied(await lyon.graphql('query($id: ID!) { student(studentId: $id) { id } }', { id }));
    const body = { firstName: 'X', lastName: 'Y', dateOfBirth: '1990-01-01', birthCountry: 'BE', birthplace: 'Liège' };
    expectAccessDenied(await lyon.post(`/api/students/${id}/personal-informations/edit`, body));
    expect((await app.core.db.knex('actors').where({ id }).first('first_name')).first_name).toBe('Camille');
  });

  it('lets read-only read a Paris student and change nothing', async () => {
    const paris = await as(app, 'pedagogy');
    const id = await createStudent(paris, ids.paris);
    const readOnly = await as(app, 'read-only');
    expect((await readOnly.get(`/api/students/${id}`)).json.student.id).toBe(id);
    const body = { firstName: 'X', lastName: 'Y', dateOfBirth: '1990-01-01', birthCountry: 'BE', birthplace: 'Liège' };
    expectAccessDenied(await readOnly.post(`/api/students/${id}/personal-informations/edit`, body));
    expectAccessDenied(await readOnly.post('/api/students/new', newStudent(ids.paris)));
    expect((await app.core.db.knex('actors').where({ id }).first('first_name')).first_name).toBe('Camille');
  });

  it('denies a teacher and asks a visitor to log in', async () => {
    const teacher = await as(app, 'teacher');
    expectAccessDenied(await teacher.graphql('{ students { id } }'));
    const anyStudent = (await app.core.db.knex('students').first('actor_id')).actor_id;
    expectAccessDenied(await teacher.get(`/api/students/${anyStudent}`));
    const anonymous = await fetch(`${app.baseUrl}/api/students/${anyStudent}`);
    expect(anonymous.status).toBe(401);
  });
});
