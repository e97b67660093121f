import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlanningServices } from '@alterna/planning';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo } from '../../support/planning/fixtures.js';

// A racing writer takes a slot between the batch's conflict check and its write: the exclusion constraints refuse
// the write (23P01) and the batch is redone row by row, so that only the colliding rows become conflicts.
let app: TestApp;
let planning: PlanningServices;
let ids: Awaited<ReturnType<typeof planningDemo>>;
let realCheck: PlanningServices['conflicts']['check'];

beforeAll(async () => {
  app = await startTestApp();
  planning = app.core.services<PlanningServices>('planning');
  ids = await planningDemo(app);
  realCheck = planning.conflicts.check;
}, 120_000);
afterEach(() => {
  planning.conflicts.check = realCheck;
});
afterAll(async () => {
  await app.close();
});

/** The first check of the batch sees nothing (the racer has not written yet, as far as it knows); later ones are real. */
function blindFirstCheck() {
  let calls = 0;
  planning.conflicts.check = (db, slots, options) => (calls++ === 0 ? Promise.resolve(slots.map(() => [])) : realCheck(db, slots, options));
}

const knex = () => app.core.db.knex;
const statuses = async (runId: string) =>
  (await knex()('planning_run_items').where({ run_id: runId }).orderBy('seq').select('seq', 'status', 'reason')).map((i) => [i.seq, i.status, i.reason?.map((r: { kind: string }) => r.kind) ?? []]);

describe('bulk batches against a racing writer', () => {
  it('creates the free lessons and marks only the colliding one as a conflict, once', async () => {
    const [room] = await makeRooms(app, ids.paris, 1);
    const teacher = await makePerson(app, [ids.paris]);
    const subject = Object.values(ids.subjects)[0]!;
    const runId = `planning-bulk-create:${crypto.randomUUID()}`;
    await knex()('planning_runs').insert({
      run_id: runId, kind: 'create', campus_id: ids.paris, request: JSON.stringify({
        name: 'Course', campuses: [ids.paris],
        rule: { frequency: 'weekly', days: [1], ordinal: null, weekday: null, startDate: '2027-06-07', endDate: '2027-06-28', startTime: '09:00', endTime: '11:00' },
        lines: [{ campusId: ids.paris, teachers: [{ id: teacher, contractId: null }], rooms: [room], planningGroups: [], schoolSubject: subject, lessonType: 'course', remote: 'present', description: null }],
      }),
    });
    expect(await planning.bulk.runs.prepareCreate(runId)).toEqual({ total: 4, itemsPerDay: 1 });
    const racer = await insertLesson(app, { campusId: ids.paris, startAt: parisTime('2027-06-14', '10:00'), endAt: parisTime('2027-06-14', '11:00'), roomIds: [room!] });

    blindFirstCheck();
    expect(await planning.bulk.runs.createBatch(runId, 0, 3)).toEqual({ created: 3, conflict: 1 });
    expect(await statuses(runId)).toEqual([[0, 'created', []], [1, 'conflict', ['room']], [2, 'created', []], [3, 'created', []]]);
    const reason = (await knex()('planning_run_items').where({ run_id: runId, seq: 1 }).first('reason')).reason;
    expect(reason[0]).toMatchObject({ kind: 'room', otherId: racer });

    // A retried batch finds nothing pending and writes nothing twice.
    planning.conflicts.check = realCheck;
    expect(await planning.bulk.runs.createBatch(runId, 0, 3)).toEqual({ created: 3, conflict: 1 });
    expect(await knex()('lessons').where('creation_key', 'like', `${runId}:%`).pluck('creation_key')).toHaveLength(3);
  });

  it('moves the free lessons and leaves only the colliding one in place', async () => {
    const rooms = await makeRooms(app, ids.paris, 2);
    const teacher = await makePerson(app, [ids.paris]);
    const group = await makePlanningGroup(app, ids.paris);
    const subject = Object.values(ids.subjects)[0]!;
    const lesson = (day: string, room: string) => insertLesson(app, {
      campusId: ids.paris, startAt: parisTime(day, '09:00'), endAt: parisTime(day, '11:00'), roomIds: [room], teacherIds: [teacher], planningGroupIds: [group], schoolSubjectId: subject, sessionId: ids.session.id,
    });
    const monday = await lesson('2027-06-07', rooms[0]!);
    const wednesday = await lesson('2027-06-09', rooms[1]!);
    const runId = `planning-bulk-move:${crypto.randomUUID()}`;
    await knex()('planning_runs').insert({
      run_id: runId, kind: 'move', campus_id: ids.paris,
      request: JSON.stringify({ action: 'move', lessonIds: [monday, wednesday], move: { delay: 1, unit: 'days', direction: 'later' } }),
    });
    expect(await planning.bulk.runs.prepareEdit(runId)).toEqual({ total: 2 });
    // Thursday, room 1 is taken by someone else meanwhile.
    const racer = await insertLesson(app, { campusId: ids.paris, startAt: parisTime('2027-06-10', '10:00'), endAt: parisTime('2027-06-10', '12:00'), roomIds: [rooms[1]!] });

    blindFirstCheck();
    expect(await planning.bulk.runs.editBatch(runId, 0, 1)).toEqual({ moved: 1, conflict: 1 });
    const after = await knex()('lessons').whereIn('id', [monday, wednesday]).select('id', 'start_at');
    expect(Object.fromEntries(after.map((l) => [l.id, l.start_at.toISOString()]))).toEqual({
      [monday]: parisTime('2027-06-08', '09:00'),
      [wednesday]: parisTime('2027-06-09', '09:00'),
    });
    const items = await knex()('planning_run_items').where({ run_id: runId }).orderBy('seq').select('lesson_id', 'status', 'reason', 'before');
    // Processed latest first; the snapshot of each lesson is kept for undo.
    expect(items.map((i) => [i.lesson_id, i.status])).toEqual([[wednesday, 'conflict'], [monday, 'moved']]);
    expect(items[0].reason[0]).toMatchObject({ kind: 'room', otherId: racer });
    expect(items[1].before).toMatchObject({ id: monday, startAt: parisTime('2027-06-07', '09:00'), rooms: [rooms[0]], teachers: [{ id: teacher, contractId: null }], planningGroups: [group] });
  });
});

