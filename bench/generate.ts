// A large centre for the benchmarks, made in a fresh PostgreSQL database with set inserts only
// (INSERT … SELECT generate_series): 10 campuses, 300 rooms, 400 teachers, 200 planning groups, one
// training session over the year and N lessons (150,000 fill the year), conflict-free by construction.
//
//   npx tsx bench/generate.ts [lessons=15000] [--keep]
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createCore, createLogger, createPostgresDatabase, discoverModules, dropPostgresDatabase, loadConfig, todayIn, type Knex } from '@alterna/core';
import { hashPassword } from '@alterna/identity';
import { publicHolidaysBetween } from '@alterna/training-centre';

export const shape = { campuses: 10, roomsPerCampus: 30, teachersPerCampus: 40, groupsPerCampus: 20, subjects: 20 } as const;
/** The day's four lesson slots, Paris wall-clock: the bench's evening slot (17:30) is left free for the bulk create. */
export const daySlots: readonly [string, string][] = [['09:00', '10:30'], ['10:45', '12:30'], ['13:30', '15:15'], ['15:30', '17:00']];
export const managerEmail = 'bench.manager@bench.alterna.school';
export const managerPassword = 'bench-password';

export const serverUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Deterministic ids, so every statement can name a resource by its indexes without a lookup; shaped as
 * version-4 UUIDs (version and variant digits set), as the API's validation expects of real ids.
 */
export const idSql = (kind: string, ...parts: string[]) =>
  `overlay(overlay(md5('bench-${kind}' ${parts.map((p) => `|| ':' || (${p})::text`).join(' ')}) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid`;

/** The same id computed here: `benchId('room', 3, 7)` is room 7 of campus 3. */
export function benchId(kind: string, ...parts: number[]): string {
  const md5 = crypto.createHash('md5').update([`bench-${kind}`, ...parts].join(':')).digest('hex');
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface GeneratedCentre {
  name: string;
  url: string;
  lessons: number;
  session: { id: string; startDate: string; endDate: string };
  /** Working days of the year (Mon–Fri, no public holiday) the lessons are spread over. */
  days: string[];
  seconds: number;
}

/** The school year holding today: 1 September to 31 August. */
export function benchYear(today = todayIn()): { startDate: string; endDate: string } {
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 9 ? 0 : 1);
  return { startDate: `${year}-09-01`, endDate: `${year + 1}-08-31` };
}

export function workingDays(startDate: string, endDate: string): string[] {
  const holidays = new Set(publicHolidaysBetween(startDate, endDate).map((h) => h.date));
  const days: string[] = [];
  for (let t = Date.parse(`${startDate}T12:00:00Z`); t <= Date.parse(`${endDate}T12:00:00Z`); t += 86_400_000) {
    const date = new Date(t);
    const day = date.toISOString().slice(0, 10);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6 && !holidays.has(day)) days.push(day);
  }
  return days;
}

