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

const lookup = `query Lookup($firstName: String!, $lastName: String!, $dateOfBirth: String!, $id: ID, $strict: Boolean) {
  getStudentByFirstNameAndLastNameAndDateOfBirth(firstName: $firstName, lastName: $lastName, dateOfBirth: $dateOfBirth, id: $id, strict: $strict) {
    uuid firstName lastName dateOfBirth lastRegistration { uuid studentStatus trainingGroup { shortName trainingSession { uuid } } }
  }
}`;

describe('getStudentByFirstNameAndLastNameAndDateOfBirth (SPEC §5, §7)', () => {
  const dateOfBirth = '2001-03-04';
  let family: string;
  const created: Record<string, string> = {};
  beforeAll(async () => {
    const client = await as(app, 'pedagogy');
    family = unique('Martin');
    created.jeanMarc = await createStudent(client, ids.paris, { firstName: 'Jean-Marc', lastName: `${family}-Dupont`, dateOfBirth });
    created.jeanMarcSpace = await createStudent(client, ids.paris, { firstName: 'Jean Marc', lastName: family, dateOfBirth });
    created.otherDate = await createStudent(client, ids.paris, { firstName: 'Jean-Marc', lastName: family, dateOfBirth: '2001-03-05' });
    created.lyon = await createStudent(client, ids.lyon, { firstName: 'Jean-Marc', lastName: `${family} Lyon`, dateOfBirth });
    const registered = await client.post(`/api/students/${created.jeanMarcSpace}/registrations/new`, { trainingGroupId: ids.group('MCO1-PAR'), studentStatus: 'apprentice' });
    expect(registered.status, registered.text).toBe(200);
  });

  it('matches first names across dashes and spaces, last names cut at the first dash or space, the same birth date, ordered by last name', async () => {
    const client = await as(app, 'pedagogy');
    const response = await client.graphql(lookup, { firstName: ' jean-marc ', lastName: `${family.toUpperCase()}-Autre`, dateOfBirth });
    const found = response.json.data.getStudentByFirstNameAndLastNameAndDateOfBirth;
    expect(found.map((s: { uuid: string }) => s.uuid)).toEqual([created.jeanMarcSpace, created.lyon, created.jeanMarc]);
    expect(found[0]).toMatchObject({ firstName: 'Jean Marc', dateOfBirth, lastRegistration: { studentStatus: 'apprentice', trainingGroup: { shortName: 'MCO1-PAR', trainingSession: { uuid: ids.currentSession } } } });
    expect(found[2].lastRegistration).toBeNull();
  });

  it('keeps exact case-insensitive names only with the strict flag, and leaves out the current id', async () => {
    const client = await as(app, 'management');
    const strict = await client.graphql(lookup, { firstName: 'JEAN-MARC', lastName: `${family}-dupont`, dateOfBirth, strict: true });
    expect(strict.json.data.getStudentByFirstNameAndLastNameAndDateOfBirth.map((s: { uuid: string }) => s.uuid)).toEqual([created.jeanMarc]);
    const excluded = await client.graphql(lookup, { firstName: 'Jean-Marc', lastName: family, dateOfBirth, id: created.jeanMarcSpace });
    expect(excluded.json.data.getStudentByFirstNameAndLastNameAndDateOfBirth.map((s: { uuid: string }) => s.uuid)).toEqual([created.lyon, created.jeanMarc]);
  });

  it('keeps each campus to its students', async () => {
    const paris = await as(app, 'isd');
    const parisFound = await paris.graphql(lookup, { firstName: 'Jean-Marc', lastName: family, dateOfBirth });
    expect(parisFound.json.data.getStudentByFirstNameAndLastNameAndDateOfBirth.map((s: { uuid: string }) => s.uuid)).toEqual([created.jeanMarcSpace, created.jeanMarc]);
    const lyon = await as(app, 'campus-manager');
    const lyonFound = await lyon.graphql(lookup, { firstName: 'Jean-Marc', lastName: family, dateOfBirth });
    expect(lyonFound.json.data.getStudentByFirstNameAndLastNameAndDateOfBirth.map((s: { uuid: string }) => s.uuid)).toEqual([created.lyon]);
    expectAccessDenied(await (await as(app, 'teacher')).graphql(lookup, { firstName: 'Jean', lastName: family, dateOfBirth }));
  });

  it('answers 422 for a bad date or id', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const badDate = await client.graphql(lookup, { firstName: 'Jean', lastName: family, dateOfBirth: '2001-02-30' });
    expect(badDate.json.errors[0].extensions.violations).toEqual([{ path: 'dateOfBirth', message: 'This value is not a valid date.' }]);
    const badId = await client.graphql(lookup, { firstName: 'Jean', lastName: family, dateOfBirth, id: 'x' });
    expect(badId.json.errors[0].extensions.violations).toEqual([{ path: 'id', message: 'The id "x" is not a valid UUID.' }]);
  });
});

describe('birthCities (birth place suggestions)', () => {
  const query = 'query($countryCode: String!, $search: String!) { birthCities(countryCode: $countryCode, search: $search) { id city postcode citycode label } }';

  it('suggests French communes with their INSEE code, only for FR, TR, PF, GF and from 3 characters', async () => {
    const client = await as(app, 'pedagogy');
    const lyon = (await client.graphql(query, { countryCode: 'FR', search: 'Lyo' })).json.data.birthCities;
    expect(lyon[0]).toEqual({ id: '69123', city: 'Lyon', postcode: '69001', citycode: '69123', label: 'Lyon' });
    expect((await client.graphql(query, { countryCode: 'PF', search: 'Papee' })).json.data.birthCities.map((c: { citycode: string }) => c.citycode)).toEqual(['98735']);
    expect((await client.graphql(query, { countryCode: 'FR', search: 'Ly' })).json.data.birthCities).toEqual([]);
    expect((await client.graphql(query, { countryCode: 'BE', search: 'Liège' })).json.data.birthCities).toEqual([]);
  });

  it('is for staff only', async () => {
    expectAccessDenied(await (await as(app, 'teacher')).graphql(query, { countryCode: 'FR', search: 'Lyon' }));
  });
});
