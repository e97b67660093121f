import { hashPassword } from '@alterna/identity';
import type { Knex } from '@alterna/core';
import { BenchClient, type BenchApp } from './app.js';
import { benchId, idSql } from './generate.js';
import { percentile, timed, type Figure } from './stats.js';

const STUDENTS = 300;
/** Requests in flight at once: the loopback load is bounded, as phones scanning in a room would be. */
const CONCURRENCY = 20;
const PASSWORD = 'bench-qr-password';
const WINDOW_MS = 10_000;

/**
 * A lesson of campus 0 happening now (started 10 minutes ago, 90 minutes long), taught by a teacher of its own, for
 * a planning group of its own of 300 students registered in a current training group; everyone can log in. Its own
 * teacher and group: nothing of the generated planning collides with it. `prefix` names its people and ids, so another
 * figure (the loopback load) makes its own lesson in the same database.
 */
export async function lessonNow(knex: Knex, sessionId: string, { prefix = 'qr', students = STUDENTS } = {}) {
  const campusId = benchId('campus', 0);
  const subjectId = benchId('subject', 0);
  const hash = await hashPassword(PASSWORD);
  const teacherEmail = `prof.${prefix}@bench.alterna.school`;
  const [teacher] = await knex('actors').insert({ first_name: 'Prof', last_name: prefix.toUpperCase(), email: teacherEmail, password_hash: hash }).returning('id');
  await knex('actor_access_rules').insert({ actor_id: teacher.id, campus_id: campusId, typology: 'teacher' });
  const [training] = await knex('trainings').insert({ name: `Bench ${prefix.toUpperCase()}`, short_name: `B${prefix.toUpperCase()}` }).returning('id');
  const [plan] = await knex('training_plans').insert({ training_id: training.id, training_session_id: sessionId }).returning('id');
  const [variant] = await knex('training_plan_variants').insert({ training_plan_id: plan.id, name: 'Standard' }).returning('id');
  const session = await knex('training_sessions').where({ id: sessionId }).first('start_date', 'end_date');
  const [trainingGroup] = await knex('training_groups').insert({
    name: `Bench ${prefix.toUpperCase()} group`, short_name: `B${prefix.toUpperCase()}-1`, start_date: session.start_date, end_date: session.end_date, campus_id: campusId,
    training_session_id: sessionId, training_id: training.id, variant_id: variant.id,
  }).returning('id');
  const [group] = await knex('planning_groups').insert({ campus_id: campusId, name: `Bench ${prefix.toUpperCase()} amphi`, training_group_id: trainingGroup.id }).returning('id');
  const student = idSql(`${prefix}-student`, 's');
  const series = `generate_series(0, ${students - 1}) s`;
  await knex.raw(`INSERT INTO actors (id, first_name, last_name, email, password_hash)
    SELECT ${student}, 'Élève', '${prefix.toUpperCase()} ' || lpad(s::text, 3, '0'), '${prefix}.' || s || '@bench.alterna.school', ? FROM ${series}`, [hash]);
  await knex.raw(`INSERT INTO actor_access_rules (actor_id, campus_id, typology) SELECT ${student}, ?, 'student' FROM ${series}`, [campusId]);
  await knex.raw(`INSERT INTO students (actor_id, date_of_birth) SELECT ${student}, '2004-05-06' FROM ${series}`);
  await knex.raw(`INSERT INTO student_registrations (id, student_id, training_group_id, student_status)
    SELECT ${idSql(`${prefix}-registration`, 's')}, ${student}, ?, 'apprentice' FROM ${series}`, [trainingGroup.id]);
  await knex.raw(`INSERT INTO planning_group_subscriptions (planning_group_id, student_registration_id)
    SELECT ?, ${idSql(`${prefix}-registration`, 's')} FROM ${series}`, [group.id]);
  const start = Date.now() - 10 * 60_000;
  const lessonId = await knex.transaction(async (trx) => {
    const [lesson] = await trx('lessons').insert({
      campus_id: campusId, training_session_id: sessionId, start_at: new Date(start).toISOString(), end_at: new Date(start + 90 * 60_000).toISOString(),
      school_subject_id: subjectId,
    }).returning('id');
    await trx('lesson_teachers').insert({ lesson_id: lesson.id, teacher_id: teacher.id });
    await trx('lesson_planning_groups').insert({ lesson_id: lesson.id, planning_group_id: group.id });
    return lesson.id as string;
  });
  const emails = Array.from({ length: students }, (_, s) => `${prefix}.${s}@bench.alterna.school`);
  return { lessonId, subjectId, teacherEmail, emails, password: PASSWORD };
}

/** Runs the tasks `concurrency` at a time, in order; answers each one's milliseconds (send to parsed answer). */
async function bounded<T>(tasks: (() => Promise<T>)[], concurrency: number): Promise<{ ms: number[]; values: T[] }> {
  const ms: number[] = new Array(tasks.length);
  const values: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      const done = await timed(tasks[i]!);
      ms[i] = done.ms;
      values[i] = done.value;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return { ms, values };
}

/** Each student once, and half of them (the even ones) a second time a few places later: a double scan. */
function scanOrder(): number[] {
  const order: number[] = [];
  for (let s = 0; s < STUDENTS; s++) {
    order.push(s);
    // The second scan of student s - 6 (even): some race the first one, still in flight among the 20.
    if (s >= 6 && (s - 6) % 2 === 0) order.push(s - 6);
  }
  for (let s = STUDENTS - 6; s < STUDENTS; s++) if (s % 2 === 0) order.push(s);
  return order;
}

const p95 = (times: number[]) => percentile(times, 0.95);
const p50 = (times: number[]) => percentile(times, 0.5);

