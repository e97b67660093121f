import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { as, campuses, createActor, data, emailOf, expectAccessDenied, uniqueName } from './support.js';

let app: TestApp;
let ids: { paris: string; lyon: string };
let parisActor: { uuid: string; lastName: string; firstName: string; email: string };
let lyonActor: { uuid: string; lastName: string; firstName: string; email: string };
beforeAll(async () => {
  app = await startTestApp();
  ids = await campuses(app);
  const pedagogy = await as(app, 'pedagogy');
  parisActor = await createActor(pedagogy, { firstName: 'Paula', lastName: uniqueName('Parisienne'), typology: 'teacher', campusId: ids.paris });
  lyonActor = await createActor(pedagogy, { firstName: 'Lina', lastName: uniqueName('Lyonnaise'), typology: 'teacher', campusId: ids.lyon });
});
afterAll(() => app.close());

const byName = 'query($lastName: String!, $firstName: String!) { ActorsByName(lastName: $lastName, firstName: $firstName) { uuid actorAccessRules { campus { name } } } }';
const byMail = 'query($email: String!) { ActorsByMail(email: $email) { uuid } }';
const list = 'query($search: String) { actors(search: $search) { total items { uuid } } }';
const one = 'query($id: ID!) { actor(id: $id) { uuid } }';
const referents = 'query($campusUuid: ID!) { getReferentsByCampus(campusUuid: $campusUuid) { uuid } }';
const updateActor = 'mutation($input: UpdateActorInput!) { UpdateActor(input: $input) { actor { uuid archived } } }';

async function snapshot(id: string) {
  const knex = app.core.db.knex;
  return { actor: await knex('actors').where({ id }).first(), rules: await knex('actor_access_rules').where({ actor_id: id }).orderBy('typology') };
}

