import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { actorFields, as, campuses, createActor, data, emailOf, uniqueName } from './support.js';

let app: TestApp;
let ids: { paris: string; lyon: string };
beforeAll(async () => {
  app = await startTestApp();
  ids = await campuses(app);
});
afterAll(() => app.close());

const byName = `query($lastName: String!, $firstName: String!, $strict: Boolean, $excludeId: ID) { ActorsByName(lastName: $lastName, firstName: $firstName, strict: $strict, excludeId: $excludeId) { ${actorFields} } }`;
const byMail = `query($email: String!, $strict: Boolean, $excludeId: ID) { ActorsByMail(email: $email, strict: $strict, excludeId: $excludeId) { ${actorFields} } }`;
const referents = 'query($campusUuid: ID!) { getReferentsByCampus(campusUuid: $campusUuid) { uuid lastName firstName actorAccessRules { campus { name } actorTypology { reference } } } }';
const updateActor = 'mutation UpdateActor($input: UpdateActorInput!) { UpdateActor(input: $input) { clientMutationId message actor { uuid archived } } }';
const list = 'query($search: String, $archived: Boolean, $typology: String) { actors(search: $search, archived: $archived, typology: $typology) { total items { uuid lastName firstName archived } } }';

describe('/actor/new with duplicate detection', () => {
  it('creates an actor, warns about a second entry of the same name and creates it when told to ignore', async () => {
    const client = await as(app, 'pedagogy');
    const lastName = uniqueName('Martin');
    const form = await client.get('/api/actor/new');
    expect(form.json.campuses.map((c: { name: string }) => c.name)).toEqual(['Lyon', 'Paris']);
    expect(form.json.campuses[0].typologies).toContain('pedagogy');

    const first = await client.post('/api/actor/new', { firstName: 'Jean-Marc', lastName, email: emailOf(lastName), phone: '06 12 34 56 78', typology: 'teacher', campusId: ids.paris });
    expect(first.status, first.text).toBe(200);
    expect(first.json.message).toBe('La personne a été créée.');
    expect(first.json.actor).toMatchObject({ firstName: 'Jean-Marc', lastName, phone: '06 12 34 56 78', archived: false, actorAccessRules: [{ campus: { name: 'Paris' }, actorTypology: { reference: 'teacher' } }] });

    // "Jean Marc" of "<name>-Durand": last name cut at the dash, first names joined with %.
    const second = { firstName: ' Jean Marc ', lastName: `${lastName}-Durand`, email: emailOf(lastName), typology: 'student', campusId: ids.lyon };
    const warned = await client.post('/api/actor/new', second);
    expect(warned.status).toBe(200);
    expect(warned.json.actor).toBeUndefined();
    expect(warned.json.duplicates).toEqual([expect.objectContaining({ uuid: first.json.actor.uuid, lastName, matchedBy: ['name'] })]);
    expect(await app.core.db.knex('actors').where('last_name', `${lastName}-Durand`).first()).toBeUndefined();

    const created = await client.post('/api/actor/new', { ...second, ignoreDuplicates: true });
    expect(created.status, created.text).toBe(200);
    expect(created.json.actor).toMatchObject({ firstName: 'Jean Marc', lastName: `${lastName}-Durand` });
  });

  it('refuses an e-mail already used, whatever its case, and warns about a similar one', async () => {
    const client = await as(app, 'management', 'en');
    const lastName = uniqueName('Mail');
    const email = `marie.${lastName.toLowerCase()}@people.test`;
    const first = await createActor(client, { firstName: 'Ana', lastName, email, typology: 'coach', campusId: ids.paris });
    const taken = await client.post('/api/actor/new', { firstName: 'Other', lastName: uniqueName('Other'), email: email.toUpperCase(), typology: 'coach', campusId: ids.paris, ignoreDuplicates: true });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual([{ path: 'email', message: 'This e-mail address is already used by another person.' }]);

    const similar = await client.post('/api/actor/new', { firstName: 'Other', lastName: uniqueName('Other'), email: ` ${lastName.toLowerCase()}@people.test `, typology: 'coach', campusId: ids.paris });
    expect(similar.json.duplicates).toEqual([expect.objectContaining({ uuid: first.uuid, matchedBy: ['email'] })]);
  });

  it('answers violations in the caller language and creates nothing', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const bad = await client.post('/api/actor/new', { firstName: '', lastName: 'X', email: 'nope', typology: 'wizard', campusId: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([
      { path: 'firstName', message: 'This value should not be blank.' },
      { path: 'email', message: 'This value is not a valid email address.' },
      { path: 'typology', message: 'Choose a typology.' },
      { path: 'campusId', message: 'Choose a campus.' },
    ]);
    const french = await as(app, 'pedagogy', 'fr');
    const phone = await french.post('/api/actor/new', { firstName: 'A', lastName: 'B', email: 'a@b.fr', phone: 'abc', typology: 'coach', campusId: ids.paris });
    expect(phone.json.errors).toEqual([{ path: 'phone', message: "Ce numéro de téléphone n'est pas valide." }]);
    expect(await app.core.db.knex('actors').where('email', 'a@b.fr').first()).toBeUndefined();
  });
});

describe('ActorsByName, ActorsByMail (SPEC §5 matching)', () => {
  it('finds name forms, orders by last name, applies the strict flag and leaves the current id out', async () => {
    const client = await as(app, 'pedagogy');
    const stem = uniqueName('Le');
    const a = await createActor(client, { firstName: 'Marie-Claire', lastName: `${stem} Goff`, typology: 'student', campusId: ids.paris });
    const b = await createActor(client, { firstName: 'Marie Claire', lastName: stem, typology: 'student', campusId: ids.lyon });
    const c = await createActor(client, { firstName: 'marie-claire', lastName: stem.toUpperCase(), typology: 'student', campusId: ids.paris });
    await createActor(client, { firstName: 'Paul', lastName: stem, typology: 'student', campusId: ids.paris });

    const found = (await data(await client.graphql(byName, { lastName: `${stem}-Dupont`, firstName: 'Marie Claire' }))).ActorsByName;
    expect(found.map((x: { uuid: string }) => x.uuid).sort()).toEqual([a.uuid, b.uuid, c.uuid].sort());
    const lastNames = found.map((x: { lastName: string }) => x.lastName.toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort());

    const strict = (await data(await client.graphql(byName, { lastName: ` ${stem.toLowerCase()} `, firstName: 'MARIE-CLAIRE', strict: true }))).ActorsByName;
    expect(strict.map((x: { uuid: string }) => x.uuid)).toEqual([c.uuid]);
    const excluded = (await data(await client.graphql(byName, { lastName: stem, firstName: 'Marie Claire', excludeId: b.uuid }))).ActorsByName;
    expect(excluded.map((x: { uuid: string }) => x.uuid).sort()).toEqual([a.uuid, c.uuid].sort());

    const mails = (await data(await client.graphql(byMail, { email: a.email.split('@')[0] }))).ActorsByMail;
    expect(mails.map((x: { uuid: string }) => x.uuid)).toEqual([a.uuid]);
    expect((await data(await client.graphql(byMail, { email: a.email.toUpperCase(), strict: true }))).ActorsByMail.map((x: { uuid: string }) => x.uuid)).toEqual([a.uuid]);
    expect((await data(await client.graphql(byMail, { email: a.email.slice(1), strict: true }))).ActorsByMail).toEqual([]);
    expect((await data(await client.graphql(byMail, { email: a.email, excludeId: a.uuid }))).ActorsByMail).toEqual([]);
  });

  it('wants both names, and UUIDs', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const blank = await client.graphql(byName, { lastName: ' ', firstName: 'x' });
    expect(blank.json.errors[0].extensions.violations).toEqual([{ path: 'lastName', message: 'This value should not be blank.' }]);
    const badId = await client.graphql(byName, { lastName: 'a', firstName: 'b', excludeId: 'abc' });
    expect(badId.json.errors[0].extensions.violations).toEqual([{ path: 'excludeId', message: 'The id "abc" is not a valid UUID.' }]);
  });
});

