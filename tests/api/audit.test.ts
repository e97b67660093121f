import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';
import { makePerson, makePlanningGroup, makeRooms, planningDemo } from '../support/planning/fixtures.js';
import { CREATE_LESSON, UPDATE_LESSON, lessonOf, slotOn, workingDays } from '../support/planning/lessons.js';

// The audit trail (issue #14): every change to every table recorded by the core's triggers, with who, which request
// or operation, and the row before and after; the history panel's route over it. A bulk run's operation id on each
// lesson it makes is checked by planning/bulk-create.test.ts (its worker is already running there).

let app: TestApp;
let ids: Awaited<ReturnType<typeof planningDemo>>;
let planner: ApiClient;
let plannerId: string;
let plannerName: string;

beforeAll(async () => {
  app = await startTestApp();
  ids = await planningDemo(app);
  planner = new ApiClient(app.baseUrl);
  const me = await planner.login(demo('isd'));
  plannerId = me.id;
  plannerName = `${me.firstName} ${me.lastName}`;
}, 120_000);
afterAll(() => app.close());

const knex = () => app.core.db.knex;
const trail = (table: string, rowId: string) => knex()('audit_log').where({ table_name: table, row_id: rowId }).orderBy('id');

/** A GraphQL call that names its request (x-request-id), as a proxy or the web client may. */
async function graphqlAs(client: ApiClient, requestId: string, query: string, variables: Record<string, unknown>) {
  return client.request('POST', '/api/graphql', { query, variables }, { 'x-request-id': requestId });
}

async function newLesson(requestId: string) {
  const [room] = await makeRooms(app, ids.paris, 1);
  const teacher = await makePerson(app, [ids.paris]);
  const group = await makePlanningGroup(app, ids.paris);
  const [day] = await workingDays(app, ids.paris, 1, 40);
  const slot = slotOn(day!, '09:00', '11:00');
  const input = {
    campus: ids.paris, startDate: slot.startAt, endDate: slot.endAt, remote: 'present', lessonType: 'course', description: 'Chapitre 1',
    teachers: [teacher], rooms: [room], planningGroups: [group], schoolSubject: ids.subjects.ANG,
  };
  const lesson = lessonOf(await graphqlAs(planner, requestId, CREATE_LESSON, { input }), 'CreateEventLessonSchedule');
  return { id: lesson.uuid as string, teacher, room, group };
}