/** The centre: campuses, sites, buildings, rooms, teachers and a manager, subjects, groups, the session. */
export async function makeCentre(knex: Knex, year: { startDate: string; endDate: string }): Promise<string> {
  const { campuses, roomsPerCampus, teachersPerCampus, groupsPerCampus, subjects } = shape;
  const campus = idSql('campus', 'c');
  await knex.raw(`INSERT INTO campuses (id, name, open_days) SELECT ${campus}, 'Campus ' || lpad(c::text, 2, '0'), '{1,2,3,4,5}' FROM generate_series(0, ?) c`, [campuses - 1]);
  await knex.raw(`INSERT INTO sites (id, campus_id, name) SELECT ${idSql('site', 'c')}, ${campus}, 'Site ' || c FROM generate_series(0, ?) c`, [campuses - 1]);
  await knex.raw(`INSERT INTO buildings (id, site_id, name) SELECT ${idSql('building', 'c', 'b')}, ${idSql('site', 'c')}, 'Bâtiment ' || c || '-' || b
    FROM generate_series(0, ?) c, generate_series(0, 1) b`, [campuses - 1]);
  await knex.raw(`INSERT INTO rooms (id, building_id, name, size) SELECT ${idSql('room', 'c', 'r')}, ${idSql('building', 'c', 'r % 2')}, 'Salle ' || c || '-' || lpad(r::text, 2, '0'), 12 + (r * 7) % 40
    FROM generate_series(0, ?) c, generate_series(0, ?) r`, [campuses - 1, roomsPerCampus - 1]);
  await knex.raw(`INSERT INTO actors (id, first_name, last_name, email) SELECT ${idSql('teacher', 'c', 't')}, 'Prof', 'Bench ' || c || '-' || lpad(t::text, 2, '0'), 'prof.' || c || '.' || t || '@bench.alterna.school'
    FROM generate_series(0, ?) c, generate_series(0, ?) t`, [campuses - 1, teachersPerCampus - 1]);
  await knex.raw(`INSERT INTO actor_access_rules (actor_id, campus_id, typology) SELECT ${idSql('teacher', 'c', 't')}, ${campus}, 'teacher'
    FROM generate_series(0, ?) c, generate_series(0, ?) t`, [campuses - 1, teachersPerCampus - 1]);
  const [manager] = await knex('actors').insert({ first_name: 'Manon', last_name: 'Bench', email: managerEmail, password_hash: await hashPassword(managerPassword) }).returning('id');
  await knex.raw(`INSERT INTO actor_access_rules (actor_id, campus_id, typology) SELECT ?, ${campus}, 'management' FROM generate_series(0, ?) c`, [manager.id, campuses - 1]);
  await knex.raw(`INSERT INTO school_subjects (id, name, short_name, color) SELECT ${idSql('subject', 's')}, 'Matière ' || s, 'M' || s, '#1c7ed6' FROM generate_series(0, ?) s`, [subjects - 1]);
  await knex.raw(`INSERT INTO planning_groups (id, campus_id, name) SELECT ${idSql('group', 'c', 'g')}, ${campus}, 'Groupe ' || c || '-' || lpad(g::text, 2, '0')
    FROM generate_series(0, ?) c, generate_series(0, ?) g`, [campuses - 1, groupsPerCampus - 1]);
  const [session] = await knex('training_sessions').insert({ name: `Bench ${year.startDate.slice(0, 4)}`, start_date: year.startDate, end_date: year.endDate }).returning('id');
  return session.id as string;
}

/** Lessons a campus holds in one slot of a day: 15 of its 20 groups, as busy as a real centre's day. */
export const RANKS = 15;
export const lessonsPerDay = shape.campuses * daySlots.length * RANKS;

/**
 * Lessons `from..to-1`, filling the year day by day at a real centre's density: lesson i takes campus
 * i % 10, slot (i / 10) % 4, rank k = (i / 40) % 15 and day i / 600. So 15,000 lessons are the first five
 * weeks and 150,000 the whole year, and a week of the first five is equally busy in both: what the reads
 * measure is the table's size, not a busier week. Within a campus, day and slot the ranks hold distinct
 * groups ((k + d) % 20), rooms ((k + d + s) % 30) and teachers ((k + 3d + s) % 40): nothing overlaps.
 */
