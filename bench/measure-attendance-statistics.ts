import type { Knex } from '@alterna/core';
import type { BenchApp } from './app.js';
import { benchId, idSql, shape } from './generate.js';
import { interleaved, percentile, timed, type Figure } from './stats.js';

const REQUESTS = 50;
const WARMUP = 5;
/**
 * Students subscribed to each generated planning group: 13, and 14 in groups 0, 3, 6… (7 of a campus's 20), so
 * 13.35 per lesson on average (every generated lesson has one group): 15,000 lessons give ~200k lines, 150,000 ~2M.
 */
const studentsIn = (g: string) => `13 + (${g} % 3 = 0)::int`;
const STATUS_SQL = (h: string) => `CASE WHEN ${h} < 84 THEN 'present' WHEN ${h} < 89 THEN 'late' WHEN ${h} < 95 THEN 'absent'
  WHEN ${h} < 97 THEN 'early-exit' WHEN ${h} < 98 THEN 'temporary-exit' WHEN ${h} < 99 THEN 'without-signature' ELSE 'temporary-exclusion' END`;

/**
 * A year of attendance on the generated centre, by set statements: students subscribed to every planning group
 * (registered in a training group of their campus), a closed sheet for every generated lesson (opened and closed
 * by its teacher; lessons that already have a sheet are left alone) and one line per subscribed student, its
 * status spread by a hash of sheet and registration (84% present, 5% late, 6% absent…), no signatures; a
 * justification of two days for one student in four. Answers the number of lines made.
 */
