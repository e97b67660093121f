import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { demoCampuses, gqlData, gqlError, loggedIn, unique } from './helpers.js';

let app: TestApp;
let demo: { Paris: string; Lyon: string };
beforeAll(async () => {
  app = await startTestApp();
  demo = await demoCampuses(app);
});
afterAll(async () => {
  await app.core.db.knex('model_time_slots').where('name', 'like', 'Modèle test%').delete();
  await app.close();
});

const models = 'query($campusList: [ID!]) { ModelTimeSlots(campusList: $campusList) { uuid name campus { uuid name } timeSlots { uuid startTime endTime } } }';
const model = 'query($id: ID!) { ModelTimeSlot(modelTimeSlotId: $id) { uuid name timeSlots { startTime endTime modelTimeSlot { name } } } }';
const createModel = 'mutation($input: CreateModelTimeSlotInput!) { CreateModelTimeSlot(input: $input) { modelTimeSlot { uuid name campus { name } timeSlots { uuid } } clientMutationId } }';
const updateModel = 'mutation($input: UpdateModelTimeSlotInput!) { UpdateModelTimeSlot(input: $input) { modelTimeSlot { uuid name } } }';
const deleteModel = 'mutation($input: DeleteModelTimeSlotInput!) { DeleteModelTimeSlot(input: $input) { id clientMutationId } }';
const createSlot = 'mutation($input: CreateTimeSlotInput!) { CreateTimeSlot(input: $input) { timeSlot { uuid startTime endTime modelTimeSlot { uuid name } } } }';
const updateSlot = 'mutation($input: UpdateTimeSlotInput!) { UpdateTimeSlot(input: $input) { timeSlot { uuid startTime endTime } } }';
const deleteSlot = 'mutation($input: DeleteTimeSlotInput!) { DeleteTimeSlot(input: $input) { id } }';

async function newModel(campus: string, typology = 'pedagogy') {
  const client = await loggedIn(app, typology);
  const data = await gqlData(client, createModel, { input: { campus, name: unique('Modèle test') } });
  return data.CreateModelTimeSlot.modelTimeSlot as { uuid: string; name: string };
}

describe('time-slot models', () => {
  it('lists the demo models of the viewer’s campuses, slots by start time', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const data = await gqlData(pedagogy, models, { campusList: [demo.Paris] });
    const day = data.ModelTimeSlots.find((m: { name: string }) => m.name === 'Journée type');
    expect(day.campus).toEqual({ uuid: demo.Paris, name: 'Paris' });
    expect(day.timeSlots.map((s: { startTime: string; endTime: string }) => `${s.startTime}-${s.endTime}`)).toEqual(['08:30-10:30', '10:45-12:45', '13:45-15:45', '16:00-18:00']);
    const one = await gqlData(pedagogy, model, { id: day.uuid });
    expect(one.ModelTimeSlot.timeSlots[0]).toEqual({ startTime: '08:30', endTime: '10:30', modelTimeSlot: { name: 'Journée type' } });
  });

  it('creates, renames and deletes a model (DeleteModelTimeSlot returns the id); names are unique per campus', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const name = unique('Modèle test');
    const created = await gqlData(pedagogy, createModel, { input: { campus: demo.Lyon, name, clientMutationId: 'm1' } });
    expect(created.CreateModelTimeSlot).toMatchObject({ modelTimeSlot: { name, campus: { name: 'Lyon' }, timeSlots: [] }, clientMutationId: 'm1' });
    const id = created.CreateModelTimeSlot.modelTimeSlot.uuid;
    const taken = await gqlError(pedagogy, createModel, { input: { campus: demo.Lyon, name: name.toLowerCase() } });
    expect(taken.extensions.violations).toEqual([{ path: 'name', message: `A time-slot model named “${name.toLowerCase()}” already exists on this campus.` }]);
    // The same name on another campus is another model.
    const paris = await gqlData(pedagogy, createModel, { input: { campus: demo.Paris, name } });
    expect(paris.CreateModelTimeSlot.modelTimeSlot.campus.name).toBe('Paris');
    expect((await gqlData(pedagogy, updateModel, { input: { id, name: `${name} bis` } })).UpdateModelTimeSlot.modelTimeSlot.name).toBe(`${name} bis`);
    await gqlData(pedagogy, createSlot, { input: { modelTimeSlot: id, startTime: '08:00', endTime: '09:00' } });
    expect((await gqlData(pedagogy, deleteModel, { input: { id, clientMutationId: 'd1' } })).DeleteModelTimeSlot).toEqual({ id, clientMutationId: 'd1' });
    expect(await app.core.db.knex('time_slots').where({ model_time_slot_id: id })).toEqual([]);
    expect((await gqlData(pedagogy, model, { id })).ModelTimeSlot).toBeNull();
  });

  it('asks for a campus and a name', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy', 'fr');
    const error = await gqlError(pedagogy, createModel, { input: { name: ' ' } });
    expect(error.extensions.violations).toEqual([
      { path: 'campus', message: 'Un campus doit être sélectionné.' },
      { path: 'name', message: 'Cette valeur ne doit pas être vide.' },
    ]);
  });
});

