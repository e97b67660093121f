import crypto from 'node:crypto';
import type { Knex } from '@alterna/core';
import { BULK_BATCH_SIZE } from '@alterna/planning';
import type { BenchApp } from './app.js';
import { benchId, shape } from './generate.js';
import { reason } from './measure-conflicts.js';
import { activityTimes, describeTimes } from './run-history.js';
import { median, timed, type Figure } from './stats.js';

export const BULK_LESSONS = 10_000;
/** Rounds of (run, bare INSERT) one after the other: the figure is the median of each, so one slow moment of a loaded machine does not make it. */
const ROUNDS = 3;
/** 40 lines × 250 weekdays: 20 groups with their teacher (remote), 20 teachers with a room. */
const LINES = 40;
const DAYS = BULK_LESSONS / LINES;
const CAMPUS = 1;

/**
 * A year of evening classes (17:30–19:00, a slot the generated lessons leave free) on one campus, Monday to
 * Friday: 250 working days × 40 lines = 10,000 lessons. Public holidays are skipped by the run itself.
 */
export function bulkRequest(app: BenchApp, requestId: string, days = app.centre.days.slice(0, DAYS), lines = LINES) {
  const subject = (i: number) => benchId('subject', i % shape.subjects);
  return {
    requestId, frequency: 'weekly', days: [1, 2, 3, 4, 5], campuses: [benchId('campus', CAMPUS)],
    startDate: days[0], endDate: days[days.length - 1], startTime: '17:30', endTime: '19:00', name: 'Bench – cours du soir',
    lines: Array.from({ length: lines }, (_, i) => i < shape.groupsPerCampus
      ? { planningGroups: [benchId('group', CAMPUS, i)], teachers: [benchId('teacher', CAMPUS, i)], rooms: [], schoolSubject: subject(i), lessonType: 'course', remote: 'remote' }
      : { planningGroups: [], teachers: [benchId('teacher', CAMPUS, i)], rooms: [benchId('room', CAMPUS, i - shape.groupsPerCampus)], schoolSubject: subject(i), lessonType: 'tutorial', remote: 'present' }),
  };
}

/** Starts a mass creation through HTTP and waits for its workflow (and continue-as-new runs) to finish. */
async function createThroughApi(app: BenchApp, body: ReturnType<typeof bulkRequest>): Promise<{ workflowId: string; operation: any }> {
  const started = await app.manager.request('POST', '/api/planning/planning/create/many', body);
  if (started.status !== 202 || !started.json?.operation?.id) throw new Error(`create/many answered ${started.status}: ${started.text.slice(0, 200)}`);
  const { id, workflowId } = started.json.operation as { id: string; workflowId: string };
  await (await app.core.deps.temporal()).workflow.getHandle(workflowId).result();
  const shown = await app.manager.request('GET', `/api/operations/${id}`);
  return { workflowId, operation: shown.json?.operation };
}

interface LessonRows {
  lessons: Record<string, unknown>[];
  teachers: Record<string, unknown>[];
  rooms: Record<string, unknown>[];
  groups: Record<string, unknown>[];
}

/** The lessons a run made (creation keys start with the run's id) and their link rows, as inserted. */
async function rowsOf(knex: Knex, workflowId: string): Promise<LessonRows> {
  const lessons = await knex('lessons').where('creation_key', 'like', `${workflowId}:%`).orderBy('start_at')
    .select('id', 'campus_id', 'training_session_id', 'start_at', 'end_at', 'remote', 'lesson_type', 'status', 'description', 'school_subject_id', 'creation_key', 'created_by');
  const ids = lessons.map((l) => l.id);
  const links = (table: string, columns: string[]) => knex(table).whereIn('lesson_id', ids).select('lesson_id', ...columns);
  return { lessons, teachers: await links('lesson_teachers', ['teacher_id', 'teacher_contract_id']), rooms: await links('lesson_rooms', ['room_id']), groups: await links('lesson_planning_groups', ['planning_group_id']) };
}

const removeLessons = (knex: Knex, ids: string[]) => knex('lessons').whereIn('id', ids).delete();

/** The floor: the same rows written with bare multi-row INSERTs, a batch of the bulk's size per transaction. */
async function bareInsert(knex: Knex, rows: LessonRows): Promise<number> {
  const byLesson = (list: Record<string, unknown>[]) => {
    const map = new Map<unknown, Record<string, unknown>[]>();
    for (const row of list) map.set(row.lesson_id, [...(map.get(row.lesson_id) ?? []), row]);
    return map;
  };
  const [teachers, rooms, groups] = [byLesson(rows.teachers), byLesson(rows.rooms), byLesson(rows.groups)];
  const { ms } = await timed(async () => {
    for (let i = 0; i < rows.lessons.length; i += BULK_BATCH_SIZE) {
      const batch = rows.lessons.slice(i, i + BULK_BATCH_SIZE);
      const links = (map: Map<unknown, Record<string, unknown>[]>) => batch.flatMap((l) => map.get(l.id) ?? []);
      await knex.transaction(async (trx) => {
        await trx('lessons').insert(batch);
        for (const [table, list] of [['lesson_teachers', links(teachers)], ['lesson_rooms', links(rooms)], ['lesson_planning_groups', links(groups)]] as const) {
          if (list.length) await trx(table).insert(list);
        }
      });
    }
  });
  return ms;
}

export async function measureBulk(app: BenchApp): Promise<Figure[]> {
  const name = `bulk create of ${BULK_LESSONS} lessons: route + workflow + checks vs bare batched INSERT (${app.centre.lessons} existing)`;
  const knex = app.core.db.knex;
  try {
    // A small run first, so that the worker's first workflow and activities are not part of the figure.
    const warm = await createThroughApi(app, bulkRequest(app, crypto.randomUUID(), app.centre.days.slice(-5), 2));
    await removeLessons(knex, (await rowsOf(knex, warm.workflowId)).lessons.map((l) => l.id as string));

    const full: number[] = [];
    const bare: number[] = [];
    let last: { run: Awaited<ReturnType<typeof createThroughApi>>; rows: LessonRows } | null = null;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { value: run, ms: fullMs } = await timed(() => createThroughApi(app, bulkRequest(app, crypto.randomUUID())));
      const rows = await rowsOf(knex, run.workflowId);
      const ids = rows.lessons.map((l) => l.id as string);
      await removeLessons(knex, ids);
      bare.push(await bareInsert(knex, rows));
      await removeLessons(knex, ids);
      full.push(fullMs);
      last = { run, rows };
    }
    const { run, rows } = last!;
    const counts = JSON.stringify((run.operation?.result as { counts?: unknown } | undefined)?.counts ?? {});
    const spent = await activityTimes(await app.core.deps.temporal(), run.workflowId).then(describeTimes, (e: unknown) => `history unavailable: ${reason(e)}`);
    const rounds = full.map((ms, i) => `${(ms / 1000).toFixed(2)}/${(bare[i]! / 1000).toFixed(2)} s`).join(', ');
    return [{
      name, value: median(full) / 1000, baseline: median(bare) / 1000, unit: 's', target: 1.5,
      note: `median of ${ROUNDS} rounds (run/bare: ${rounds}); ${rows.lessons.length} lessons created (run counts ${counts}, status ${run.operation?.status ?? '?'}); last run's activities: ${spent}`,
      ...(rows.lessons.length === 0 ? { missing: 'the run created no lesson' } : {}),
    }];
  } catch (error) {
    return [{ name, value: null, baseline: null, unit: 's', target: 1.5, missing: reason(error) }];
  }
}