export async function addLessons(knex: Knex, sessionId: string, days: string[], from: number, to: number, chunk = 25_000): Promise<void> {
  const { campuses, roomsPerCampus, teachersPerCampus, groupsPerCampus, subjects } = shape;
  if (to > lessonsPerDay * days.length) throw new Error(`at most ${lessonsPerDay * days.length} lessons fit this centre's year`);
  const superuser = Boolean((await knex.raw('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0]?.rolsuper);
  const starts = daySlots.map(([start]) => start);
  const ends = daySlots.map(([, end]) => end);
  for (let low = from; low < to; low += chunk) {
    const high = Math.min(to, low + chunk) - 1;
    const indexes = `SELECT i, i % ${campuses} AS c, (i / ${campuses}) % 4 AS s, (i / ${campuses * 4}) % ${RANKS} AS k, i / ${lessonsPerDay} AS d FROM generate_series(${low}, ${high}) i`;
    const period = `tstzrange(((?::date[])[d + 1] + (?::time[])[s + 1]) AT TIME ZONE 'Europe/Paris', ((?::date[])[d + 1] + (?::time[])[s + 1]) AT TIME ZONE 'Europe/Paris', '[)')`;
    const periodBindings = [days, starts, days, ends];
    await knex.transaction(async (trx) => {
      // Rows valid by construction: a superuser skips the per-row foreign-key triggers (not the constraints' indexes).
      if (superuser) await trx.raw('SET LOCAL session_replication_role = replica');
      await trx.raw(
        `INSERT INTO lessons (id, campus_id, training_session_id, start_at, end_at, school_subject_id, lesson_type, remote)
         SELECT ${idSql('lesson', 'i')}, ${idSql('campus', 'c')}, ?, lower(p), upper(p),
           ${idSql('subject', `(k + d + s) % ${subjects}`)}, CASE WHEN i % 7 = 3 THEN 'tutorial' ELSE 'course' END, CASE WHEN i % 11 = 5 THEN 'both' ELSE 'present' END
         FROM (SELECT x.*, ${period} AS p FROM (${indexes}) x) y`,
        [sessionId, ...periodBindings],
      );
      // The link rows get the lesson's period and active flag here, as the fill trigger would (it is off
      // meanwhile: a per-row lookup); the exclusion constraints still check every row.
      const links: [string, string, string][] = [
        ['lesson_planning_groups', 'planning_group_id', idSql('group', 'c', `(k + d) % ${groupsPerCampus}`)],
        ['lesson_rooms', 'room_id', idSql('room', 'c', `(k + d + s) % ${roomsPerCampus}`)],
        ['lesson_teachers', 'teacher_id', idSql('teacher', 'c', `(k + 3 * d + s) % ${teachersPerCampus}`)],
      ];
      for (const [table, column, id] of links) {
        if (!superuser) await trx.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_fill`);
        await trx.raw(`INSERT INTO ${table} (lesson_id, ${column}, period, active) SELECT ${idSql('lesson', 'i')}, ${id}, ${period}, true FROM (${indexes}) x`, periodBindings);
        if (!superuser) await trx.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_fill`);
      }
    });
  }
}

/** A fresh, migrated (not seeded) database holding the large centre and `lessons` lessons. */
export async function generateCentre(lessons: number, name = `alterna_bench_${lessons}_${Date.now()}`): Promise<GeneratedCentre> {
  const started = performance.now();
  const url = await createPostgresDatabase(serverUrl, name);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'error' });
  const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
  try {
    await core.migrate();
    const knex = core.db.knex;
    const year = benchYear();
    const days = workingDays(year.startDate, year.endDate);
    const sessionId = await makeCentre(knex, year);
    await addLessons(knex, sessionId, days, 0, lessons);
    // Settled as a long-lived database is: statistics and visibility maps, no autovacuum pass during the measures.
    await knex.raw('VACUUM (ANALYZE)');
    return { name, url, lessons, session: { id: sessionId, ...year }, days, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await core.close();
    await dropPostgresDatabase(serverUrl, name);
    throw error;
  } finally {
    await core.close().catch(() => {});
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lessons = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15_000);
  const centre = await generateCentre(lessons);
  const counts = await (async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: centre.url, LOG_LEVEL: 'error' });
    const core = await createCore({ config, modules: [], log: createLogger('error') });
    try {
      const row = (await core.db.knex.raw(`SELECT (SELECT count(*) FROM lessons) AS lessons, (SELECT count(*) FROM lesson_teachers) AS teachers,
        (SELECT count(*) FROM lesson_rooms) AS rooms, (SELECT count(*) FROM lesson_planning_groups) AS groups`)).rows[0];
      return row;
    } finally {
      await core.close();
    }
  })();
  console.log(`generated ${centre.name}: ${JSON.stringify(counts)} in ${centre.seconds.toFixed(1)} s`);
  if (process.argv.includes('--keep')) console.log(centre.url);
  else await dropPostgresDatabase(serverUrl, centre.name);
}