describe('time slots', () => {
  it('"a model must be selected"', async () => {
    const en = await loggedIn(app, 'pedagogy');
    expect((await gqlError(en, createSlot, { input: { startTime: '08:00', endTime: '09:00' } })).extensions.violations).toEqual([
      { path: 'modelTimeSlot', message: 'A model must be selected.' },
    ]);
    const fr = await loggedIn(app, 'pedagogy', 'fr');
    expect((await gqlError(fr, createSlot, { input: { modelTimeSlot: '', startTime: '08:00', endTime: '09:00' } })).extensions.violations).toEqual([
      { path: 'modelTimeSlot', message: 'Un modèle doit être sélectionné.' },
    ]);
    // An id that matches no model is no selection either.
    expect((await gqlError(en, createSlot, { input: { modelTimeSlot: '00000000-0000-4000-8000-000000000000', startTime: '08:00', endTime: '09:00' } })).extensions.violations).toEqual([
      { path: 'modelTimeSlot', message: 'A model must be selected.' },
    ]);
  });

  it('wants the start before the end, and real times', async () => {
    const { uuid } = await newModel(demo.Paris);
    const pedagogy = await loggedIn(app, 'pedagogy');
    expect((await gqlError(pedagogy, createSlot, { input: { modelTimeSlot: uuid, startTime: '10:00', endTime: '10:00' } })).extensions.violations).toEqual([
      { path: 'endTime', message: 'The start time must be before the end time.' },
    ]);
    expect((await gqlError(pedagogy, createSlot, { input: { modelTimeSlot: uuid, startTime: '25:00', endTime: '8h' } })).extensions.violations).toEqual([
      { path: 'startTime', message: 'Enter a time as HH:MM.' },
      { path: 'endTime', message: 'Enter a time as HH:MM.' },
    ]);
  });

  it('refuses a slot that overlaps another of the model, naming it; back-to-back slots are fine', async () => {
    const { uuid, name } = await newModel(demo.Paris);
    const pedagogy = await loggedIn(app, 'pedagogy');
    const first = await gqlData(pedagogy, createSlot, { input: { modelTimeSlot: uuid, startTime: '08:30', endTime: '10:30' } });
    expect(first.CreateTimeSlot.timeSlot).toMatchObject({ startTime: '08:30', endTime: '10:30', modelTimeSlot: { uuid, name } });
    await gqlData(pedagogy, createSlot, { input: { modelTimeSlot: uuid, startTime: '10:30', endTime: '12:00' } });
    const overlap = await gqlError(pedagogy, createSlot, { input: { modelTimeSlot: uuid, startTime: '09:00', endTime: '11:00' } });
    expect(overlap.extensions.violations).toEqual([{ path: 'startTime', message: `This time slot overlaps the slot 08:30 - 10:30 of the model “${name}”.` }]);
    const fr = await loggedIn(app, 'pedagogy', 'fr');
    const inside = await gqlError(fr, createSlot, { input: { modelTimeSlot: uuid, startTime: '11:00', endTime: '11:30' } });
    expect(inside.extensions.violations).toEqual([{ path: 'startTime', message: `Ce créneau chevauche le créneau 10:30 - 12:00 du modèle « ${name} ».` }]);

    // Moving a slot checks it against the others, not against itself.
    const id = first.CreateTimeSlot.timeSlot.uuid;
    expect((await gqlData(pedagogy, updateSlot, { input: { id, modelTimeSlot: uuid, startTime: '08:00', endTime: '10:30' } })).UpdateTimeSlot.timeSlot).toEqual({ uuid: id, startTime: '08:00', endTime: '10:30' });
    expect((await gqlError(pedagogy, updateSlot, { input: { id, modelTimeSlot: uuid, startTime: '08:00', endTime: '10:45' } })).extensions.violations?.[0]?.message).toContain('10:30 - 12:00');
    expect((await gqlData(pedagogy, deleteSlot, { input: { id } })).DeleteTimeSlot).toEqual({ id });
    // Another model may hold the same hours.
    const other = await newModel(demo.Paris);
    await gqlData(pedagogy, createSlot, { input: { modelTimeSlot: other.uuid, startTime: '10:30', endTime: '12:00' } });
  });

  it('lets the exclusion constraint decide between two concurrent inserts', async () => {
    const { uuid, name } = await newModel(demo.Paris);
    const pedagogy = await loggedIn(app, 'pedagogy');
    const knex = app.core.db.knex;
    // A first insert holds its transaction open: the second save's check cannot see it yet…
    const trx = await knex.transaction();
    await trx('time_slots').insert({ model_time_slot_id: uuid, start_time: '14:00', end_time: '16:00' });
    const second = pedagogy.graphql(createSlot, { input: { modelTimeSlot: uuid, startTime: '15:00', endTime: '17:00' } });
    // …so its insert waits on the constraint, until the first commits.
    await expect.poll(async () => (await knex.raw('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted')).rows[0].n, { timeout: 10_000 }).toBeGreaterThan(0);
    await trx.commit();
    const response = await second;
    expect(response.json.errors[0].extensions.violations).toEqual([{ path: 'startTime', message: `This time slot overlaps the slot 14:00 - 16:00 of the model “${name}”.` }]);
    expect(await knex('time_slots').where({ model_time_slot_id: uuid }).select('start_time')).toEqual([{ start_time: '14:00:00' }]);
  });

  it('keeps the rule in the database itself', async () => {
    const { uuid } = await newModel(demo.Lyon);
    const knex = app.core.db.knex;
    await knex('time_slots').insert({ model_time_slot_id: uuid, start_time: '08:00', end_time: '10:00' });
    await expect(knex('time_slots').insert({ model_time_slot_id: uuid, start_time: '09:59', end_time: '11:00' })).rejects.toMatchObject({ code: '23P01' });
    await expect(knex('time_slots').insert({ model_time_slot_id: uuid, start_time: '12:00', end_time: '11:00' })).rejects.toMatchObject({ code: '23514' });
  });
});