/**
 * QR check-in (issue #11): 300 students of one lesson scan its code within a minute (half of them twice), 20
 * requests in flight; the p95 of a check-in against the p95 of the trivial authenticated read (GET /api/auth/me)
 * by the same 300 sessions, the same way, just before. Then every line is checked: recorded once, present.
 */
export async function measureQrCheckIn(app: BenchApp): Promise<Figure[]> {
  const name = `QR check-in, ${STUDENTS} students on one lesson (+${STUDENTS / 2} double scans, ${CONCURRENCY} in flight): p95 vs GET /api/auth/me p95`;
  const wallName = (recorded: string) => `QR check-in: recorded ${recorded} (checked in once, present), all scans' wall time vs one minute`;
  try {
    const knex = app.core.db.knex;
    const lesson = await lessonNow(knex, app.centre.session.id);
    const teacher = new BenchClient(app.baseUrl);
    await teacher.login(lesson.teacherEmail, PASSWORD);
    const sheetPath = `/api/my-courses/${lesson.subjectId}/seances/${lesson.lessonId}/attendance`;
    const opened = await teacher.request('POST', sheetPath);
    if (opened.status !== 200 || opened.json?.sheet?.lines?.length !== STUDENTS) {
      throw new Error(`opening the sheet answered ${opened.status} with ${opened.json?.sheet?.lines?.length} lines: ${opened.text.slice(0, 200)}`);
    }

    // The 300 phones log in first (not timed; a password hash each), 4 at a time.
    const students = lesson.emails.map(() => new BenchClient(app.baseUrl));
    await bounded(students.map((client, s) => () => client.login(lesson.emails[s]!, PASSWORD)), 4);

    // The teacher's screen: the current window's code, asked again when the window turns (as the page does).
    let shown: Promise<{ window: number; code: string }> | null = null;
    let shownWindow = -1;
    const currentCode = () => {
      const window = Math.floor(Date.now() / WINDOW_MS);
      if (!shown || window !== shownWindow) {
        shownWindow = window;
        shown = teacher.request('GET', `${sheetPath}/qr`).then((r) => {
          if (r.status !== 200) throw new Error(`the QR code answered ${r.status}: ${r.text.slice(0, 200)}`);
          return { window: r.json.window as number, code: r.json.code as string };
        });
      }
      return shown;
    };
    await currentCode();

    // Warm-up, untimed: every session reads itself once; 20 scans with a wrong code (refused, the line untouched).
    await bounded(students.map((client) => () => client.request('GET', '/api/auth/me')), CONCURRENCY);
    await bounded(students.slice(0, 20).map((client) => async () => {
      const { window } = await currentCode();
      return client.request('POST', '/api/attendance/check-in', { lesson: lesson.lessonId, window, code: 'A'.repeat(22) });
    }), CONCURRENCY);

    const order = scanOrder();
    const me = await bounded(order.map((s) => () => students[s]!.request('GET', '/api/auth/me')), CONCURRENCY);
    const badMe = me.values.filter((r) => r.status !== 200).length;
    // The code is read before the clock starts: the phone has it from the camera, what is timed is the request.
    const started = performance.now();
    const scans = await bounded(order.map((s) => async () => {
      const { window, code } = await currentCode();
      return timed(() => students[s]!.request('POST', '/api/attendance/check-in', { lesson: lesson.lessonId, window, code }));
    }), CONCURRENCY);
    const wallSeconds = (performance.now() - started) / 1000;
    const checkInMs = scans.values.map((v) => v.ms);
    const refused = scans.values.filter((v) => v.value.status !== 200);

    const sheet = await knex('attendance_sheets').where({ lesson_id: lesson.lessonId }).first('id');
    const lines = (await knex.raw(
      `SELECT count(*)::int AS lines, count(*) FILTER (WHERE checked_in_at IS NOT NULL AND status = 'present')::int AS recorded,
         count(DISTINCT student_id)::int AS students FROM attendance_lines WHERE sheet_id = ?`,
      [sheet.id],
    )).rows[0];
    const recorded = `${lines.recorded}/${STUDENTS}`;
    const sound = lines.recorded === STUDENTS && lines.lines === STUDENTS && lines.students === STUDENTS && !refused.length;
    const problems = [
      refused.length ? `${refused.length} scans refused (first: ${refused[0]!.value.status} ${refused[0]!.value.text.slice(0, 120)})` : '',
      lines.lines !== STUDENTS ? `${lines.lines} lines on the sheet` : '',
      badMe ? `${badMe} GET /api/auth/me not 200` : '',
    ].filter(Boolean).join('; ');
    return [
      {
        name, value: p95(checkInMs), baseline: p95(me.ms), unit: 'ms', target: 3,
        note: `${order.length} scans (${STUDENTS} students, ${order.length - STUDENTS} a second time), all answered 200: ${refused.length ? 'no' : 'yes'};`
          + ` check-in p50 ${p50(checkInMs).toFixed(1)} ms, GET /api/auth/me p50 ${p50(me.ms).toFixed(1)} ms; target 3x is this bench's own (the issue asks for the p95 reported)`,
      },
      {
        name: wallName(recorded), value: wallSeconds, baseline: 60, unit: 's', target: 1,
        ...(sound ? {} : { missing: problems || `recorded ${recorded}` }),
        note: `the sheet holds ${lines.lines} lines of ${lines.students} students, ${lines.recorded} checked in and present`,
      },
    ];
  } catch (error) {
    const missing = error instanceof Error ? error.message.slice(0, 160) : String(error);
    return [
      { name, value: null, baseline: null, unit: 'ms', target: 3, missing },
      { name: wallName('?'), value: null, baseline: 60, unit: 's', target: 1, missing },
    ];
  }
}