export async function makeAttendance(knex: Knex, sessionId: string): Promise<number> {
  const { campuses, groupsPerCampus } = shape;
  const superuser = Boolean((await knex.raw('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0]?.rolsuper);
  const [training] = await knex('trainings').insert({ name: 'Bench statistics', short_name: 'BSTAT' }).returning('id');
  const [plan] = await knex('training_plans').insert({ training_id: training.id, training_session_id: sessionId }).returning('id');
  const [variant] = await knex('training_plan_variants').insert({ training_plan_id: plan.id, name: 'Standard' }).returning('id');
  const campus = idSql('campus', 'c');
  await knex.raw(
    `INSERT INTO training_groups (id, name, short_name, start_date, end_date, campus_id, training_session_id, training_id, variant_id)
     SELECT ${idSql('stat-training-group', 'c')}, 'Bench statistics ' || c, 'BSTAT-' || c, s.start_date, s.end_date, ${campus}, s.id, ?, ?
     FROM generate_series(0, ?) c, training_sessions s WHERE s.id = ?`,
    [training.id, variant.id, campuses - 1, sessionId],
  );
  // Campus c, planning group g, member m.
  const members = `SELECT c, g, m FROM generate_series(0, ${campuses - 1}) c, generate_series(0, ${groupsPerCampus - 1}) g, generate_series(0, 13) m
    WHERE m < ${studentsIn('g')}`;
  const student = idSql('stat-student', 'c', 'g', 'm');
  await knex.raw(`INSERT INTO actors (id, first_name, last_name, email)
    SELECT ${student}, 'Élève', 'Stat ' || c || '-' || g || '-' || m, 'stat.' || c || '.' || g || '.' || m || '@bench.alterna.school' FROM (${members}) x`);
  await knex.raw(`INSERT INTO actor_access_rules (actor_id, campus_id, typology) SELECT ${student}, ${campus}, 'student' FROM (${members}) x`);
  await knex.raw(`INSERT INTO students (actor_id, date_of_birth) SELECT ${student}, '2004-05-06' FROM (${members}) x`);
  await knex.raw(`INSERT INTO student_registrations (id, student_id, training_group_id, student_status)
    SELECT ${idSql('stat-registration', 'c', 'g', 'm')}, ${student}, ${idSql('stat-training-group', 'c')}, 'apprentice' FROM (${members}) x`);
  await knex.raw(`INSERT INTO planning_group_subscriptions (planning_group_id, student_registration_id)
    SELECT ${idSql('group', 'c', 'g')}, ${idSql('stat-registration', 'c', 'g', 'm')} FROM (${members}) x`);
  await knex.raw(
    `INSERT INTO attendance_justifications (student_id, campus_id, reason, start_date, end_date, status, created_at)
     SELECT ${student}, ${campus}, (ARRAY['illness', 'family', 'transport', 'company'])[1 + (c + g + m) % 4], d, d + 1,
       (ARRAY['accepted', 'accepted', 'submitted', 'refused'])[1 + (c * 7 + g + m) % 4], d + 2
     FROM (SELECT x.*, s.start_date + 7 + ((c * 31 + g * 7 + m * 3) % 200) AS d FROM (${members}) x, training_sessions s WHERE s.id = ?) y
     WHERE (c + g + m) % 4 = 0`,
    [sessionId],
  );

  // Sheets and lines by slices of lessons, so that no transaction holds millions of rows.
  const lessons = Number((await knex('lessons').where({ training_session_id: sessionId }).count('* as n').first())?.n ?? 0);
  const bounds = (await knex.raw(`SELECT min(start_at) AS low, max(start_at) AS high FROM lessons WHERE training_session_id = ?`, [sessionId])).rows[0];
  const slices = Math.max(1, Math.ceil(lessons / 25_000));
  const low = new Date(bounds.low).getTime();
  const step = (new Date(bounds.high).getTime() + 1 - low) / slices;
  let made = 0;
  const hash = `(('x' || substr(md5(sh.id::text || r.id::text), 1, 8))::bit(32)::bigint % 100)`;
  for (let slice = 0; slice < slices; slice++) {
    const from = new Date(low + slice * step).toISOString();
    const to = slice === slices - 1 ? new Date(new Date(bounds.high).getTime() + 1).toISOString() : new Date(low + (slice + 1) * step).toISOString();
    await knex.transaction(async (trx) => {
      // Rows valid by construction: a superuser skips the per-row foreign-key triggers (not the constraints' indexes).
      if (superuser) await trx.raw('SET LOCAL session_replication_role = replica');
      await trx.raw(
        `INSERT INTO attendance_sheets (id, lesson_id, campus_id, opened_by, opened_at, closed_by, closed_at, qr_secret, created_at, updated_at)
         SELECT md5('stat-sheet:' || l.id)::uuid, l.id, l.campus_id, lt.teacher_id, l.start_at, lt.teacher_id, l.end_at + interval '10 minutes',
           decode(md5('stat-secret:' || l.id), 'hex'), l.start_at, l.end_at + interval '10 minutes'
         FROM lessons l JOIN lesson_teachers lt ON lt.lesson_id = l.id
         WHERE l.training_session_id = ? AND l.start_at >= ? AND l.start_at < ?
           AND NOT EXISTS (SELECT 1 FROM attendance_sheets o WHERE o.lesson_id = l.id)`,
        [sessionId, from, to],
      );
      const inserted = await trx.raw(
        `INSERT INTO attendance_lines (sheet_id, student_registration_id, student_id, status, arrived_at, left_at, exit_from, exit_to, checked_in_at, marked_by, created_at, updated_at)
         SELECT sheet_id, registration_id, student_id, status,
           CASE WHEN status = 'late' THEN start_at + interval '12 minutes' END,
           CASE WHEN status = 'early-exit' THEN end_at - interval '20 minutes' END,
           CASE WHEN status = 'temporary-exit' THEN start_at + interval '30 minutes' END,
           CASE WHEN status = 'temporary-exit' THEN start_at + interval '45 minutes' END,
           CASE WHEN status IN ('present', 'late') AND h % 2 = 0 THEN start_at + interval '2 minutes' END,
           teacher_id, start_at, closed_at
         FROM (
           SELECT sh.id AS sheet_id, r.id AS registration_id, r.student_id, ${STATUS_SQL('h')} AS status, h, l.start_at, l.end_at, sh.closed_at, sh.closed_by AS teacher_id
           FROM attendance_sheets sh
           JOIN lessons l ON l.id = sh.lesson_id
           JOIN lesson_planning_groups lg ON lg.lesson_id = l.id
           JOIN planning_group_subscriptions s ON s.planning_group_id = lg.planning_group_id
           JOIN student_registrations r ON r.id = s.student_registration_id
           CROSS JOIN LATERAL (SELECT ${hash} AS h) hh
           WHERE l.training_session_id = ? AND l.start_at >= ? AND l.start_at < ? AND sh.id = md5('stat-sheet:' || l.id)::uuid
         ) x`,
        [sessionId, from, to],
      );
      made += inserted.rowCount ?? 0;
    });
  }
  await knex.raw('VACUUM (ANALYZE) attendance_sheets, attendance_lines, attendance_justifications, planning_group_subscriptions, student_registrations, actors');
  return made;
}

/** The month measured: September of the bench year, inside the first five weeks that both centres hold alike. */
export function month(app: BenchApp): { from: string; to: string } {
  const year = app.centre.session.startDate.slice(0, 4);
  return { from: `${year}-09-01`, to: `${year}-09-30` };
}

/** The statistics of campus 0 for the month over HTTP as the manager (management of every campus); answers the total. */
function statistics(app: BenchApp): () => Promise<number> {
  const { from, to } = month(app);
  const path = `/api/absences-and-lateness/statistics?campus=${benchId('campus', 0)}&from=${from}&to=${to}`;
  return async () => {
    const response = await app.manager.request('GET', path);
    if (response.status !== 200 || typeof response.json?.total !== 'number') throw new Error(`statistics answered ${response.status}: ${response.text.slice(0, 200)}`);
    return response.json.total as number;
  };
}

/**
 * The statement the statistics service sends (absence-filters.ts closedLines, coveringJustification and the hours'
 * sums of absences.ts, copied here), straight to PostgreSQL: what the database's share of a request is, at each size.
 */
export const statisticsSql = `
  SELECT l.status, count(*)::int AS count, count(*) FILTER (WHERE l.status = 'absent' AND j.status IS DISTINCT FROM 'accepted')::int AS unjustified,
    sum(EXTRACT(EPOCH FROM le.end_at - le.start_at))::float AS scheduled, sum(CASE
      WHEN l.status IN ('present', 'without-signature') THEN EXTRACT(EPOCH FROM le.end_at - le.start_at)
      WHEN l.status = 'late' THEN GREATEST(0, EXTRACT(EPOCH FROM le.end_at - coalesce(l.arrived_at, le.start_at)))
      WHEN l.status = 'early-exit' THEN GREATEST(0, EXTRACT(EPOCH FROM coalesce(l.left_at, le.end_at) - le.start_at))
      WHEN l.status = 'temporary-exit' THEN GREATEST(0, EXTRACT(EPOCH FROM le.end_at - le.start_at) - coalesce(EXTRACT(EPOCH FROM l.exit_to - l.exit_from), 0))
      ELSE 0 END)::float AS attended
  FROM attendance_lines l JOIN attendance_sheets sh ON sh.id = l.sheet_id JOIN planning_lessons le ON le.id = sh.lesson_id
  LEFT JOIN LATERAL (
    SELECT j.id, j.status FROM attendance_justifications j
    WHERE j.student_id = l.student_id AND (le.start_at AT TIME ZONE 'Europe/Paris')::date BETWEEN j.start_date AND j.end_date
    ORDER BY (j.status = 'accepted') DESC, (j.status = 'submitted') DESC, j.created_at DESC LIMIT 1
  ) j ON true
  WHERE sh.closed_at IS NOT NULL AND sh.campus_id IN (?) AND le.start_at >= (?::date)::timestamp AT TIME ZONE 'Europe/Paris'
    AND le.start_at < (?::date + 1)::timestamp AT TIME ZONE 'Europe/Paris' AND l.status IS NOT NULL
  GROUP BY l.status`;

function sqlStatistics(app: BenchApp): () => Promise<number> {
  const { from, to } = month(app);
  return async () => (await app.core.db.knex.raw(statisticsSql, [benchId('campus', 0), from, to])).rows.length as number;
}

const p95 = (times: number[] | undefined) => percentile(times ?? [], 0.95);
const p50 = (times: number[] | undefined) => percentile(times ?? [], 0.5);

/**
 * Attendance statistics (issue #11): one campus, one month, on the centre with ~200k attendance lines against the
 * one with ~2M. The month's lines are the same in both; what grows is the table around them.
 */
export async function measureAttendanceStatistics(small: BenchApp, big: BenchApp): Promise<Figure[]> {
  const name = `attendance statistics, one campus for a month (HTTP), ${big.centre.lessons} vs ${small.centre.lessons} lessons (p95 of ${REQUESTS})`;
  try {
    const made: number[] = [];
    for (const app of [small, big]) {
      const { ms, value } = await timed(() => makeAttendance(app.core.db.knex, app.centre.session.id));
      made.push(value);
      console.log(`[bench] ${app.centre.lessons}-lesson centre: ${value} attendance lines made in ${(ms / 1000).toFixed(1)} s`);
    }
    const totals = [await statistics(small)(), await statistics(big)()];
    const [smallTimes, bigTimes, sqlSmall, sqlBig] = await interleaved(REQUESTS, WARMUP, [statistics(small), statistics(big), sqlStatistics(small), sqlStatistics(big)]);
    return [{
      name, value: p95(bigTimes), baseline: p95(smallTimes), unit: 'ms', target: 1.3,
      note: `attendance lines ${made[1]} vs ${made[0]} (13.35 students per generated lesson); the month's closed lines counted: ${totals[1]} vs ${totals[0]};`
        + ` p50 ${p50(bigTimes).toFixed(1)} vs ${p50(smallTimes).toFixed(1)} ms; the service's statement alone (knex, no HTTP):`
        + ` p50 ${p50(sqlBig).toFixed(1)} vs ${p50(sqlSmall).toFixed(1)} ms, p95 ${p95(sqlBig).toFixed(1)} vs ${p95(sqlSmall).toFixed(1)} ms`,
    }];
  } catch (error) {
    return [{ name, value: null, baseline: null, unit: 'ms', target: 1.3, missing: error instanceof Error ? error.message.slice(0, 160) : String(error) }];
  }
}