describe('campus scoping of time slots', () => {
  it('a Lyon-only campus manager sees nothing of Paris and cannot change it', async () => {
    const paris = await newModel(demo.Paris);
    const manager = await loggedIn(app, 'campus-manager');
    const listed = await gqlData(manager, models, {});
    expect(listed.ModelTimeSlots.every((m: { campus: { name: string } }) => m.campus.name === 'Lyon')).toBe(true);
    expect((await gqlData(manager, models, { campusList: [demo.Paris] })).ModelTimeSlots).toEqual([]);
    expect((await gqlData(manager, model, { id: paris.uuid })).ModelTimeSlot).toBeNull();
    for (const [mutation, input] of [
      [createModel, { campus: demo.Paris, name: 'Intrus' }],
      [updateModel, { id: paris.uuid, name: 'Intrus' }],
      [deleteModel, { id: paris.uuid }],
      [createSlot, { modelTimeSlot: paris.uuid, startTime: '08:00', endTime: '09:00' }],
    ] as const) {
      expect(reasonOf((await gqlError(manager, mutation, { input })))).toBe('Access Denied.');
    }
    expect(await app.core.db.knex('model_time_slots').where({ id: paris.uuid }).first('name')).toEqual({ name: paris.name });
    expect(await app.core.db.knex('time_slots').where({ model_time_slot_id: paris.uuid })).toEqual([]);
  });

  it('read-only reads and changes nothing; a teacher gets Access Denied', async () => {
    const paris = await newModel(demo.Paris);
    const readOnly = await loggedIn(app, 'read-only');
    expect((await gqlData(readOnly, model, { id: paris.uuid })).ModelTimeSlot.name).toBe(paris.name);
    expect(reasonOf((await gqlError(readOnly, createSlot, { input: { modelTimeSlot: paris.uuid, startTime: '08:00', endTime: '09:00' } })))).toBe('Access Denied.');
    expect(reasonOf((await gqlError(readOnly, deleteModel, { input: { id: paris.uuid } })))).toBe('Access Denied.');
    expect(await app.core.db.knex('model_time_slots').where({ id: paris.uuid }).first('id')).toBeTruthy();
    const teacher = await loggedIn(app, 'teacher');
    expect(reasonOf((await gqlError(teacher, models, {})))).toBe('Access Denied.');
    expect(reasonOf((await gqlError(teacher, createSlot, { input: {} })))).toBe('Access Denied.');
  });
});