describe('getReferentsByCampus', () => {
  it('lists the active referents of the campus by last name ascending', async () => {
    const client = await as(app, 'management');
    const z = await createActor(client, { firstName: 'Zoé', lastName: uniqueName('Zz'), typology: 'referent', campusId: ids.lyon });
    const a = await createActor(client, { firstName: 'Adam', lastName: uniqueName('Aa'), typology: 'referent', campusId: ids.lyon });
    const archived = await createActor(client, { firstName: 'Old', lastName: uniqueName('Mm'), typology: 'referent', campusId: ids.lyon });
    await data(await client.graphql(updateActor, { input: { id: archived.uuid, archived: true } }));
    await createActor(client, { firstName: 'Not', lastName: uniqueName('Bb'), typology: 'teacher', campusId: ids.lyon });

    const lyon = (await data(await client.graphql(referents, { campusUuid: ids.lyon }))).getReferentsByCampus;
    const names = lyon.map((r: { lastName: string }) => r.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(lyon.map((r: { uuid: string }) => r.uuid)).toEqual(expect.arrayContaining([a.uuid, z.uuid]));
    expect(lyon.findIndex((r: { uuid: string }) => r.uuid === a.uuid)).toBeLessThan(lyon.findIndex((r: { uuid: string }) => r.uuid === z.uuid));
    expect(lyon.map((r: { uuid: string }) => r.uuid)).not.toContain(archived.uuid);
    expect(lyon.every((r: { actorAccessRules: { campus: { name: string }; actorTypology: { reference: string } }[] }) => r.actorAccessRules.some((rule) => rule.campus.name === 'Lyon' && rule.actorTypology.reference === 'referent'))).toBe(true);
    const paris = (await data(await client.graphql(referents, { campusUuid: ids.paris }))).getReferentsByCampus;
    expect(paris.map((r: { lastName: string }) => r.lastName)).toContain('Laurent');
    expect(paris.map((r: { uuid: string }) => r.uuid)).not.toContain(a.uuid);
  });
});

describe('personal information, typologies, archive', () => {
  it('edits the personal information, warning only when the name changes to a known one', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const taken = await createActor(client, { firstName: 'Rose', lastName: uniqueName('Rose'), typology: 'coach', campusId: ids.paris });
    const actor = await createActor(client, { firstName: 'Iris', lastName: uniqueName('Iris'), typology: 'coach', campusId: ids.paris });
    const path = `/api/actor/${actor.uuid}/personal-informations/edit`;
    expect((await client.get(path)).json.actor).toMatchObject({ uuid: actor.uuid, firstName: 'Iris' });

    const same = await client.post(path, { firstName: 'Iris', lastName: actor.lastName, email: actor.email, phone: '+33 6 00 00 00 00' });
    expect(same.json).toMatchObject({ message: 'The personal information has been saved.', actor: { phone: '+33 6 00 00 00 00' } });
    const warned = await client.post(path, { firstName: 'Rose', lastName: taken.lastName, email: actor.email });
    expect(warned.json.duplicates.map((d: { uuid: string }) => d.uuid)).toEqual([taken.uuid]);
    expect((await app.core.db.knex('actors').where('id', actor.uuid).first()).first_name).toBe('Iris');
    const saved = await client.post(path, { firstName: 'Rose', lastName: taken.lastName, email: actor.email, ignoreDuplicates: true });
    expect(saved.json.actor).toMatchObject({ firstName: 'Rose', lastName: taken.lastName });
    const clash = await client.post(path, { firstName: 'Rose', lastName: taken.lastName, email: taken.email, ignoreDuplicates: true });
    expect(clash.status).toBe(422);
    expect(clash.json.errors).toEqual([{ path: 'email', message: 'This e-mail address is already used by another person.' }]);
    expect((await client.get('/api/actor/abc/personal-informations/edit')).json.errors).toEqual([{ path: 'id', message: 'The id "abc" is not a valid UUID.' }]);
  });

  it('adds a typology once per campus', async () => {
    const client = await as(app, 'pedagogy');
    const actor = await createActor(client, { firstName: 'Tom', lastName: uniqueName('Tom'), typology: 'teacher', campusId: ids.paris });
    const added = await client.post(`/api/actor/${actor.uuid}/add-typology`, { typology: 'coach', campusId: ids.lyon });
    expect(added.json.message).toBe('La typologie a été ajoutée.');
    expect(added.json.actor.actorAccessRules.map((r: { campus: { name: string }; actorTypology: { reference: string } }) => `${r.campus.name}:${r.actorTypology.reference}`)).toEqual(['Lyon:coach', 'Paris:teacher']);
    const again = await client.post(`/api/actor/${actor.uuid}/add-typology`, { typology: 'coach', campusId: ids.lyon });
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([{ path: 'typology', message: 'Cette personne a déjà cette typologie sur ce campus.' }]);
  });

  it('archives and unarchives through UpdateActor; nobody archives themselves', async () => {
    const client = await as(app, 'management', 'en');
    const actor = await createActor(client, { firstName: 'Ann', lastName: uniqueName('Arch'), typology: 'student', campusId: ids.lyon });
    const archived = await data(await client.graphql(updateActor, { input: { id: actor.uuid, archived: true, clientMutationId: 'm1' } }));
    expect(archived.UpdateActor).toEqual({ clientMutationId: 'm1', message: 'The person has been archived.', actor: { uuid: actor.uuid, archived: true } });
    const active = (await data(await client.graphql(list, { search: actor.lastName, archived: false }))).actors;
    expect(active).toEqual({ total: 0, items: [] });
    expect((await data(await client.graphql(list, { search: actor.lastName, archived: true }))).actors.items.map((a: { uuid: string }) => a.uuid)).toEqual([actor.uuid]);
    const back = await data(await client.graphql(updateActor, { input: { id: actor.uuid, archived: false } }));
    expect(back.UpdateActor).toEqual({ clientMutationId: null, message: 'The person has been unarchived.', actor: { uuid: actor.uuid, archived: false } });

    const me = (await app.core.db.knex('actors').where('email', 'management@demo.alterna.school').first()).id;
    const self = await client.graphql(updateActor, { input: { id: me, archived: true } });
    expect(self.json.errors[0].extensions.violations).toEqual([{ path: 'archived', message: 'You cannot archive your own account.' }]);
    const badId = await client.graphql(updateActor, { input: { id: 'abc', archived: true } });
    expect(badId.json.errors[0].extensions.violations).toEqual([{ path: 'id', message: 'The id "abc" is not a valid UUID.' }]);
  });

  it('lists actors with a search on names and e-mail, by last name, with a typology filter', async () => {
    const client = await as(app, 'pedagogy');
    const stem = uniqueName('Liste');
    await createActor(client, { firstName: 'Zoltan', lastName: `${stem}b`, typology: 'coach', campusId: ids.paris });
    await createActor(client, { firstName: 'Ava', lastName: `${stem}a`, typology: 'teacher', campusId: ids.lyon });
    const all = (await data(await client.graphql(list, { search: stem }))).actors;
    expect(all.total).toBe(2);
    expect(all.items.map((a: { firstName: string }) => a.firstName)).toEqual(['Ava', 'Zoltan']);
    expect((await data(await client.graphql(list, { search: `zolt ${stem}` }))).actors.items.map((a: { firstName: string }) => a.firstName)).toEqual(['Zoltan']);
    expect((await data(await client.graphql(list, { search: stem, typology: 'teacher' }))).actors.items.map((a: { firstName: string }) => a.firstName)).toEqual(['Ava']);
    const badTypology = await client.graphql(list, { typology: 'king' });
    expect(badTypology.json.errors[0].extensions.violations).toEqual([{ path: 'typology', message: 'Choisissez une typologie.' }]);
  });
});