describe('the audit trail', () => {
  it('records a request\'s insert, update and delete with its actor, its request id and the row before and after', async () => {
    const created = crypto.randomUUID();
    const lesson = await newLesson(created);
    const [insert] = await trail('lessons', lesson.id);
    expect(insert).toMatchObject({ action: 'insert', actor_id: plannerId, actor_name: plannerName, request_id: created, operation_id: null, before: null });
    expect(insert.after).toMatchObject({ id: lesson.id, description: 'Chapitre 1', campus_id: ids.paris, created_by: plannerId });
    // The lesson's link rows were written by the same request: keyed by the lesson first.
    expect(await trail('lesson_teachers', `${lesson.id}:${lesson.teacher}`)).toEqual([expect.objectContaining({ action: 'insert', request_id: created, actor_id: plannerId })]);

    const edited = crypto.randomUUID();
    lessonOf(await graphqlAs(planner, edited, UPDATE_LESSON, { input: { id: lesson.id, description: 'Chapitre 2' } }), 'UpdateEventLessonSchedule');
    const update = (await trail('lessons', lesson.id)).find((row) => row.request_id === edited);
    expect(update).toMatchObject({ action: 'update', actor_id: plannerId });
    expect([update.before.description, update.after.description]).toEqual(['Chapitre 1', 'Chapitre 2']);

    // The history route: newest first, the changed fields of an update, the values of an insert.
    const history = await planner.get(`/api/history/lesson/${lesson.id}`);
    expect(history.status).toBe(200);
    const [latest] = history.json.entries;
    expect(latest).toMatchObject({ table: 'lessons', action: 'update', requestId: edited, actor: { id: plannerId, name: plannerName } });
    expect(latest.changes).toContainEqual({ field: 'description', before: 'Chapitre 1', after: 'Chapitre 2' });
    expect(latest.changes.map((c: { field: string }) => c.field)).not.toContain('campus_id');
    const tables = history.json.entries.filter((e: { action: string }) => e.action === 'insert').map((e: { table: string }) => e.table).sort();
    expect(tables).toEqual(['lesson_planning_groups', 'lesson_rooms', 'lesson_teachers', 'lessons']);
    expect(history.json.entries.at(-1).changes).toContainEqual({ field: 'description', before: null, after: 'Chapitre 1' });
    // The French path answers the same.
    expect((await planner.get(`/api/historique/lesson/${lesson.id}`)).json.entries).toHaveLength(history.json.entries.length);
    // The records the changes point to are named, from their own recorded rows: campus, room, teacher, group, subject.
    const named = async (table: string, id: string, select: string) => (await knex()(table).where({ id }).first(knex().raw(`${select} AS label`))).label;
    expect(history.json.labels).toMatchObject({
      [ids.paris]: await named('campuses', ids.paris, 'name'),
      [lesson.room!]: await named('rooms', lesson.room!, 'name'),
      [lesson.teacher]: await named('actors', lesson.teacher, "first_name || ' ' || last_name"),
      [lesson.group]: await named('planning_groups', lesson.group, 'name'),
      [plannerId]: plannerName,
    });
    expect(history.json.labels[ids.subjects.ANG!]).toBeTruthy();

    const deleted = crypto.randomUUID();
    const removal = await planner.request('DELETE', `/api/planning/planning-group/lesson/${lesson.id}/${lesson.group}`, undefined, { 'x-request-id': deleted });
    expect(removal.status).toBe(200);
    const gone = (await trail('lessons', lesson.id)).at(-1);
    expect(gone).toMatchObject({ action: 'delete', request_id: deleted, actor_id: plannerId, after: null });
    expect(gone.before).toMatchObject({ id: lesson.id, description: 'Chapitre 2', campus_id: ids.paris });
    // The cascade's link rows too, under the same request.
    expect((await trail('lesson_rooms', `${lesson.id}:${lesson.room}`)).at(-1)).toMatchObject({ action: 'delete', request_id: deleted });
  });

  it('keeps secrets out of the rows it records', async () => {
    const [row] = await knex()('audit_log').where({ table_name: 'actors', action: 'insert' }).whereRaw("after \\? 'password_hash'").limit(1).select('after');
    expect(row.after.password_hash).toBe('***');
    const sessions = await knex()('audit_log').where({ table_name: 'sessions', action: 'insert', actor_id: null }).whereRaw("after->>'actor_id' = ?", [plannerId]).select('after');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.after.token_hash === '***')).toBe(true);
  });

  it('is append-only: its rows cannot be changed, deleted or truncated', async () => {
    const [{ id }] = await knex()('audit_log').orderBy('id').limit(1).select('id');
    await expect(knex()('audit_log').where({ id }).update({ actor_name: 'Someone else' })).rejects.toThrow(/append-only/);
    await expect(knex()('audit_log').where({ id }).delete()).rejects.toThrow(/append-only/);
    await expect(knex().raw('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await knex()('audit_log').where({ id }).first('id')).toEqual({ id });
  });

  it('gives every table of the schema its triggers, and a table made by a later migration gets them at the next migrate', async () => {
    const missing = async () => (await knex().raw(`
      SELECT c.relname FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        AND c.relname NOT IN ('audit_log', 'knex_migrations', 'knex_migrations_lock')
        AND (SELECT count(*) FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname LIKE 'audit\\_capture\\_%') <> 4
      ORDER BY 1`)).rows.map((r: { relname: string }) => r.relname);
    const tables = Number((await knex().raw("SELECT count(*) AS n FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'")).rows[0].n);
    expect(tables).toBeGreaterThan(90);
    // Test helpers make a table or two at run time (startTestWorker's effects table): the next migrate covers them.
    await knex().schema.createTable('audit_probe', (t) => { t.uuid('id').primary(); t.text('token'); });
    expect(await missing()).toContain('audit_probe');
    await app.core.migrate();
    expect(await missing()).toEqual([]);
    await knex()('audit_probe').insert({ id: ids.paris, token: 'secret' });
    expect(await trail('audit_probe', ids.paris)).toEqual([expect.objectContaining({ action: 'insert', after: { id: ids.paris, token: '***' } })]);
    await knex().schema.dropTable('audit_probe');
    // Its capture function goes with it at the next migrate.
    await app.core.migrate();
    expect((await knex().raw("SELECT count(*) AS n FROM pg_proc WHERE proname = 'audit_capture_audit_probe'")).rows[0].n).toBe(0);
  });

  it('serves a record\'s history only to staff who may read the record: campus, typology, kind', async () => {
    const lesson = await newLesson(crypto.randomUUID());
    // Campus manager of Lyon only: a Paris lesson is not theirs to read.
    const lyon = new ApiClient(app.baseUrl);
    await lyon.login(demo('campus-manager'));
    expect([403, 404]).toContain((await lyon.get(`/api/history/lesson/${lesson.id}`)).status);
    // Staff of Paris read it; a teacher holds no history permission at all.
    const readOnly = new ApiClient(app.baseUrl, 'en');
    await readOnly.login(demo('read-only'));
    expect((await readOnly.get(`/api/history/lesson/${lesson.id}`)).status).toBe(200);
    const teacher = new ApiClient(app.baseUrl);
    await teacher.login(demo('teacher'));
    expect((await teacher.get(`/api/history/lesson/${lesson.id}`)).json.errors[0].reason).toBe('Access Denied.');
    expect((await new ApiClient(app.baseUrl).get(`/api/history/lesson/${lesson.id}`)).status).toBe(401);
    // An unknown kind, a kind only shown through another's, an unknown id, a malformed id.
    expect((await planner.get(`/api/history/nothing/${lesson.id}`)).status).toBe(404);
    expect((await planner.get(`/api/history/actor/${plannerId}`)).status).toBe(404);
    expect((await planner.get(`/api/history/lesson/${crypto.randomUUID()}`)).status).toBe(404);
    const malformed = await readOnly.get('/api/history/lesson/not-a-uuid');
    expect(malformed.status).toBe(422);
    expect(malformed.json.errors[0].path).toBe('id');
  });

  it('answers the history of each declared kind: student (with their actor row), registration, contract, booklet form, file', async () => {
    const pedagogy = new ApiClient(app.baseUrl);
    await pedagogy.login(demo('pedagogy'));
    const contract = await knex()('student_contracts as c').join('student_registrations as r', 'r.id', 'c.registration_id').first('c.id', 'r.id as registration_id', 'r.student_id');
    const form = await knex()('booklet_forms').first('id');
    const file = await knex()('files_documents').first('id');
    const records: [string, string, string][] = [
      ['student', contract.student_id, 'students'], ['registration', contract.registration_id, 'student_registrations'],
      ['contract', contract.id, 'student_contracts'], ['booklet-form', form.id, 'booklet_forms'], ['file', file.id, 'files_documents'],
    ];
    for (const [kind, id, table] of records) {
      const answer = await pedagogy.get(`/api/history/${kind}/${id}`);
      expect(answer.status, kind).toBe(200);
      expect(answer.json.entries.map((e: { table: string }) => e.table), kind).toContain(table);
    }
    // A student's panel shows the changes of their identity record (name, e-mail) too.
    const student = (await pedagogy.get(`/api/history/student/${contract.student_id}`)).json.entries;
    expect(student.map((e: { table: string }) => e.table)).toContain('actors');
  });
});
