import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { demoCampuses, loggedIn, removeCampuses, testCampus, unique } from './helpers.js';

let app: TestApp;
let demo: { Paris: string; Lyon: string };
const made: string[] = [];
beforeAll(async () => {
  app = await startTestApp();
  demo = await demoCampuses(app);
});
afterAll(async () => {
  await removeCampuses(app.core.db.knex, made);
  await app.close();
});

const knex = () => app.core.db.knex;
const parisSite = async () => (await knex()('sites').where({ campus_id: demo.Paris, name: 'Paris Nation' }).first('id')).id as string;
const parisBuilding = async () => (await knex()('buildings').where({ name: 'Bâtiment A' }).first('id')).id as string;

describe('campuses', () => {
  it('creates a campus, gives its creator access to it, and refuses a second one of the same name', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const name = unique('Campus Marseille');
    const created = await pedagogy.post('/api/training-center/campus/new', { name: `  ${name} `, openDays: [1, 2, 3, 4, 5] });
    expect(created.status).toBe(200);
    made.push(created.json.id);
    expect(await knex()('campuses').where({ id: created.json.id }).first('name', 'open_days')).toEqual({ name, open_days: [1, 2, 3, 4, 5] });
    const me = await pedagogy.get('/api/auth/me');
    expect(me.json.actor.campuses.map((c: { id: string }) => c.id)).toContain(created.json.id);

    const again = await pedagogy.post('/api/training-center/campus/new', { name: name.toUpperCase(), openDays: [1] });
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([{ path: 'name', message: `A campus named “${name.toUpperCase()}” already exists.` }]);
  });

  it('checks the form: a name, and at least one open day between 1 and 7', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy', 'fr');
    const response = await pedagogy.post('/api/centre-de-formation/campus/nouveau', { name: '', openDays: [] });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Cette valeur ne doit pas être vide.' },
        { path: 'openDays', message: "Choisissez au moins un jour d'ouverture." },
      ]),
    );
    const badDay = await pedagogy.post('/api/training-center/campus/new', { name: unique('Campus'), openDays: [8] });
    expect(badDay.status).toBe(422);
    expect(badDay.json.errors[0].path).toBe('openDays[0]');
  });

  it('lets only pedagogy, isd and management create campuses', async () => {
    for (const typology of ['campus-manager', 'read-only', 'teacher']) {
      const client = await loggedIn(app, typology);
      const response = await client.post('/api/training-center/campus/new', { name: unique('Campus'), openDays: [1] });
      expect(response.status, typology).toBe(403);
      expect(reasonOf(response.json.errors[0])).toBe('Access Denied.');
    }
  });

  it('refuses to remove a campus that is used, in the user language, and removes an unused one', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy', 'fr');
    const paris = await pedagogy.request('DELETE', `/api/centre-de-formation/campus/${demo.Paris}`);
    expect(paris.status).toBe(422);
    expect(paris.json.errors).toEqual([{ path: '', message: 'Le campus « Paris » ne peut pas être supprimé tant qu\'il est utilisé.' }]);
    expect(await knex()('campuses').where({ id: demo.Paris }).first('id')).toBeTruthy();

    const created = await pedagogy.post('/api/training-center/campus/new', { name: unique('Campus éphémère'), openDays: [1] });
    const removed = await pedagogy.request('DELETE', `/api/training-center/campus/${created.json.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json.message).toBe('Campus supprimé avec succès.');
    expect(await knex()('campuses').where({ id: created.json.id }).first()).toBeUndefined();
    expect(await knex()('actor_access_rules').where({ campus_id: created.json.id }).first()).toBeUndefined();
  });

  it('counts other people’s access rules as use, even with no site', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const created = await pedagogy.post('/api/training-center/campus/new', { name: unique('Campus partagé'), openDays: [1] });
    made.push(created.json.id);
    const isd = await knex()('actors').where({ email: 'isd@demo.alterna.school' }).first('id');
    await knex()('actor_access_rules').insert({ actor_id: isd.id, campus_id: created.json.id, typology: 'isd' });
    const refused = await pedagogy.request('DELETE', `/api/training-center/campus/${created.json.id}`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toMatch(/cannot be removed while it is in use/);
  });

  it('updates a campus on the campus concerned only', async () => {
    const manager = await loggedIn(app, 'campus-manager');
    const lyon = await manager.post(`/api/training-center/campus/${demo.Lyon}`, { name: 'Lyon', openDays: [1, 2, 3, 4, 5, 6] });
    expect(lyon.status).toBe(200);
    const paris = await manager.post(`/api/training-center/campus/${demo.Paris}`, { name: 'Paris pirate', openDays: [1] });
    expect(paris.status).toBe(403);
    expect((await knex()('campuses').where({ id: demo.Paris }).first('name')).name).toBe('Paris');
  });

  it('answers a non-UUID id with 422', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const response = await pedagogy.request('DELETE', '/api/training-center/campus/42');
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: 'id', message: 'The id "42" is not a valid UUID.' }]);
  });
});

describe('sites and buildings', () => {
  it('creates, renames and removes a site with its buildings and rooms: "site deleted successfully"', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const place = await testCampus(app, pedagogy);
    made.push(place.campusId);
    const renamed = await pedagogy.post(`/api/training-center/sites/${place.siteId}`, { name: 'Site Nord', address: null });
    expect(renamed.status).toBe(200);
    expect(await knex()('sites').where({ id: place.siteId }).first('name', 'address')).toEqual({ name: 'Site Nord', address: null });
    await pedagogy.post(`/api/training-center/${place.buildingId}/rooms/edit`, { rooms: [{ name: 'S1', size: 10 }] });

    const removed = await pedagogy.request('DELETE', `/api/training-center/sites/${place.siteId}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ message: 'Site deleted successfully.' });
    expect(await knex()('buildings').where({ id: place.buildingId }).first()).toBeUndefined();
    const fr = await loggedIn(app, 'pedagogy', 'fr');
    const other = await fr.post(`/api/centre-de-formation/campus/${place.campusId}/sites/nouveau`, { name: 'Site Sud' });
    expect((await fr.request('DELETE', `/api/centre-de-formation/sites/${other.json.id}`)).json.message).toBe('Site supprimé avec succès.');
  });

  it('keeps names unique per parent with a clear message', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const site = await pedagogy.post(`/api/training-center/campus/${demo.Paris}/sites/new`, { name: 'paris  nation' });
    expect(site.status).toBe(422);
    expect(site.json.errors).toEqual([{ path: 'name', message: 'A site named “paris nation” already exists on this campus.' }]);
    const building = await pedagogy.post(`/api/training-center/${await parisSite()}/new`, { name: 'Bâtiment B' });
    expect(building.json.errors).toEqual([{ path: 'name', message: 'A building named “Bâtiment B” already exists on this site.' }]);
    // The same name is fine under another parent.
    const lyonSite = await knex()('sites').where({ campus_id: demo.Lyon }).first('id');
    const elsewhere = await pedagogy.post(`/api/training-center/${lyonSite.id}/new`, { name: 'Bâtiment B' });
    expect(elsewhere.status).toBe(200);
    await knex()('buildings').where({ id: elsewhere.json.id }).delete();
  });

  it('shows a building for its edit form, and renames it through /{id}/edit', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const place = await testCampus(app, pedagogy);
    made.push(place.campusId);
    const shown = await pedagogy.get(`/api/training-center/${place.buildingId}/edit`);
    expect(shown.json.building).toMatchObject({ id: place.buildingId, name: 'Bâtiment 1', site: { id: place.siteId, campus: { id: place.campusId } }, rooms: [] });
    const renamed = await pedagogy.post(`/api/training-center/${place.buildingId}/edit`, { name: 'Bâtiment Est' });
    expect(renamed.status).toBe(200);
    expect((await pedagogy.get(`/api/centre-de-formation/${place.buildingId}/modifier`)).json.building.name).toBe('Bâtiment Est');
    const removed = await pedagogy.request('DELETE', `/api/training-center/${place.buildingId}`);
    expect(removed.json).toEqual({ message: 'Building deleted successfully.' });
  });
});