describe('services for other modules', () => {
  it('creates an actor inside the caller transaction and reads actors by id', async () => {
    const people = app.core.services<import('@alterna/people').PeopleServices>('people');
    const knex = app.core.db.knex;
    const viewer = (await app.core.services<import('@alterna/identity').IdentityServices>('identity').loadActor((await knex('actors').where('email', 'pedagogy@demo.alterna.school').first()).id))!;
    const lastName = uniqueName('Service');
    const id = await knex.transaction((trx) => people.actors.create(viewer, { firstName: 'Sam', lastName, email: emailOf(lastName), typology: 'student', campusId: ids.lyon }, trx));
    expect(await people.actors.byIds([id])).toEqual([expect.objectContaining({ id, uuid: id, firstName: 'Sam', lastName, archived: false })]);
    expect(await knex('actor_access_rules').where({ actor_id: id }).select('typology', 'campus_id')).toEqual([{ typology: 'student', campus_id: ids.lyon }]);

    // Rolled back with the caller's transaction.
    const other = uniqueName('Rolled');
    await expect(knex.transaction(async (trx) => {
      await people.actors.create(viewer, { firstName: 'Rob', lastName: other, email: emailOf(other), typology: 'student', campusId: ids.lyon }, trx);
      throw new Error('caller failed');
    })).rejects.toThrow('caller failed');
    expect(await knex('actors').where('last_name', other).first()).toBeUndefined();

    // Violations in the viewer's language (French when none), Access Denied outside their campuses.
    await expect(people.actors.create(viewer, { firstName: 'Sam', lastName, email: (await people.actors.byIds([id]))[0]!.email.toUpperCase(), typology: 'student', campusId: ids.lyon })).rejects.toMatchObject({ violations: [
      { path: 'email', message: 'Cette adresse e-mail est déjà utilisée par une autre personne.' },
    ] });
    await expect(people.actors.create(viewer, { firstName: '', lastName, email: 'bad', typology: 'student', campusId: ids.lyon })).rejects.toMatchObject({ violations: [
      { path: 'firstName', message: 'Cette valeur ne doit pas être vide.' },
      { path: 'email', message: "Cette valeur n'est pas une adresse e-mail valide." },
    ] });
    const lyonManager = (await app.core.services<import('@alterna/identity').IdentityServices>('identity').loadActor((await knex('actors').where('email', 'campus-manager@demo.alterna.school').first()).id))!;
    await expect(people.actors.create(lyonManager, { firstName: 'A', lastName: 'B', email: emailOf('B'), typology: 'student', campusId: ids.paris })).rejects.toThrow('Access Denied.');
    await expect(people.actors.create(lyonManager, { firstName: 'A', lastName: 'B', email: emailOf('B'), typology: 'pedagogy', campusId: ids.lyon })).rejects.toThrow('Access Denied.');
  });
});
