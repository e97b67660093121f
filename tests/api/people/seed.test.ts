import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, campuses, data } from './support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('demo centre people', () => {
  it('has corporations with contacts and tutors on both campuses, and more staff', async () => {
    const ids = await campuses(app);
    const client = await as(app, 'pedagogy');
    const dupain = (await data(await client.graphql('{ searchCorporations(search: "Dupain") { uuid name shortName siret } }'))).searchCorporations;
    expect(dupain).toEqual([{ uuid: expect.any(String), name: 'Boulangerie Dupain', shortName: 'Dupain', siret: '36252187900034' }]);
    const view = (await data(await client.graphql('query($id: ID!) { corporation(id: $id) { contacts { email } tutors { email } } }', { id: dupain[0].uuid }))).corporation;
    expect(view).toEqual({ contacts: [{ email: 'corporation-contact@demo.alterna.school' }], tutors: [{ email: 'tutor@demo.alterna.school' }] });
    const garage = (await data(await client.graphql('{ searchCorporations(search: "552 100 554") { uuid name } }'))).searchCorporations;
    const tutors = (await data(await client.graphql('query($id: ID!) { getTutorsByCorporation(corporationUuid: $id) { lastName actorAccessRules { campus { name } } } }', { id: garage[0].uuid }))).getTutorsByCorporation;
    expect(tutors).toEqual([{ lastName: 'Haddad', actorAccessRules: [{ campus: { name: 'Lyon' } }] }]);
    const lyonReferents = (await data(await client.graphql('query($c: ID!) { getReferentsByCampus(campusUuid: $c) { lastName } }', { c: ids.lyon }))).getReferentsByCampus;
    expect(lyonReferents.map((r: { lastName: string }) => r.lastName)).toContain('Roy');
    const staff = (await data(await client.graphql('{ actors(typology: "isd") { items { lastName } } }'))).actors.items.map((a: { lastName: string }) => a.lastName);
    expect(staff).toEqual(expect.arrayContaining(['Bernard', 'Caron']));
  });
});
