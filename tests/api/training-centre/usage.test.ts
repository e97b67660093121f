import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule, type CoreDeps } from '@alterna/core';
import type { TrainingCentreServices } from '@alterna/training-centre';
import { startTestApp, type TestApp } from '../../support/app.js';
import { loggedIn, removeCampuses, testCampus } from './helpers.js';
import { nowMs } from '@alterna/core/clock';

/**
 * A module of the tests only, standing for the planning module to come: it holds lessons in rooms and
 * "courses" on campuses, and tells training-centre so in its `register` hook. Its table is made by
 * the test (a migration would stay in the shared database's history after the run).
 */
const planningStandIn = defineModule({
  name: 'planning-stand-in',
  dependsOn: ['training-centre'],
  register: ({ core }: { core: CoreDeps }) => {
    const centre = core.module('training-centre');
    centre.registerRoomUsage(async (roomIds) => {
      const rows = await core.knex('test_lessons').whereIn('room_id', roomIds).whereNotNull('room_id').groupBy('room_id').select('room_id').count<{ room_id: string; count: number }[]>({ count: '*' });
      return new Map(rows.map((row) => [row.room_id, Number(row.count)]));
    });
    centre.registerCampusUsage(async (campusIds) => {
      const rows = await core.knex('test_lessons').whereIn('campus_id', campusIds).groupBy('campus_id').select('campus_id').count<{ campus_id: string; count: number }[]>({ count: '*' });
      return new Map(rows.map((row) => [row.campus_id, Number(row.count)]));
    });
  },
});

let app: TestApp;
const made: string[] = [];
beforeAll(async () => {
  app = await startTestApp({}, [planningStandIn]);
  await app.core.db.knex.schema.createTable('test_lessons', (t) => {
    t.uuid('id').primary().defaultTo(app.core.db.knex.raw('gen_random_uuid()'));
    t.uuid('room_id').nullable().references('rooms.id').onDelete('RESTRICT');
    t.uuid('campus_id').nullable();
  });
  await app.core.db.knex.schema.createTable('test_bookings', (t) => {
    t.uuid('room_id').notNullable().references('rooms.id').onDelete('RESTRICT');
  });
});
afterAll(async () => {
  await app.core.db.knex.schema.dropTableIfExists('test_lessons');
  await app.core.db.knex.schema.dropTableIfExists('test_bookings');
  await removeCampuses(app.core.db.knex, made);
  await app.close();
});

async function placeWithLessons(lessonsInRoom: Record<string, number>) {
  const pedagogy = await loggedIn(app, 'pedagogy');
  const place = await testCampus(app, pedagogy);
  made.push(place.campusId);
  const url = `/api/training-center/${place.buildingId}/rooms/edit`;
  await pedagogy.post(url, { rooms: Object.keys(lessonsInRoom).map((name) => ({ name, size: 20 })) });
  const rooms: { id: string; name: string }[] = await app.core.db.knex('rooms').where({ building_id: place.buildingId }).select('id', 'name');
  for (const room of rooms) {
    const count = lessonsInRoom[room.name] ?? 0;
    if (count) await app.core.db.knex('test_lessons').insert(Array.from({ length: count }, () => ({ room_id: room.id })));
  }
  return { pedagogy, place, url, rooms };
}

describe('room usage registered by another module', () => {
  it('keeps a room with lessons scheduled, saying so, and changes nothing else of the form', async () => {
    const { pedagogy, url, rooms, place } = await placeWithLessons({ 'Salle 1': 2, 'Salle 2': 0 });
    const response = await pedagogy.post(url, { rooms: [{ name: 'Salle 3', size: 10 }] });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: '', message: 'Lessons are scheduled in the room “Salle 1” (2): it cannot be removed.' }]);
    expect((await app.core.db.knex('rooms').where({ building_id: place.buildingId }).orderBy('name').pluck('name'))).toEqual(['Salle 1', 'Salle 2']);
    // Renaming or resizing a room with lessons is fine; removing the free one too.
    const salle1 = rooms.find((room) => room.name === 'Salle 1')!;
    expect((await pedagogy.post(url, { rooms: [{ id: salle1.id, name: 'Salle Une', size: 25 }] })).status).toBe(200);
  });

  it('refuses to remove a building or a site whose rooms hold lessons', async () => {
    const { place } = await placeWithLessons({ Labo: 1 });
    const fr = await loggedIn(app, 'pedagogy', 'fr');
    const building = await fr.request('DELETE', `/api/centre-de-formation/${place.buildingId}`);
    expect(building.status).toBe(422);
    expect(building.json.errors).toEqual([{ path: '', message: 'Des cours sont programmés dans la salle « Labo » (1) : elle ne peut pas être supprimée.' }]);
    const site = await fr.request('DELETE', `/api/centre-de-formation/sites/${place.siteId}`);
    expect(site.status).toBe(422);
    expect(await app.core.db.knex('buildings').where({ id: place.buildingId }).first('id')).toBeTruthy();

    await app.core.db.knex('test_lessons').delete();
    expect((await fr.request('DELETE', `/api/centre-de-formation/sites/${place.siteId}`)).json).toEqual({ message: 'Site supprimé avec succès.' });
  });

  it('answers with the same message when the database still holds the room (a row no check counted)', async () => {
    const { pedagogy, place, rooms } = await placeWithLessons({ Atelier: 0 });
    // test_bookings has a foreign key to rooms but no registered check: only the database knows.
    await app.core.db.knex('test_bookings').insert({ room_id: rooms[0]!.id });
    const response = await pedagogy.request('DELETE', `/api/training-center/${place.buildingId}`);
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: '', message: 'Lessons are scheduled in the room “Atelier” (1): it cannot be removed.' }]);
    expect(await app.core.db.knex('rooms').where({ id: rooms[0]!.id }).first('id')).toBeTruthy();
    await app.core.db.knex('test_bookings').delete();
  });

  it('sums the counts of every registered check, one set query each', async () => {
    const { rooms } = await placeWithLessons({ X: 3, Y: 0 });
    const counts = await app.core.services<TrainingCentreServices>('training-centre').usage.roomUsage(rooms.map((room) => room.id));
    expect([...counts.entries()]).toEqual([[rooms.find((room) => room.name === 'X')!.id, 3]]);
  });
});

describe('campus usage registered by another module', () => {
  it('"campus cannot be removed while used", even with no site left', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const created = await pedagogy.post('/api/training-center/campus/new', { name: `Campus usage ${nowMs()}`, openDays: [1] });
    made.push(created.json.id);
    await app.core.db.knex('test_lessons').insert({ campus_id: created.json.id });
    const refused = await pedagogy.request('DELETE', `/api/training-center/campus/${created.json.id}`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toMatch(/^The campus “Campus usage \d+” cannot be removed while it is in use\.$/);
    await app.core.db.knex('test_lessons').delete();
    expect((await pedagogy.request('DELETE', `/api/training-center/campus/${created.json.id}`)).status).toBe(200);
  });
});
