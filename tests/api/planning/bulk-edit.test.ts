import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { startTestWorker } from '../../support/worker.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo } from '../../support/planning/fixtures.js';
import { finished, registerStartedAttendance } from '../../support/planning/bulk-fixtures.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let ids: Awaited<ReturnType<typeof planningDemo>>;
let planner: ApiClient;
let startAttendance: (lessonIds: string[]) => Promise<void>;
let subject: string;
const paths = {
  edit: '/api/planning/planning/edit/many',
  remove: '/api/planning/planning/remove/many',
  preview: '/api/planning/planning/edit/many/preview',
  undo: (id: string) => `/api/planning/runs/${id}/undo`,
  items: (id: string) => `/api/planning/runs/${id}/items`,
};

beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
  ids = await planningDemo(app);
  subject = Object.values(ids.subjects)[0]!;
  startAttendance = await registerStartedAttendance(app);
  planner = new ApiClient(app.baseUrl);
  await planner.login(demo('isd'));
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await app.close();
});

const knex = () => app.core.db.knex;

interface Week {
  rooms: string[];
  teachers: string[];
  group: string;
  lessons: string[];
}

/** Own rooms, teachers and a group, and one 09:00–11:00 lesson of that group on each given day (room 0, teacher 0). */
async function week(days: string[], campusId = ids.paris): Promise<Week> {
  const rooms = await makeRooms(app, campusId, 3);
  const teachers = [await makePerson(app, [campusId]), await makePerson(app, [campusId])];
  const group = await makePlanningGroup(app, campusId);
  const lessons: string[] = [];
  for (const day of days) {
    lessons.push(await insertLesson(app, {
      campusId, startAt: parisTime(day, '09:00'), endAt: parisTime(day, '11:00'), roomIds: [rooms[0]!], teacherIds: [teachers[0]!], planningGroupIds: [group],
      schoolSubjectId: subject, sessionId: ids.session.id,
    }));
  }
  return { rooms, teachers, group, lessons };
}

/** Lessons as the database holds them, links included, by id (absent ones left out). */
async function state(lessonIds: string[]) {
  const rows = await knex()('lessons').whereIn('id', lessonIds).orderBy('start_at')
    .select('id', 'start_at', 'end_at', 'status', 'cancellation_type', 'cancel_desc', 'remote', 'lesson_type', 'school_subject_id', 'training_session_id');
  const links = async (table: string, column: string) => {
    const found = await knex()(table).whereIn('lesson_id', lessonIds).orderBy(column).select('lesson_id', column, 'active');
    return (id: string) => found.filter((l) => l.lesson_id === id).map((l) => `${l[column]}:${l.active}`);
  };
  const [teachers, rooms, groups] = await Promise.all([links('lesson_teachers', 'teacher_id'), links('lesson_rooms', 'room_id'), links('lesson_planning_groups', 'planning_group_id')]);
  return Object.fromEntries(rows.map((row) => [row.id, { ...row, start_at: row.start_at.toISOString(), end_at: row.end_at.toISOString(), teachers: teachers(row.id), rooms: rooms(row.id), groups: groups(row.id) }]));
}

async function run(path: string, body: Record<string, unknown>, client = planner) {
  const response = await client.post(path, { requestId: crypto.randomUUID(), ...body });
  expect(response.status, JSON.stringify(response.json)).toBe(202);
  return finished(client, response.json.operation.id);
}

async function undo(operationId: string, client = planner) {
  const response = await client.post(paths.undo(operationId));
  expect(response.status, JSON.stringify(response.json)).toBe(202);
  expect(response.json.operation.kind).toBe('planning.undoBulkRun');
  return finished(client, response.json.operation.id);
}