describe('rooms of a building, in one form', () => {
  it('adds, renames, resizes and removes rooms in one save (two rooms may even swap names)', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const place = await testCampus(app, pedagogy);
    made.push(place.campusId);
    const url = `/api/training-center/${place.buildingId}/rooms/edit`;
    expect((await pedagogy.post(url, { rooms: [{ name: 'A', size: 10 }, { name: 'B', size: 20 }, { name: 'C', size: 30 }] })).json).toEqual({ message: 'The rooms have been saved.' });
    const rooms = (await pedagogy.get(url)).json.building.rooms as { id: string; name: string; size: number }[];
    expect(rooms.map((r) => [r.name, r.size])).toEqual([['A', 10], ['B', 20], ['C', 30]]);
    const [a, b] = rooms;
    const saved = await pedagogy.post(url, { rooms: [{ id: a!.id, name: 'B', size: 12 }, { id: b!.id, name: 'A', size: 20 }, { name: 'D', size: 5 }] });
    expect(saved.status).toBe(200);
    const after = await knex()('rooms').where({ building_id: place.buildingId }).select('id', 'name', 'size').orderBy('name');
    expect(after.map((r) => [r.name, r.size])).toEqual([['A', 20], ['B', 12], ['D', 5]]);
    expect(after.find((r) => r.name === 'B')!.id).toBe(a!.id);
  });

  it('names the row whose name repeats another, and changes nothing', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy', 'fr');
    const place = await testCampus(app, pedagogy);
    made.push(place.campusId);
    const url = `/api/centre-de-formation/${place.buildingId}/salles/modifier`;
    const response = await pedagogy.post(url, { rooms: [{ name: 'Salle 1', size: 10 }, { name: 'salle 1', size: 12 }, { name: '', size: -1 }] });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { path: 'rooms[2].name', message: 'Cette valeur ne doit pas être vide.' },
        { path: 'rooms[2].size', message: 'Cette valeur doit être supérieure ou égale à 0.' },
      ]),
    );
    const repeated = await pedagogy.post(url, { rooms: [{ name: 'Salle 1', size: 10 }, { name: 'salle 1', size: 12 }] });
    expect(repeated.json.errors).toEqual([{ path: 'rooms[1].name', message: 'Le nom « salle 1 » est donné à deux salles de ce bâtiment.' }]);
    expect(await knex()('rooms').where({ building_id: place.buildingId })).toEqual([]);
  });

  it('refuses a room id of another building', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const place = await testCampus(app, pedagogy);
    made.push(place.campusId);
    const foreign = await knex()('rooms').first('id');
    const response = await pedagogy.post(`/api/training-center/${place.buildingId}/rooms/edit`, { rooms: [{ id: foreign.id, name: 'Volée', size: 1 }] });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: 'rooms[0].name', message: "This room is not one of the building's rooms." }]);
  });

  it('finds rooms by name on the viewer’s campuses (/training-center/room/{name})', async () => {
    const isd = await loggedIn(app, 'isd');
    const found = await isd.get('/api/training-center/room/a101');
    expect(found.json.rooms).toEqual([
      expect.objectContaining({ name: 'A101', size: 30, building: expect.objectContaining({ name: 'Bâtiment A', site: expect.objectContaining({ campus: expect.objectContaining({ id: demo.Paris }) }) }) }),
    ]);
    // R1 is a Lyon room: isd works in Paris only.
    expect((await isd.get('/api/centre-de-formation/salle/R1')).json.rooms).toEqual([]);
  });
});