describe('campus scoping of actors', () => {
  it('a Lyon-only campus manager neither sees nor changes Paris actors', async () => {
    const lyon = await as(app, 'campus-manager', 'en');
    expect((await data(await lyon.graphql(list, { search: parisActor.lastName }))).actors).toEqual({ total: 0, items: [] });
    expect((await data(await lyon.graphql(byName, { lastName: parisActor.lastName, firstName: 'Paula' }))).ActorsByName).toEqual([]);
    expect((await data(await lyon.graphql(byMail, { email: parisActor.email }))).ActorsByMail).toEqual([]);
    expectAccessDenied(await lyon.graphql(one, { id: parisActor.uuid }));
    expectAccessDenied(await lyon.graphql(referents, { campusUuid: ids.paris }));
    expectAccessDenied(await lyon.get(`/api/actor/${parisActor.uuid}/personal-informations/edit`));

    const before = await snapshot(parisActor.uuid);
    expectAccessDenied(await lyon.post(`/api/actor/${parisActor.uuid}/personal-informations/edit`, { firstName: 'X', lastName: 'Y', email: emailOf('xy') }));
    expectAccessDenied(await lyon.post(`/api/actor/${parisActor.uuid}/add-typology`, { typology: 'coach', campusId: ids.lyon }));
    expectAccessDenied(await lyon.graphql(updateActor, { input: { id: parisActor.uuid, archived: true } }));
    expectAccessDenied(await lyon.post('/api/actor/new', { firstName: 'A', lastName: uniqueName('Nope'), email: emailOf('nope'), typology: 'student', campusId: ids.paris }));
    expect(await snapshot(parisActor.uuid)).toEqual(before);

    // The form only offers Lyon, without staff typologies (the staff grant is the direction's).
    const form = await lyon.get('/api/actor/new');
    expect(form.json.campuses).toEqual([{ id: ids.lyon, name: 'Lyon', typologies: expect.not.arrayContaining(['pedagogy', 'referent']) }]);
    expectAccessDenied(await lyon.post('/api/actor/new', { firstName: 'A', lastName: uniqueName('Boss'), email: emailOf('boss'), typology: 'management', campusId: ids.lyon }));
  });

  it('the same campus manager sees and changes Lyon actors, but not a colleague with staff access', async () => {
    const lyon = await as(app, 'campus-manager', 'en');
    expect((await data(await lyon.graphql(list, { search: lyonActor.lastName }))).actors.items).toEqual([{ uuid: lyonActor.uuid }]);
    const edited = await lyon.post(`/api/actor/${lyonActor.uuid}/personal-informations/edit`, { firstName: 'Lina', lastName: lyonActor.lastName, email: lyonActor.email, phone: '04 72 00 00 00' });
    expect(edited.json.message).toBe('The personal information has been saved.');
    expect((await lyon.post(`/api/actor/${lyonActor.uuid}/add-typology`, { typology: 'coach', campusId: ids.lyon })).status).toBe(200);
    expectAccessDenied(await lyon.post(`/api/actor/${lyonActor.uuid}/add-typology`, { typology: 'coach', campusId: ids.paris }));
    expect((await data(await lyon.graphql(updateActor, { input: { id: lyonActor.uuid, archived: true } }))).UpdateActor.actor.archived).toBe(true);
    expect((await data(await lyon.graphql(updateActor, { input: { id: lyonActor.uuid, archived: false } }))).UpdateActor.actor.archived).toBe(false);

    // Claire Martin (pedagogy, Paris and Lyon): visible, with her Lyon rule only; not changeable from Lyon.
    const claire = (await data(await lyon.graphql(byName, { lastName: 'Martin', firstName: 'Claire' }))).ActorsByName;
    const pedagogy = claire.find((a: { actorAccessRules: { campus: { name: string } }[] }) => a.actorAccessRules.length);
    expect(pedagogy.actorAccessRules).toEqual([{ campus: { name: 'Lyon' } }]);
    expectAccessDenied(await lyon.graphql(updateActor, { input: { id: pedagogy.uuid, archived: true } }));
  });

  it('read-only reads its campus and changes nothing', async () => {
    const readOnly = await as(app, 'read-only');
    expect((await data(await readOnly.graphql(list, { search: parisActor.lastName }))).actors.items).toEqual([{ uuid: parisActor.uuid }]);
    expect((await data(await readOnly.graphql(list, { search: lyonActor.lastName }))).actors.items).toEqual([]);
    expect((await readOnly.get(`/api/actor/${parisActor.uuid}/personal-informations/edit`)).status).toBe(200);
    const before = await snapshot(parisActor.uuid);
    const count = await app.core.db.knex('actors').count({ n: '*' }).first();
    expectAccessDenied(await readOnly.get('/api/actor/new'));
    expectAccessDenied(await readOnly.post('/api/actor/new', { firstName: 'R', lastName: uniqueName('Ro'), email: emailOf('ro'), typology: 'student', campusId: ids.paris, ignoreDuplicates: true }));
    expectAccessDenied(await readOnly.post(`/api/actor/${parisActor.uuid}/personal-informations/edit`, { firstName: 'X', lastName: 'Y', email: emailOf('xy') }));
    expectAccessDenied(await readOnly.post(`/api/actor/${parisActor.uuid}/add-typology`, { typology: 'coach', campusId: ids.paris }));
    expectAccessDenied(await readOnly.graphql(updateActor, { input: { id: parisActor.uuid, archived: true } }));
    expect(await snapshot(parisActor.uuid)).toEqual(before);
    expect(await app.core.db.knex('actors').count({ n: '*' }).first()).toEqual(count);
  });

  it('a teacher gets Access Denied everywhere', async () => {
    const teacher = await as(app, 'teacher');
    for (const response of [
      await teacher.graphql(list, {}),
      await teacher.graphql(byName, { lastName: 'Martin', firstName: 'Claire' }),
      await teacher.graphql(byMail, { email: 'demo' }),
      await teacher.graphql(referents, { campusUuid: ids.paris }),
      await teacher.graphql(one, { id: parisActor.uuid }),
      await teacher.graphql(updateActor, { input: { id: parisActor.uuid, archived: true } }),
      await teacher.get('/api/actor/new'),
      await teacher.post('/api/actor/new', { firstName: 'T', lastName: 'T', email: emailOf('t'), typology: 'student', campusId: ids.paris }),
      await teacher.get(`/api/actor/${parisActor.uuid}/personal-informations/edit`),
      await teacher.post(`/api/actor/${parisActor.uuid}/add-typology`, { typology: 'coach', campusId: ids.paris }),
    ]) expectAccessDenied(response);
  });

  it('asks for a login first', async () => {
    const { ApiClient } = await import('../../support/app.js');
    const anonymous = new ApiClient(app.baseUrl, 'en');
    expect(reasonOf((await anonymous.graphql(list, {})).json.errors[0])).toBe('User is not logged in');
    expect((await anonymous.post('/api/actor/new', {})).status).toBe(401);
  });
});