describe('mass edit (POST /planning/planning/edit/many)', () => {
  it('edits rooms and remote presence, reports a conflict, and undo restores every lesson', async () => {
    const w = await week(['2027-02-01', '2027-02-02', '2027-02-03']);
    // Room 1 is taken on Wednesday by another lesson.
    await insertLesson(app, { campusId: ids.paris, startAt: parisTime('2027-02-03', '10:00'), endAt: parisTime('2027-02-03', '12:00'), roomIds: [w.rooms[1]!], teacherIds: [w.teachers[1]!], schoolSubjectId: subject });
    const before = await state(w.lessons);
    const operation = await run(paths.edit, { lessonIds: w.lessons, action: 'edit', edit: { rooms: [w.rooms[1]], remote: 'remote', lessonType: 'practical' } });
    expect(operation).toMatchObject({ status: 'completed', kind: 'planning.bulkEditLessons', subject: 'Modification de 3 cours' });
    expect(operation.result).toEqual({ runId: operation.workflowId, counts: { updated: 2, conflict: 1 }, undoable: true });
    expect(operation.workflowId).toMatch(/^planning-bulk-edit:/);

    const after = await state(w.lessons);
    for (const id of w.lessons.slice(0, 2)) expect(after[id]).toMatchObject({ remote: 'remote', lesson_type: 'practical', rooms: [`${w.rooms[1]}:true`], teachers: before[id].teachers });
    expect(after[w.lessons[2]!]).toEqual(before[w.lessons[2]!]);
    const { json } = await planner.get(paths.items(operation.id));
    const conflict = json.items.find((i: any) => i.status === 'conflict');
    expect(conflict.lessonId).toBe(w.lessons[2]);
    const roomName = (await knex()('rooms').where({ id: w.rooms[1] }).first('name')).name;
    expect(conflict.reasons[0]).toMatchObject({ kind: 'room', message: expect.stringContaining(roomName) });

    const undone = await undo(operation.id);
    expect(undone.result).toEqual({ runId: `planning-undo:${operation.workflowId}`, counts: { undone: 2 }, undoable: false });
    expect(await state(w.lessons)).toEqual(before);
  });

  it('moves a week by one day onto its own days, and undo moves it back', async () => {
    const w = await week(['2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11']);
    const before = await state(w.lessons);
    const operation = await run(paths.edit, { lessonIds: w.lessons, action: 'move', move: { delay: 1, unit: 'days', direction: 'later' } });
    expect(operation.result.counts).toEqual({ moved: 4 });
    expect(operation.subject).toBe('Déplacement de 4 cours');
    const after = await state(w.lessons);
    expect(w.lessons.map((id) => after[id].start_at)).toEqual(['2027-02-09T08:00:00.000Z', '2027-02-10T08:00:00.000Z', '2027-02-11T08:00:00.000Z', '2027-02-12T08:00:00.000Z']);
    expect(w.lessons.every((id) => after[id].rooms[0] === `${w.rooms[0]}:true` && after[id].groups[0] === `${w.group}:true`)).toBe(true);

    const undone = await undo(operation.id);
    expect(undone.result.counts).toEqual({ undone: 4 });
    expect(await state(w.lessons)).toEqual(before);
  });

  it('moves earlier across the change of time, keeping the Paris hour', async () => {
    const w = await week(['2027-03-29', '2027-03-30']);
    const operation = await run(paths.edit, { lessonIds: w.lessons, action: 'move', move: { delay: 1, unit: 'weeks', direction: 'earlier' } });
    expect(operation.result.counts).toEqual({ moved: 2 });
    const after = await state(w.lessons);
    // 09:00 in Paris: 07:00Z in summer time, 08:00Z the week before (winter time).
    expect(w.lessons.map((id) => after[id].start_at)).toEqual(['2027-03-22T08:00:00.000Z', '2027-03-23T08:00:00.000Z']);
  });

  it('cancels with a comment, and undo re-activates', async () => {
    const w = await week(['2027-02-15', '2027-02-16']);
    const before = await state(w.lessons);
    const refused = await planner.post(paths.edit, { requestId: crypto.randomUUID(), lessonIds: w.lessons, action: 'cancel', cancel: { cancellationType: 'disease' } });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: 'cancel.comment', message: 'Un commentaire est obligatoire pour annuler des cours.' }]);

    const operation = await run(paths.edit, { lessonIds: w.lessons, action: 'cancel', cancel: { cancellationType: 'disease', comment: 'Formateur malade' } });
    expect(operation.result.counts).toEqual({ cancelled: 2 });
    const after = await state(w.lessons);
    for (const id of w.lessons) {
      expect(after[id]).toMatchObject({ status: 'cancelled', cancellation_type: 'disease', cancel_desc: 'Formateur malade', rooms: [`${w.rooms[0]}:false`] });
    }
    // Cancelled lessons free their room.
    await insertLesson(app, { campusId: ids.paris, startAt: parisTime('2027-02-16', '09:00'), endAt: parisTime('2027-02-16', '10:00'), roomIds: [w.rooms[0]!], teacherIds: [w.teachers[1]!], schoolSubjectId: subject });

    // Re-activating Tuesday's lesson would now collide: refused, Monday's comes back.
    const undone = await undo(operation.id);
    expect(undone.result.counts).toEqual({ undone: 1, refused: 1 });
    const restored = await state(w.lessons);
    expect(restored[w.lessons[0]!]).toEqual(before[w.lessons[0]!]);
    expect(restored[w.lessons[1]!]).toMatchObject({ status: 'cancelled' });
    const { json } = await planner.get(paths.items(undone.id));
    expect(json.items.find((i: any) => i.status === 'refused').reasons[0]).toMatchObject({ kind: 'room', message: expect.any(String) });
  });

  it('deletes, keeping what undo needs to put the lessons back', async () => {
    const w = await week(['2027-02-22', '2027-02-23', '2027-02-24']);
    const before = await state(w.lessons);
    const operation = await run(paths.remove, { lessonIds: w.lessons.slice(0, 2) });
    expect(operation).toMatchObject({ kind: 'planning.bulkDeleteLessons', subject: 'Suppression de 2 cours' });
    expect(operation.result.counts).toEqual({ deleted: 2 });
    expect(Object.keys(await state(w.lessons))).toEqual([w.lessons[2]]);

    const undone = await undo(operation.id);
    expect(undone.result.counts).toEqual({ undone: 2 });
    expect(await state(w.lessons)).toEqual(before);
  });

  it('previews the new periods and the conflicts without writing anything', async () => {
    const w = await week(['2027-03-01', '2027-03-02', '2027-03-04']);
    // Friday 5 March, room 0 is taken: Thursday's lesson cannot move there. Wednesday is free.
    const blocker = await insertLesson(app, { campusId: ids.paris, startAt: parisTime('2027-03-05', '10:00'), endAt: parisTime('2027-03-05', '11:00'), roomIds: [w.rooms[0]!], teacherIds: [w.teachers[1]!], schoolSubjectId: subject });
    const before = await state(w.lessons);
    const preview = await planner.post(paths.preview, { lessonIds: w.lessons, action: 'move', move: { delay: 1, unit: 'days' } });
    expect(preview.status).toBe(200);
    const byLesson = Object.fromEntries(preview.json.items.map((i: any) => [i.lessonId, i]));
    expect(byLesson[w.lessons[0]!]).toEqual({ lessonId: w.lessons[0], startAt: '2027-03-02T08:00:00.000Z', endAt: '2027-03-02T10:00:00.000Z', conflicts: [] });
    expect(byLesson[w.lessons[1]!].conflicts).toEqual([]);
    const roomName = (await knex()('rooms').where({ id: w.rooms[0] }).first('name')).name;
    expect(byLesson[w.lessons[2]!]).toMatchObject({ startAt: '2027-03-05T08:00:00.000Z', conflicts: [expect.objectContaining({ kind: 'room', otherId: blocker, message: expect.stringContaining(roomName) })] });
    expect(await state(w.lessons)).toEqual(before);

    const english = new ApiClient(app.baseUrl, 'en');
    await english.login(demo('isd'));
    const edit = await english.post(paths.preview, { lessonIds: w.lessons, action: 'edit', edit: { teachers: [w.teachers[1]] } });
    expect(edit.status).toBe(200);
    expect(edit.json.items.find((i: any) => i.lessonId === w.lessons[2]).conflicts).toEqual([]);
    const deletion = await english.post(paths.preview, { lessonIds: w.lessons, action: 'delete' });
    expect(deletion.json.items.map((i: any) => i.lessonId)).toEqual(w.lessons);
    expect(await state(w.lessons)).toEqual(before);

    // The run then does what the preview said.
    const operation = await run(paths.edit, { lessonIds: w.lessons, action: 'move', move: { delay: 1, unit: 'days' } });
    expect(operation.result.counts).toEqual({ moved: 2, conflict: 1 });
  });

  it('refuses undo when attendance has started on a lesson, undoes the others, and refuses a second undo', async () => {
    const w = await week(['2027-03-08', '2027-03-09', '2027-03-10']);
    const operation = await run(paths.edit, { lessonIds: w.lessons, action: 'move', move: { delay: 2, unit: 'hours' } });
    expect(operation.result.counts).toEqual({ moved: 3 });
    await startAttendance([w.lessons[1]!]);
    const undone = await undo(operation.id);
    expect(undone.result.counts).toEqual({ undone: 2, refused: 1 });
    const after = await state(w.lessons);
    expect(w.lessons.map((id) => after[id].start_at)).toEqual(['2027-03-08T08:00:00.000Z', '2027-03-09T10:00:00.000Z', '2027-03-10T08:00:00.000Z']);
    const { json } = await planner.get(`${paths.items(undone.id)}?status=refused`);
    expect(json.items).toEqual([expect.objectContaining({ lessonId: w.lessons[1], status: 'refused', reasons: [{ kind: 'attendanceStarted', message: "L'émargement a commencé." }] })]);

    const twice = await planner.post(paths.undo(operation.id));
    expect(twice.status).toBe(422);
    expect(twice.json.errors).toEqual([{ path: '', message: 'Cette série a déjà été annulée.' }]);
    const ofUndo = await planner.post(paths.undo(undone.id));
    expect(ofUndo.status).toBe(422);
    expect(ofUndo.json.errors).toEqual([{ path: '', message: 'Une annulation ne peut pas être elle-même annulée.' }]);

    // Attendance started also forbids moving, cancelling and deleting it.
    const moved = await planner.post(paths.edit, { requestId: crypto.randomUUID(), lessonIds: w.lessons, action: 'move', move: { delay: 1, unit: 'days' } });
    expect(moved.status).toBe(422);
    expect(moved.json.errors).toEqual([{ path: 'lessonIds', message: "L'émargement a commencé pour 1 cours sélectionné." }]);
    const deleted = await planner.post(paths.remove, { requestId: crypto.randomUUID(), lessonIds: w.lessons });
    expect(deleted.status).toBe(422);
  });

  it('undoes a mass creation: the lessons it made are removed', async () => {
    const rooms = await makeRooms(app, ids.paris, 1);
    const teacher = await makePerson(app, [ids.paris]);
    const started = await planner.post('/api/planning/planning/create/many', {
      requestId: crypto.randomUUID(), frequency: 'weekly', days: [3], campuses: [ids.paris], startDate: '2027-01-11', endDate: '2027-01-29',
      startTime: '13:00', endTime: '15:00', name: 'Série à défaire', lines: [{ teachers: [teacher], rooms, schoolSubject: subject }],
    });
    const operation = await finished(planner, started.json.operation.id);
    expect(operation.result.counts).toEqual({ created: 3 });
    const undone = await undo(operation.id);
    expect(undone.result.counts).toEqual({ undone: 3 });
    expect(await knex()('lessons').where('creation_key', 'like', `${operation.workflowId}:%`).select('id')).toEqual([]);
  });

  it('refuses what the planner cannot change: locked lessons, other campuses, readers, nothing selected', async () => {
    const w = await week(['2027-03-15', '2027-03-16']);
    await knex()('lessons').where({ id: w.lessons[0] }).update({ status: 'locked' });
    const locked = await planner.post(paths.edit, { requestId: crypto.randomUUID(), lessonIds: w.lessons, action: 'edit', edit: { remote: 'both' } });
    expect(locked.status).toBe(422);
    expect(locked.json.errors).toEqual([{ path: 'lessonIds', message: '1 cours sélectionné est verrouillé : déverrouillez-le d\'abord.' }]);

    const lyon = await week(['2027-03-15'], ids.lyon);
    const other = await planner.post(paths.remove, { requestId: crypto.randomUUID(), lessonIds: [w.lessons[1], ...lyon.lessons] });
    expect(other.status).toBe(422);
    expect(other.json.errors).toEqual([{ path: 'lessonIds', message: '1 cours sélectionné est introuvable.' }]);
    expect(await state(lyon.lessons)).toHaveProperty(lyon.lessons[0]!);

    const reader = new ApiClient(app.baseUrl);
    await reader.login(demo('read-only'));
    expect((await reader.post(paths.remove, { requestId: crypto.randomUUID(), lessonIds: [w.lessons[1]] })).status).toBe(403);

    const none = await planner.post(paths.edit, { requestId: crypto.randomUUID(), lessonIds: [], action: 'edit', edit: {} });
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual([
      { path: 'lessonIds', message: 'Vous devez sélectionner au moins un cours.' },
      { path: 'edit', message: 'Vous devez modifier au moins une valeur.' },
    ]);
    // An edit that would break the lesson rules, or use another campus' room.
    const [lyonRoom] = await makeRooms(app, ids.lyon, 1);
    const rules = await planner.post(paths.edit, { requestId: crypto.randomUUID(), lessonIds: [w.lessons[1]], action: 'edit', edit: { rooms: [lyonRoom] } });
    expect(rules.status).toBe(422);
    const lyonRoomName = (await knex()('rooms').where({ id: lyonRoom }).first('name')).name;
    // Named by the id sent: a room of another campus may be one the planner may not see (issue #9).
    expect(rules.json.errors).toEqual([{ path: 'edit.rooms', message: `« ${lyonRoom} » n'appartient pas au campus du cours.` }]);
    expect(rules.text).not.toContain(lyonRoomName);
    expect(await knex()('planning_runs').where('started_by', (await knex()('actors').where({ email: demo('read-only') }).first('id')).id).first()).toBeUndefined();
  });
});