describe('a run no worker has picked up yet', () => {
  it('cannot be undone while it is running', async () => {
    // This file runs no worker: the run stays running.
    const [room] = await makeRooms(app, ids.paris, 1);
    const teacher = await makePerson(app, [ids.paris]);
    const planner = new ApiClient(app.baseUrl, 'en');
    await planner.login(demo('isd'));
    const started = await planner.post('/api/planning/planning/create/many', {
      requestId: crypto.randomUUID(), frequency: 'weekly', days: [2], campuses: [ids.paris], startDate: '2027-06-01', endDate: '2027-06-30',
      startTime: '09:00', endTime: '10:00', name: 'Pending', lines: [{ teachers: [teacher], rooms: [room], schoolSubject: Object.values(ids.subjects)[0] }],
    });
    expect(started.status).toBe(202);
    expect(started.json.operation.status).toBe('running');
    const undo = await planner.post(`/api/planning/runs/${started.json.operation.id}/undo`);
    expect(undo.status).toBe(422);
    expect(undo.json.errors).toEqual([{ path: '', message: 'This run is still going: wait for its end to undo it.' }]);
    expect(await knex()('planning_runs').where({ run_id: started.json.operation.workflowId }).first('undone_by')).toEqual({ undone_by: null });
    // Its results so far: nothing done yet.
    const items = await planner.get(`/api/planning/runs/${started.json.operation.id}/items`);
    expect(items.json).toMatchObject({ total: 0, counts: {}, items: [] });
    await planner.post(`/api/operations/${started.json.operation.id}/cancel`);
  });
});
