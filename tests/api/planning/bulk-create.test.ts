import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { eventually, startTestWorker } from '../../support/worker.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo } from '../../support/planning/fixtures.js';
import { finished, makeTrainingGroup, makeWorkStudy, seriesBody } from '../../support/planning/bulk-fixtures.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let ids: Awaited<ReturnType<typeof planningDemo>>;
let planner: ApiClient;
const create = '/api/planning/planning/create/many';

beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
  ids = await planningDemo(app);
  // The series below lie inside the current session (September to August).
  expect(ids.session.startDate <= '2026-12-01' && ids.session.endDate >= '2027-04-30').toBe(true);
  planner = new ApiClient(app.baseUrl);
  await planner.login(demo('isd'));
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await app.close();
});

const knex = () => app.core.db.knex;
const lessonsOfRun = (runId: string) => knex()('lessons').where('creation_key', 'like', `${runId}:%`);
const count = async (query: ReturnType<ReturnType<typeof knex>>) => Number((await query.count({ n: '*' }).first())?.n);

describe('mass creation (POST /planning/planning/create/many)', () => {
  it('creates a weekly series of two lines, skipping holidays and company periods, reporting a busy room', async () => {
    const rooms = await makeRooms(app, ids.paris, 2);
    const [teacherA, teacherB, other] = [await makePerson(app, [ids.paris]), await makePerson(app, [ids.paris]), await makePerson(app, [ids.paris])];
    const groupA = await makePlanningGroup(app, ids.paris);
    const trainingGroup = await makeTrainingGroup(app, ids.paris, ids.session.id);
    const groupB = await makePlanningGroup(app, ids.paris, { trainingGroupId: trainingGroup });
    await makeWorkStudy(app, trainingGroup, '2027-03-22', '2027-03-26');
    // Room A is taken on Thursday 1 April, 10:00–12:00 (summer time).
    const busy = await insertLesson(app, { campusId: ids.paris, startAt: parisTime('2027-04-01', '10:00'), endAt: parisTime('2027-04-01', '12:00'), roomIds: [rooms[0]!], teacherIds: [other], schoolSubjectId: Object.values(ids.subjects)[0] });
    const subject = Object.values(ids.subjects)[0]!;

    const body = seriesBody({
      days: [1, 4], campuses: [ids.paris], startDate: '2027-03-15', endDate: '2027-04-09',
      lines: [
        { planningGroups: [groupA], teachers: [teacherA], rooms: [rooms[0]], schoolSubject: subject, lessonType: 'course', remote: 'present' },
        { planningGroups: [groupB], teachers: [teacherB], rooms: [rooms[1]], schoolSubject: subject, lessonType: 'tutorial', remote: 'both', description: 'TD' },
      ],
    });
    const started = await planner.post(create, body);
    expect(started.status).toBe(202);
    expect(started.json.operation).toMatchObject({ kind: 'planning.bulkCreateLessons', subject: body.name, campusId: ids.paris, workflowId: `planning-bulk-create:${body.requestId}` });

    const operation = await finished(planner, started.json.operation.id);
    expect(operation.status).toBe('completed');
    const runId = operation.workflowId;
    expect(operation.result).toEqual({ runId, counts: { created: 11, skipped: 4, conflict: 1 }, undoable: true });
    expect(operation.progress).toEqual({ done: 16, total: 16 });

    const lessons = await lessonsOfRun(runId).orderBy('start_at').select('id', 'start_at', 'end_at', 'lesson_type', 'remote', 'description', 'training_session_id', 'school_subject_id', 'status');
    expect(lessons).toHaveLength(11);
    expect(lessons.every((l) => l.training_session_id === ids.session.id && l.school_subject_id === subject && l.status === 'active')).toBe(true);
    // The audit trail (issue #14) records the run's operation and who started it on each lesson the run made.
    const audited = await knex()('audit_log').where({ table_name: 'lessons', action: 'insert' }).whereIn('row_id', lessons.map((l) => l.id)).select('operation_id', 'workflow_id', 'actor_id', 'request_id');
    expect(audited).toHaveLength(11);
    expect(new Set(audited.map((a) => JSON.stringify([a.operation_id, a.workflow_id, a.actor_id, a.request_id])))).toEqual(new Set([JSON.stringify([operation.id, runId, operation.startedBy.id, null])]));
    // 09:00 in Paris: 08:00Z before the last Sunday of March, 07:00Z after.
    expect(lessons[0]!.start_at.toISOString()).toBe('2027-03-15T08:00:00.000Z');
    expect(lessons.at(-1)!.start_at.toISOString()).toBe('2027-04-08T07:00:00.000Z');
    const links = async (table: string, column: string) =>
      Object.fromEntries(((await knex()(table).whereIn('lesson_id', lessons.map((l) => l.id)).select(column).count({ n: '*' }).groupBy(column)) as Record<string, string>[]).map((r) => [r[column], Number(r.n)]));
    expect(await links('lesson_rooms', 'room_id')).toEqual({ [rooms[0]!]: 6, [rooms[1]!]: 5 });
    expect(await links('lesson_teachers', 'teacher_id')).toEqual({ [teacherA]: 6, [teacherB]: 5 });
    expect(await links('lesson_planning_groups', 'planning_group_id')).toEqual({ [groupA]: 6, [groupB]: 5 });

    // Per-item results, in French: the holiday, the company period and what holds the room are named.
    const results = await planner.get(`/api/planning/runs/${operation.id}/items?limit=100`);
    expect(results.status).toBe(200);
    expect(results.json).toMatchObject({ total: 16, counts: { created: 11, skipped: 4, conflict: 1 } });
    const byDay = (status: string) => results.json.items.filter((i: any) => i.status === status).map((i: any) => [i.startAt.slice(0, 10), i.seq % 2]);
    expect(byDay('skipped')).toEqual([['2027-03-22', 1], ['2027-03-25', 1], ['2027-03-29', 0], ['2027-03-29', 1]]);
    expect(byDay('conflict')).toEqual([['2027-04-01', 0]]);
    const conflict = results.json.items.find((i: any) => i.status === 'conflict');
    const roomName = (await knex()('rooms').where({ id: rooms[0] }).first('name')).name;
    expect(conflict.reasons).toEqual([expect.objectContaining({ kind: 'room', otherId: busy, message: expect.stringContaining(roomName) })]);
    const holiday = results.json.items.find((i: any) => i.status === 'skipped' && i.startAt.startsWith('2027-03-29'));
    expect(holiday.reasons[0]).toMatchObject({ kind: 'publicHoliday', message: expect.stringContaining('férié') });
    const company = results.json.items.find((i: any) => i.status === 'skipped' && i.startAt.startsWith('2027-03-22'));
    expect(company.reasons[0]).toMatchObject({ kind: 'companyPeriod', message: expect.stringContaining('entreprise') });
    expect(results.json.items.find((i: any) => i.status === 'created').reasons).toEqual([]);

    // Filter and paging; English messages for an English reader.
    const english = new ApiClient(app.baseUrl, 'en');
    await english.login(demo('isd'));
    const skipped = await english.get(`/api/planning/runs/${operation.id}/items?status=skipped&offset=2&limit=1`);
    expect(skipped.json.total).toBe(4);
    expect(skipped.json.items).toEqual([expect.objectContaining({ seq: 8, status: 'skipped', reasons: [expect.objectContaining({ message: expect.stringContaining('public holiday') })] })]);
    expect((await english.get(`/api/planning/runs/${operation.id}/items?status=nope`)).status).toBe(422);
    expect((await english.get(`/api/planning/runs/${operation.id}/items?limit=100000`)).status).toBe(422);
  });

  it('skips closed days and closures of a daily series', async () => {
    const [room] = await makeRooms(app, ids.paris, 1);
    const teacher = await makePerson(app, [ids.paris]);
    const subject = Object.values(ids.subjects)[0]!;
    const started = await planner.post(create, seriesBody({
      frequency: 'daily', campuses: [ids.paris], startDate: '2026-12-17', endDate: '2026-12-22', startTime: '14:00', endTime: '16:00',
      lines: [{ teachers: [teacher], rooms: [room], schoolSubject: subject }],
    }));
    expect(started.status).toBe(202);
    const operation = await finished(planner, started.json.operation.id);
    expect(operation.result.counts).toEqual({ created: 2, skipped: 4 });
    const { json } = await planner.get(`/api/planning/runs/${operation.id}/items`);
    expect(json.items.map((i: any) => [i.startAt.slice(0, 10), i.status, i.reasons.map((r: any) => r.kind)])).toEqual([
      ['2026-12-17', 'created', []],
      ['2026-12-18', 'created', []],
      ['2026-12-19', 'skipped', ['closedDay']],
      ['2026-12-20', 'skipped', ['closedDay']],
      ['2026-12-21', 'skipped', ['closure']],
      ['2026-12-22', 'skipped', ['closure']],
    ]);
    expect(json.items[4].reasons[0].message).toContain('Vacances de Noël');
    expect(await count(lessonsOfRun(operation.workflowId))).toBe(2);
  });

  it('stops between batches when cancelled, keeping and reporting what was done', async () => {
    const lineCount = 20;
    const rooms = await makeRooms(app, ids.paris, lineCount);
    const teachers: string[] = [];
    for (let i = 0; i < lineCount; i++) teachers.push(await makePerson(app, [ids.paris]));
    const subject = Object.values(ids.subjects)[0]!;
    const started = await planner.post(create, seriesBody({
      days: [1, 2, 3, 4, 5], campuses: [ids.paris], startDate: '2027-01-05', endDate: '2027-06-30', startTime: '16:00', endTime: '17:00',
      lines: rooms.map((room, i) => ({ teachers: [teachers[i]], rooms: [room], schoolSubject: subject })),
    }));
    expect(started.status).toBe(202);
    const runId = started.json.operation.workflowId;
    await eventually(async () => (await count(lessonsOfRun(runId))) > 0, 30_000, 50);
    const cancelled = await planner.post(`/api/operations/${started.json.operation.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const operation = await finished(planner, started.json.operation.id);
    expect(operation.status).toBe('cancelled');
    expect(operation.progress.done).toBeLessThan(operation.progress.total);
    expect(operation.progress.done % 500).toBe(0);
    // What was done stays, and the items say what was and what was not.
    const { json } = await planner.get(`/api/planning/runs/${operation.id}/items?limit=1`);
    expect(json.total).toBe(operation.progress.total);
    expect(json.counts.pending).toBe(operation.progress.total - operation.progress.done);
    expect(json.counts.created).toBe(await count(lessonsOfRun(runId)));
    expect(json.counts.created).toBeGreaterThan(0);
  });

  // Issue #28: two batches run side by side, each of whole days. A parent group and its child group on lines that
  // cut across a 500-item boundary (7 lines: the boundary falls inside a day) still meet in one batch, so every day
  // is decided alike: the two lessons of a day collide with each other, both conflicts. The family is checked by the
  // engine, not by a constraint: a day split over two batches at once would get both lessons (each batch blind to
  // the other's), and split over two batches one after another the first alone (what the old 500-item batches did).
  it('runs batches side by side without splitting a day: a group family on one day is decided as one batch would', async () => {
    const free = 5;
    const rooms = await makeRooms(app, ids.paris, free);
    const teachers: string[] = [];
    for (let i = 0; i < free; i++) teachers.push(await makePerson(app, [ids.paris]));
    const parent = await makePlanningGroup(app, ids.paris);
    const child = await makePlanningGroup(app, ids.paris, { parentId: parent });
    const subject = Object.values(ids.subjects)[0]!;
    const lines = rooms.map((room, i) => ({ teachers: [teachers[i]], rooms: [room], schoolSubject: subject }));
    lines.splice(2, 0, { planningGroups: [parent], schoolSubject: subject } as never, { planningGroups: [child], schoolSubject: subject } as never);
    const started = await planner.post(create, seriesBody({
      days: [1, 2, 3, 4, 5], campuses: [ids.paris], startDate: '2026-12-01', endDate: '2027-04-30', startTime: '18:00', endTime: '19:00', lines,
    }));
    expect(started.status).toBe(202);
    const operation = await finished(planner, started.json.operation.id);
    expect(operation.status).toBe('completed');
    // More than one batch of 497 (71 days of 7 lines): the two batches ran side by side.
    expect(operation.progress.total).toBeGreaterThan(497);
    const items: { seq: number; status: string; reason: { kind: string }[] | null }[] = await knex()('planning_run_items')
      .where({ run_id: operation.workflowId }).orderBy('seq').select('seq', 'status', 'reason');
    expect(items.filter((item) => item.status === 'pending')).toEqual([]);
    const days = new Map<number, string[]>();
    for (const item of items) days.set(Math.floor(item.seq / 7), [...(days.get(Math.floor(item.seq / 7)) ?? []), item.status]);
    const familyOf = [...days.values()].map((statuses) => `${statuses[2]}/${statuses[3]}`);
    expect(familyOf.filter((pair) => pair !== 'conflict/conflict' && pair !== 'skipped/skipped'), 'days decided otherwise').toEqual([]);
    expect(familyOf.filter((pair) => pair === 'conflict/conflict').length).toBeGreaterThan(80);
    const family = items.filter((item) => [2, 3].includes(item.seq % 7) && item.status === 'conflict');
    expect(family.every((item) => item.reason?.[0]?.kind === 'planningGroup')).toBe(true);
    // The other lines' lessons are all created on open days.
    expect(items.filter((item) => ![2, 3].includes(item.seq % 7) && !['created', 'skipped'].includes(item.status))).toEqual([]);
    expect(await count(lessonsOfRun(operation.workflowId))).toBe(items.filter((item) => item.status === 'created').length);
  });

  it('answers the same operation for the same request id, and starts nothing twice', async () => {
    const [room] = await makeRooms(app, ids.paris, 1);
    const teacher = await makePerson(app, [ids.paris]);
    const body = seriesBody({
      days: [2], campuses: [ids.paris], startDate: '2027-02-01', endDate: '2027-02-12',
      lines: [{ teachers: [teacher], rooms: [room], schoolSubject: Object.values(ids.subjects)[0] }],
    });
    const [first, second] = await Promise.all([planner.post(create, body), planner.post(create, body)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.json.operation.id).toBe(first.json.operation.id);
    const operation = await finished(planner, first.json.operation.id);
    expect(operation.result.counts).toEqual({ created: 2 });
    // Once finished, the same request again answers the finished run.
    const again = await planner.post(create, body);
    expect(again.status).toBe(202);
    expect(again.json.operation).toMatchObject({ id: first.json.operation.id, status: 'completed' });
    expect(await count(knex()('planning_runs').where({ run_id: operation.workflowId }))).toBe(1);
    expect(await count(knex()('operations').where({ workflow_id: operation.workflowId }))).toBe(1);
    expect(await count(lessonsOfRun(operation.workflowId))).toBe(2);
  });

  it('answers 422 with every violation and writes nothing for bad input', async () => {
    const requestId = crypto.randomUUID();
    const bad = await planner.post(create, {
      requestId, frequency: 'monthly', ordinal: 7, campuses: [], startDate: '2027-03-10', endDate: '2027-03-01', startTime: '10:00', endTime: '09:00', name: '',
      lines: [{ planningGroups: ['not-a-uuid'], lessonType: 'party' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual(expect.arrayContaining([
      { path: 'ordinal', message: 'Vous devez choisir un ordinal (premier à quatrième).' },
      { path: 'weekday', message: 'Vous devez choisir un jour de la semaine.' },
      { path: 'campuses', message: 'Vous devez sélectionner au moins un campus.' },
      { path: 'name', message: 'Le nom est obligatoire.' },
      { path: 'endTime', message: "L'heure de début doit précéder l'heure de fin." },
      { path: 'endDate', message: 'Le début doit être strictement antérieur à la fin (date et heure).' },
      { path: 'lines[0].planningGroups[0]', message: "Cette valeur n'est pas un UUID valide." },
      { path: 'lines[0].lessonType', message: 'Choisissez un type de cours : cours, TD, TP, examen, projet ou réunion.' },
    ]));
    const huge = await planner.post(create, seriesBody({ campuses: [ids.paris], startDate: '2027-01-04', endDate: '2099-01-04', lines: [{ planningGroups: [crypto.randomUUID()], schoolSubject: crypto.randomUUID() }] }));
    expect(huge.status).toBe(422);
    expect(huge.json.errors).toEqual([{ path: 'endDate', message: 'La période ne peut pas dépasser un an.' }]);

    // Ids that do not exist, or belong to another campus.
    const [lyonRoom] = await makeRooms(app, ids.lyon, 1);
    const teacher = await makePerson(app, [ids.paris]);
    const missingGroup = crypto.randomUUID();
    const foreign = seriesBody({
      requestId, campuses: [ids.paris], startDate: '2027-01-04', endDate: '2027-01-29',
      lines: [{ teachers: [teacher], rooms: [lyonRoom], schoolSubject: Object.values(ids.subjects)[0] }, { planningGroups: [missingGroup], schoolSubject: Object.values(ids.subjects)[0] }],
    });
    const refused = await planner.post(create, foreign);
    expect(refused.status).toBe(422);
    const lyonRoomName = (await knex()('rooms').where({ id: lyonRoom }).first('name')).name;
    expect(refused.json.errors).toEqual(expect.arrayContaining([
      { path: 'lines[0].rooms', message: `« ${lyonRoom} » n'appartient pas aux campus choisis.` },
      { path: 'lines[1].planningGroups', message: `L'élément « ${missingGroup} » est introuvable.` },
    ]));
    expect(refused.text).not.toContain(lyonRoomName);
    expect(await count(knex()('planning_runs').where('run_id', 'like', `%${requestId}`))).toBe(0);
    expect(await count(knex()('operations').where('workflow_id', 'like', `%${requestId}`))).toBe(0);
  });

  it('refuses a campus the planner does not manage, and readers', async () => {
    const [lyonRoom] = await makeRooms(app, ids.lyon, 1);
    const lyonTeacher = await makePerson(app, [ids.lyon]);
    const body = seriesBody({
      campuses: [ids.lyon], startDate: '2027-01-04', endDate: '2027-01-29',
      lines: [{ teachers: [lyonTeacher], rooms: [lyonRoom], schoolSubject: Object.values(ids.subjects)[0] }],
    });
    // The isd login manages Paris only.
    const parisOnly = await planner.post(create, body);
    expect(parisOnly.status).toBe(403);
    expect(reasonOf(parisOnly.json.errors[0])).toBe('Access Denied.');
    const reader = new ApiClient(app.baseUrl);
    await reader.login(demo('read-only'));
    expect((await reader.post(create, { ...body, campuses: [ids.paris] })).status).toBe(403);
    expect(await knex()('planning_runs').where({ run_id: `planning-bulk-create:${body.requestId}` }).first()).toBeUndefined();

    // The Lyon manager may; the Paris planner then cannot see that run's results.
    const lyon = new ApiClient(app.baseUrl);
    await lyon.login(demo('campus-manager'));
    const started = await lyon.post(create, body);
    expect(started.status).toBe(202);
    const operation = await finished(lyon, started.json.operation.id);
    // Monday 4 January is still in the Christmas closure.
    expect(operation.result.counts).toEqual({ created: 3, skipped: 1 });
    expect((await planner.get(`/api/planning/runs/${operation.id}/items`)).status).toBe(404);
    expect((await planner.post(`/api/planning/runs/${operation.id}/undo`)).status).toBe(404);
    expect((await lyon.get(`/api/planning/runs/${operation.id}/items`)).json.total).toBe(4);
  });
});
