import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicHolidaysBetween } from '@alterna/training-centre';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/worker.js';
import { activityRetries, startedActivity } from '../../support/workflow-activities.js';
import { killWorker as kill, productWorkerProcesses } from '../../support/worker-processes.js';
import { makePerson, makePlanningGroup, makeRooms, planningDemo } from '../../support/planning/fixtures.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await workers.prepare();
}, 120_000);
afterAll(async () => {
  workers.stop();
  await app.close();
});

// Worker processes on the test app's database and task queue, with the workflows bundled once for all of them.
const workers = productWorkerProcesses(() => app);
const startWorkerProcess = () => workers.start();

/** Weekdays from `from` to `to` the campus is open, off its closures and public holidays: where a lesson goes. */
async function expectedDays(campusId: string, from: string, to: string): Promise<string[]> {
  const knex = app.core.db.knex;
  const campus = await knex('campuses').where({ id: campusId }).first('open_days');
  const closures = await knex('schedule_campus_closures').where({ campus_id: campusId })
    .select(knex.raw("to_char(start_date, 'YYYY-MM-DD') AS start"), knex.raw("to_char(end_date, 'YYYY-MM-DD') AS end"));
  const holidays = new Set(publicHolidaysBetween(from, to).map((h) => h.date));
  const days: string[] = [];
  for (let at = Date.parse(`${from}T12:00:00Z`); at <= Date.parse(`${to}T12:00:00Z`); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    const weekday = ((new Date(at).getUTCDay() + 6) % 7) + 1;
    if (weekday > 5 || !campus.open_days.includes(weekday) || holidays.has(day)) continue;
    if (closures.some((c: { start: string; end: string }) => c.start <= day && day <= c.end)) continue;
    days.push(day);
  }
  return days;
}

describe('bulk reliability', () => {
  it('finishes a 5,000-lesson mass creation whose worker is killed three times, with each lesson exactly once', async () => {
    const knex = app.core.db.knex;
    const ids = await planningDemo(app);
    const [from, to] = ['2026-09-01', '2027-07-23'];
    expect(ids.session.startDate <= from && ids.session.endDate >= to).toBe(true);
    const lineCount = 24;
    const rooms = await makeRooms(app, ids.paris, lineCount);
    const teachers: string[] = [];
    const groups: string[] = [];
    for (let i = 0; i < lineCount; i++) {
      teachers.push(await makePerson(app, [ids.paris]));
      groups.push(await makePlanningGroup(app, ids.paris));
    }
    const subject = Object.values(ids.subjects)[0]!;
    const days = await expectedDays(ids.paris, from, to);
    const expected = days.length * lineCount;
    expect(expected).toBeGreaterThan(5000);

    let worker = await startWorkerProcess();
    const planner = new ApiClient(app.baseUrl);
    await planner.login(demo('isd'));
    const started = await planner.post('/api/planning/planning/create/many', {
      requestId: crypto.randomUUID(), frequency: 'weekly', days: [1, 2, 3, 4, 5], campuses: [ids.paris], startDate: from, endDate: to,
      startTime: '08:30', endTime: '10:00', name: 'Année complète',
      lines: rooms.map((room, i) => ({ planningGroups: [groups[i]], teachers: [teachers[i]], rooms: [room], schoolSubject: subject })),
    });
    expect(started.status).toBe(202);
    const runId: string = started.json.operation.workflowId;
    const created = async () => Number((await knex('lessons').where('creation_key', 'like', `${runId}:%`).count({ n: '*' }).first())?.n);

    // Killed three times while a batch is under way, as a crash would, and restarted each time. A batch commits its
    // lessons at once, so the count passing a threshold is the moment between two batches: the kill waits for the
    // next batch's activity to have started (on a fast machine it otherwise landed between batches: nothing retried).
    const client = await app.core.deps.temporal();
    const batchUnderWay = async () => (await startedActivity(client, runId)) !== null;
    for (const threshold of [500, 2000, 3500]) {
      await eventually(async () => (await created()) >= threshold && (await batchUnderWay()), 90_000, 50);
      expect(await created()).toBeLessThan(expected);
      await kill(worker);
      worker = await startWorkerProcess();
    }

    const operation = await eventually(async () => {
      const current = await app.core.operations.byWorkflowId(runId);
      return current && current.status !== 'running' ? current : null;
    }, 150_000, 500);
    expect(operation.status).toBe('completed');
    expect(operation.result).toMatchObject({ runId, undoable: true });
    expect((operation.result as { counts: Record<string, number> }).counts.created).toBe(expected);
    expect((operation.result as { counts: Record<string, number> }).counts.conflict).toBeUndefined();

    // The kills landed inside batches: some batch activity needed more than one attempt (history of every run of the chain).
    const { runs, retried } = await activityRetries(client, runId);
    // 5,000+ items in batches of 500, ten batches per run: the run continued as new at least once.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(retried).toBeGreaterThanOrEqual(1);

    // Exactly the expected lessons: none missing, none twice (by creation key, and by period and room).
    expect(await created()).toBe(expected);
    const [keys] = await knex('lessons').where('creation_key', 'like', `${runId}:%`).countDistinct({ n: 'creation_key' });
    expect(Number(keys?.n)).toBe(expected);
    const [slots] = await knex('lesson_rooms').whereIn('room_id', rooms).countDistinct({ n: knex.raw('(room_id, period)') });
    expect(Number(slots?.n)).toBe(expected);
    const perRoom = await knex('lesson_rooms').whereIn('room_id', rooms).select('room_id').count({ n: '*' }).groupBy('room_id');
    expect(perRoom.map((r) => Number(r.n))).toEqual(rooms.map(() => days.length));
    const lessonDays = await knex('lessons as l').join('lesson_rooms as r', 'r.lesson_id', 'l.id').where('r.room_id', rooms[0])
      .orderBy('l.start_at').select(knex.raw("to_char(l.start_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS day"));
    expect(lessonDays.map((l: { day: string }) => l.day)).toEqual(days);
    const items = (await knex('planning_run_items').where({ run_id: runId }).select('status').count({ n: '*' }).groupBy('status')) as { status: string; n: string }[];
    expect(Object.fromEntries(items.map((i) => [i.status, Number(i.n)]))).toMatchObject({ created: expected });
    expect(items.some((i) => i.status === 'pending')).toBe(false);
    expect(Number((await knex('lesson_teachers').whereIn('teacher_id', teachers).count({ n: '*' }).first())?.n)).toBe(expected);
    expect(Number((await knex('lesson_planning_groups').whereIn('planning_group_id', groups).count({ n: '*' }).first())?.n)).toBe(expected);
  }, 240_000);
});