describe('campus scoping of the routes', () => {
  it('a Lyon-only campus manager sees nothing of Paris and cannot change it', async () => {
    const manager = await loggedIn(app, 'campus-manager');
    const buildingId = await parisBuilding();
    expect((await manager.get(`/api/training-center/${buildingId}/edit`)).status).toBe(404);
    expect((await manager.get(`/api/training-center/${buildingId}/rooms/edit`)).status).toBe(404);
    const before = await knex()('rooms').where({ building_id: buildingId }).orderBy('name');
    const attempts = [
      await manager.post(`/api/training-center/${buildingId}/rooms/edit`, { rooms: [] }),
      await manager.post(`/api/training-center/${buildingId}/edit`, { name: 'Pris' }),
      await manager.request('DELETE', `/api/training-center/${buildingId}`),
      await manager.post(`/api/training-center/sites/${await parisSite()}`, { name: 'Pris' }),
      await manager.request('DELETE', `/api/training-center/sites/${await parisSite()}`),
      await manager.post(`/api/training-center/${await parisSite()}/new`, { name: 'Annexe' }),
      await manager.post(`/api/training-center/campus/${demo.Paris}/sites/new`, { name: 'Annexe' }),
      await manager.request('DELETE', `/api/training-center/campus/${demo.Paris}`),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(reasonOf(attempt.json.errors[0])).toBe('Access Denied.');
    }
    expect(await knex()('rooms').where({ building_id: buildingId }).orderBy('name')).toEqual(before);
    expect(await knex()('sites').where({ campus_id: demo.Paris }).count<{ count: number }[]>({ count: '*' })).toEqual([{ count: 2 }]);
  });

  it('read-only reads its campus and changes nothing', async () => {
    const readOnly = await loggedIn(app, 'read-only');
    const buildingId = await parisBuilding();
    expect((await readOnly.get(`/api/training-center/${buildingId}/rooms/edit`)).json.building.rooms).toHaveLength(3);
    const before = await knex()('rooms').where({ building_id: buildingId }).orderBy('name');
    for (const attempt of [
      await readOnly.post(`/api/training-center/${buildingId}/rooms/edit`, { rooms: [] }),
      await readOnly.post(`/api/training-center/${buildingId}/edit`, { name: 'X' }),
      await readOnly.request('DELETE', `/api/training-center/${buildingId}`),
      await readOnly.request('DELETE', `/api/training-center/sites/${await parisSite()}`),
    ]) {
      expect(attempt.status).toBe(403);
    }
    expect(await knex()('rooms').where({ building_id: buildingId }).orderBy('name')).toEqual(before);
  });

  it('refuses a teacher with Access Denied, and someone logged out with the SPEC message', async () => {
    const teacher = await loggedIn(app, 'teacher');
    const response = await teacher.get(`/api/training-center/${await parisBuilding()}/edit`);
    expect(response.status).toBe(403);
    expect(reasonOf(response.json.errors[0])).toBe('Access Denied.');
    const anonymous = await new ApiClient(app.baseUrl).get(`/api/training-center/${await parisBuilding()}/edit`);
    expect(anonymous.status).toBe(401);
    expect(reasonOf(anonymous.json.errors[0])).toBe('User is not logged in');
  });
});
