import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, campuses, createActor, createCorporation, data, emailOf, expectAccessDenied, randomSiret, uniqueName } from './support.js';

let app: TestApp;
let ids: { paris: string; lyon: string };
beforeAll(async () => {
  app = await startTestApp();
  ids = await campuses(app);
});
afterAll(() => app.close());

const search = 'query($search: String!) { searchCorporations(search: $search) { uuid name shortName siret } }';
const tutorsOf = 'query($corporationUuid: ID!) { getTutorsByCorporation(corporationUuid: $corporationUuid) { uuid lastName firstName corporations { uuid } actorAccessRules { campus { name } actorTypology { reference } } } }';
const corporation = 'query($id: ID!) { corporation(id: $id) { uuid name siret contacts { uuid lastName } tutors { uuid lastName } } }';

describe('/corporations/new', () => {
  it('stores the SIRET without spaces or dashes and rejects a duplicate SIRET or name on its field', async () => {
    const client = await as(app, 'pedagogy');
    const siret = randomSiret();
    const name = uniqueName('Boulangerie ');
    const created = await client.post('/api/corporations/new', { name: ` ${name} `, shortName: 'Boul', siret: siret.typed, postalCode: '75011', addressLocality: 'Paris', addressCountry: 'fr' });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ message: "L'entreprise a été créée.", corporation: { name, shortName: 'Boul', siret: siret.digits, addressCountry: 'FR' } });

    const dashed = `${siret.digits.slice(0, 9)}-${siret.digits.slice(9)}`;
    const sameSiret = await client.post('/api/corporations/new', { name: uniqueName('Autre '), siret: dashed });
    expect(sameSiret.status).toBe(422);
    expect(sameSiret.json.errors).toEqual([{ path: 'siret', message: 'Une entreprise a déjà ce SIRET.' }]);
    const sameName = await client.post('/api/corporations/new', { name: `  ${name.toUpperCase()}`, siret: randomSiret().digits });
    expect(sameName.json.errors).toEqual([{ path: 'name', message: 'Une entreprise porte déjà ce nom.' }]);
    const english = await as(app, 'pedagogy', 'en');
    const both = await english.post('/api/corporations/new', { name: name.toLowerCase(), siret: siret.digits });
    expect(both.json.errors).toEqual([
      { path: 'siret', message: 'A corporation already has this SIRET.' },
      { path: 'name', message: 'A corporation already has this name.' },
    ]);
    const bad = await english.post('/api/corporations/new', { name: '', siret: '123 456' });
    expect(bad.json.errors).toEqual([
      { path: 'name', message: 'This value should not be blank.' },
      { path: 'siret', message: 'A SIRET has 14 digits (spaces and dashes are ignored).' },
    ]);
    expect(Number((await app.core.db.knex('corporations').whereRaw('lower(name) = lower(?)', [name]).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it('allows a corporation without SIRET', async () => {
    const client = await as(app, 'management', 'en');
    const a = await createCorporation(client, { siret: '' });
    const b = await createCorporation(client, { siret: null });
    expect([a.siret, b.siret]).toEqual([null, null]);
  });
});

describe('searchCorporations', () => {
  it('searches from 2 characters on the name, the short name or the SIRET, short name first in the order', async () => {
    const client = await as(app, 'read-only');
    const writer = await as(app, 'pedagogy');
    const stem = uniqueName('Zq');
    const siret = randomSiret();
    const b = await createCorporation(writer, { name: `${stem} Bravo`, shortName: null, siret: siret.typed });
    const a = await createCorporation(writer, { name: `Société ${stem}`, shortName: `${stem} Alpha`, siret: randomSiret().digits });
    expect((await data(await client.graphql(search, { search: 'Z' }))).searchCorporations).toEqual([]);
    const found = (await data(await client.graphql(search, { search: stem.toLowerCase() }))).searchCorporations;
    expect(found).toEqual([
      { uuid: a.uuid, name: `Société ${stem}`, shortName: `${stem} Alpha`, siret: a.siret },
      { uuid: b.uuid, name: `${stem} Bravo`, shortName: null, siret: siret.digits },
    ]);
    expect((await data(await client.graphql(search, { search: 'alpha' }))).searchCorporations.map((c: { uuid: string }) => c.uuid)).toContain(a.uuid);
    expect((await data(await client.graphql(search, { search: siret.typed }))).searchCorporations.map((c: { uuid: string }) => c.uuid)).toEqual([b.uuid]);
    expect((await data(await client.graphql(search, { search: `${siret.digits.slice(0, 7)}-${siret.digits.slice(7)}` }))).searchCorporations.map((c: { uuid: string }) => c.uuid)).toEqual([b.uuid]);
    expectAccessDenied(await (await as(app, 'teacher')).graphql(search, { search: stem }));
  });
});

describe('corporations list', () => {
  it('orders by the name shown (short name first), searches name and SIRET, answers Not Found for an unknown one', async () => {
    const client = await as(app, 'isd', 'en');
    const stem = uniqueName('Yv');
    const siret = randomSiret();
    const zulu = await createCorporation(client, { name: `Aaa ${stem}`, shortName: `${stem} Zulu` });
    const mike = await createCorporation(client, { name: `${stem} Mike`, siret: siret.digits });
    const list = async (search: string) => (await data(await client.graphql('query($s: String) { corporations(search: $s) { uuid } }', { s: search }))).corporations.map((c: { uuid: string }) => c.uuid);
    expect(await list(stem)).toEqual([mike.uuid, zulu.uuid]);
    expect(await list(siret.typed)).toEqual([mike.uuid]);
    const missing = await client.graphql('query($id: ID!) { corporation(id: $id) { uuid } }', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.json.errors[0]).toMatchObject({ message: 'Not found.', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('contacts and tutors', () => {
  it('adds a contact and tutors to a corporation, lists its tutors by last name', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const company = await createCorporation(client);
    const contact = await client.post(`/api/corporations/${company.uuid}/contacts/new`, { firstName: 'Cora', lastName: uniqueName('Contact'), email: emailOf('contact'), campusId: ids.paris });
    expect(contact.json).toMatchObject({ message: 'The person has been created.', actor: { firstName: 'Cora', corporations: [{ uuid: company.uuid }], actorAccessRules: [{ actorTypology: { reference: 'corporation-contact' } }] } });

    const zed = await client.post(`/api/corporations/${company.uuid}/tutors/new`, { firstName: 'Zed', lastName: uniqueName('Zz'), email: emailOf('zed'), campusId: ids.lyon });
    expect(zed.status, zed.text).toBe(200);
    const abel = await client.post(`/api/corporations/${company.uuid}/tutors/new`, { firstName: 'Abel', lastName: uniqueName('Aa'), email: emailOf('abel'), campusId: ids.paris });
    // A tutor made without a corporation, then associated.
    const free = await client.post('/api/tutors/new', { firstName: 'Mia', lastName: uniqueName('Mm'), email: emailOf('mia'), campusId: ids.paris });
    expect(free.json.actor.corporations).toEqual([]);
    const associated = await client.post('/api/tutors/associate-corporation', { tutorId: free.json.actor.uuid, corporationId: company.uuid });
    expect(associated.json).toMatchObject({ message: 'The tutor has been associated with the corporation.', tutor: { uuid: free.json.actor.uuid, corporations: [{ uuid: company.uuid }] } });
    const again = await client.post('/api/tutors/associate-corporation', { tutorId: free.json.actor.uuid, corporationId: company.uuid });
    expect(again.json.errors).toEqual([{ path: 'corporationId', message: 'This tutor is already associated with this corporation.' }]);
    const notTutor = await client.post('/api/tutors/associate-corporation', { tutorId: contact.json.actor.uuid, corporationId: company.uuid });
    expect(notTutor.json.errors).toEqual([{ path: 'tutorId', message: 'This person is not a tutor on your campuses.' }]);
    const missing = await client.post('/api/tutors/associate-corporation', { tutorId: free.json.actor.uuid, corporationId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.json.errors).toEqual([{ path: 'corporationId', message: 'Choose a corporation.' }]);

    const tutors = (await data(await client.graphql(tutorsOf, { corporationUuid: company.uuid }))).getTutorsByCorporation;
    expect(tutors.map((t: { firstName: string }) => t.firstName)).toEqual(['Abel', 'Mia', 'Zed']);
    const view = (await data(await client.graphql(corporation, { id: company.uuid }))).corporation;
    expect(view.contacts.map((c: { uuid: string }) => c.uuid)).toEqual([contact.json.actor.uuid]);
    expect(view.tutors.map((c: { uuid: string }) => c.uuid)).toEqual(tutors.map((t: { uuid: string }) => t.uuid));

    // Same duplicate warning as /actor/new.
    const twin = await client.post(`/api/corporations/${company.uuid}/tutors/new`, { firstName: 'Abel', lastName: abel.json.actor.lastName, email: emailOf('abel2'), campusId: ids.paris });
    expect(twin.json.duplicates.map((d: { uuid: string }) => d.uuid)).toEqual([abel.json.actor.uuid]);
  });

  it('edits a tutor; the tutor routes are for tutors only', async () => {
    const client = await as(app, 'isd');
    const tutor = (await client.post('/api/tutors/new', { firstName: 'Tess', lastName: uniqueName('Tutrice'), email: emailOf('tess'), campusId: ids.paris })).json.actor;
    const path = `/api/tutors/${tutor.uuid}/edit`;
    expect((await client.get(path)).json.tutor).toMatchObject({ uuid: tutor.uuid, firstName: 'Tess' });
    const saved = await client.post(path, { firstName: 'Tessa', lastName: tutor.lastName, email: tutor.email, phone: '0102030405' });
    expect(saved.json).toMatchObject({ message: 'Les informations personnelles ont été enregistrées.', actor: { firstName: 'Tessa', phone: '0102030405' } });
    const coach = await createActor(client, { firstName: 'Coach', lastName: uniqueName('Coach'), typology: 'coach', campusId: ids.paris });
    expect((await client.get(`/api/tutors/${coach.uuid}/edit`)).status).toBe(404);
    expect((await client.get('/api/tutors/abc/edit')).json.errors).toEqual([{ path: 'id', message: "L'identifiant « abc » n'est pas un UUID valide." }]);
    expect((await client.post('/api/corporations/00000000-0000-4000-8000-000000000000/tutors/new', {})).status).toBe(404);
    const unknown = await client.post('/api/tutors/new', { firstName: 'Ugo', lastName: uniqueName('Ugo'), email: emailOf('ugo'), campusId: ids.paris, corporationId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json.errors).toEqual([{ path: 'corporationId', message: 'Choisissez une entreprise.' }]);
    const found = (await data(await client.graphql('query($s: String) { tutors(search: $s) { uuid firstName } }', { s: tutor.lastName }))).tutors;
    expect(found).toEqual([{ uuid: tutor.uuid, firstName: 'Tessa' }]);
  });
});

describe('campus scoping of corporation people', () => {
  it('a Lyon-only campus manager sees Lyon tutors only and changes no Paris one', async () => {
    const pedagogy = await as(app, 'pedagogy');
    const company = await createCorporation(pedagogy);
    const paris = (await pedagogy.post(`/api/corporations/${company.uuid}/tutors/new`, { firstName: 'Pierre', lastName: uniqueName('Paris'), email: emailOf('pierre'), campusId: ids.paris })).json.actor;
    const lyon = (await pedagogy.post(`/api/corporations/${company.uuid}/tutors/new`, { firstName: 'Louis', lastName: uniqueName('Lyon'), email: emailOf('louis'), campusId: ids.lyon })).json.actor;
    const other = await createCorporation(pedagogy);

    const manager = await as(app, 'campus-manager', 'en');
    expect((await data(await manager.graphql(tutorsOf, { corporationUuid: company.uuid }))).getTutorsByCorporation.map((t: { uuid: string }) => t.uuid)).toEqual([lyon.uuid]);
    expect((await data(await manager.graphql(corporation, { id: company.uuid }))).corporation.tutors.map((t: { uuid: string }) => t.uuid)).toEqual([lyon.uuid]);
    expectAccessDenied(await manager.get(`/api/tutors/${paris.uuid}/edit`));
    expectAccessDenied(await manager.post(`/api/tutors/${paris.uuid}/edit`, { firstName: 'X', lastName: 'Y', email: emailOf('x') }));
    expectAccessDenied(await manager.post('/api/tutors/associate-corporation', { tutorId: paris.uuid, corporationId: other.uuid }));
    expectAccessDenied(await manager.post(`/api/corporations/${company.uuid}/tutors/new`, { firstName: 'N', lastName: uniqueName('No'), email: emailOf('no'), campusId: ids.paris }));
    expectAccessDenied(await manager.post(`/api/corporations/${company.uuid}/contacts/new`, { firstName: 'N', lastName: uniqueName('No'), email: emailOf('no'), campusId: ids.paris }));
    expect(await app.core.db.knex('corporation_people').where({ actor_id: paris.uuid }).pluck('corporation_id')).toEqual([company.uuid]);
    // Lyon is theirs.
    expect((await manager.post('/api/tutors/associate-corporation', { tutorId: lyon.uuid, corporationId: other.uuid })).status).toBe(200);
  });

  it('read-only reads corporations and changes nothing; a teacher gets Access Denied', async () => {
    const pedagogy = await as(app, 'pedagogy');
    const company = await createCorporation(pedagogy);
    const tutor = (await pedagogy.post('/api/tutors/new', { firstName: 'Rita', lastName: uniqueName('Ro'), email: emailOf('rita'), campusId: ids.paris })).json.actor;
    const readOnly = await as(app, 'read-only');
    expect((await data(await readOnly.graphql(corporation, { id: company.uuid }))).corporation.uuid).toBe(company.uuid);
    const counts = async () => Promise.all(['corporations', 'corporation_people', 'actors'].map(async (table) => (await app.core.db.knex(table).count({ n: '*' }).first())!.n));
    const before = await counts();
    expectAccessDenied(await readOnly.post('/api/corporations/new', { name: uniqueName('Ro '), siret: randomSiret().digits }));
    expectAccessDenied(await readOnly.post(`/api/corporations/${company.uuid}/contacts/new`, { firstName: 'N', lastName: uniqueName('No'), email: emailOf('no'), campusId: ids.paris }));
    expectAccessDenied(await readOnly.post(`/api/corporations/${company.uuid}/tutors/new`, { firstName: 'N', lastName: uniqueName('No'), email: emailOf('no'), campusId: ids.paris }));
    expectAccessDenied(await readOnly.post('/api/tutors/new', { firstName: 'N', lastName: uniqueName('No'), email: emailOf('no'), campusId: ids.paris }));
    expectAccessDenied(await readOnly.post('/api/tutors/associate-corporation', { tutorId: tutor.uuid, corporationId: company.uuid }));
    expectAccessDenied(await readOnly.post(`/api/tutors/${tutor.uuid}/edit`, { firstName: 'X', lastName: 'Y', email: emailOf('x') }));
    expect(await counts()).toEqual(before);

    const teacher = await as(app, 'teacher');
    expectAccessDenied(await teacher.graphql(corporation, { id: company.uuid }));
    expectAccessDenied(await teacher.graphql(tutorsOf, { corporationUuid: company.uuid }));
    expectAccessDenied(await teacher.graphql('{ corporations { uuid } }'));
    expectAccessDenied(await teacher.post('/api/corporations/new', { name: 'T', siret: randomSiret().digits }));
    expectAccessDenied(await teacher.get(`/api/tutors/${tutor.uuid}/edit`));
  });
});
