import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BenchClient, type BenchApp } from './app.js';
import { benchId } from './generate.js';
import { reason } from './measure-conflicts.js';
import { interleaved, percentile, type Figure } from './stats.js';
import { addDays, mondayOf, parisIso } from './times.js';

// 150: the p95 is then the 8th slowest, not the 3rd (a single slow request moved the ratio by 0.3).
const REQUESTS = 150;
const WARMUP = 5;

/** What the planning calendar asks for a week of one campus (every field the web's week view shows). */
export const weekQuery = `query Week($campusList: [ID!], $startDate: String, $endDate: String) {
  EventLessonSchedules(campusList: $campusList, startDate: $startDate, endDate: $endDate) {
    uuid startDate endDate remote lessonType lessonStatus lessonCancellationType cancelDesc description attendanceStarted
    campus { uuid name }
    teacherContracts { uuid }
    teachers { uuid firstName lastName }
    rooms { uuid name size building { uuid name } }
    schoolSubject { uuid name shortName color }
    planningGroups { uuid name }
  }
}`;

/**
 * The same read in one SQL statement: the week's active lessons of the campus in order, whether their attendance has
 * started, their links gathered per set as JSON lists in the order the calendar shows them (each link table probed by
 * its primary key for the week's lessons, as the planning module's read does).
 */
export const weekSql = `
  WITH week AS (
    SELECT l.* FROM lessons l WHERE l.campus_id = ? AND l.period && tstzrange(?::timestamptz, ?::timestamptz, '[)') AND l.status <> 'cancelled'
  ), teachers AS (
    SELECT lt.lesson_id, json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'contract', lt.teacher_contract_id) ORDER BY a.last_name, a.first_name, a.id) AS list
    FROM week w JOIN lesson_teachers lt ON lt.lesson_id = w.id AND lt.lesson_id = ANY(ARRAY(SELECT id FROM week)) JOIN actors a ON a.id = lt.teacher_id GROUP BY lt.lesson_id
  ), rooms AS (
    SELECT lr.lesson_id, json_agg(json_build_object('id', r.id, 'name', r.name, 'size', r.size, 'buildingId', b.id, 'buildingName', b.name) ORDER BY r.name, r.id) AS list
    FROM week w JOIN lesson_rooms lr ON lr.lesson_id = w.id AND lr.lesson_id = ANY(ARRAY(SELECT id FROM week)) JOIN rooms r ON r.id = lr.room_id JOIN buildings b ON b.id = r.building_id GROUP BY lr.lesson_id
  ), groups AS (
    SELECT lg.lesson_id, json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id) AS list
    FROM week w JOIN lesson_planning_groups lg ON lg.lesson_id = w.id AND lg.lesson_id = ANY(ARRAY(SELECT id FROM week)) JOIN planning_groups g ON g.id = lg.planning_group_id GROUP BY lg.lesson_id
  )
  SELECT w.id, w.start_at, w.end_at, w.remote, w.lesson_type, w.status, w.cancellation_type, w.cancel_desc, w.description,
    EXISTS (SELECT 1 FROM attendance_sheets st WHERE st.lesson_id = w.id) AS attendance_started,
    c.id AS campus_id, c.name AS campus_name, s.id AS subject_id, s.name AS subject_name, s.short_name, s.color,
    coalesce(t.list, '[]') AS teachers, coalesce(r.list, '[]') AS rooms, coalesce(g.list, '[]') AS groups
  FROM week w JOIN campuses c ON c.id = w.campus_id LEFT JOIN school_subjects s ON s.id = w.school_subject_id
    LEFT JOIN teachers t ON t.lesson_id = w.id LEFT JOIN rooms r ON r.lesson_id = w.id LEFT JOIN groups g ON g.lesson_id = w.id
  ORDER BY w.start_at, w.id`;

/** The third week of the year (as busy in both databases), campus 0. */
export function week(app: BenchApp): { campusId: string; startDate: string; endDate: string } {
  const monday = mondayOf(app.centre.days[12]!);
  return { campusId: benchId('campus', 0), startDate: parisIso(monday, '00:00'), endDate: parisIso(addDays(monday, 7), '00:00') };
}

/** The calendar's read over HTTP as the manager; answers how many lessons came back. */
function graphqlWeek(app: BenchApp): () => Promise<number> {
  const w = week(app);
  const variables = { campusList: [w.campusId], startDate: w.startDate, endDate: w.endDate };
  return async () => {
    const response = await app.manager.graphql(weekQuery, variables);
    if (response.status !== 200 || response.json?.errors?.length || !Array.isArray(response.json?.data?.EventLessonSchedules)) {
      throw new Error(`EventLessonSchedules answered ${response.status}: ${JSON.stringify(response.json?.errors?.[0]?.message ?? response.text.slice(0, 200))}`);
    }
    return response.json.data.EventLessonSchedules.length as number;
  };
}

function sqlWeek(app: BenchApp): () => Promise<number> {
  const w = week(app);
  return async () => (await app.core.db.knex.raw(weekSql, [w.campusId, w.startDate, w.endDate])).rows.length as number;
}

const p95 = (times: number[] | undefined) => percentile(times ?? [], 0.95);
const p50 = (times: number[] | undefined) => percentile(times ?? [], 0.5);
/** How the app answered the week: written as JSON text, or left to the executor (whose time the figure would then be). */
function compiledNote(app: BenchApp): string {
  const count = app.core.graphql.compiled.counts().EventLessonSchedules;
  return `compiled answers ${count?.answered ?? 0}, fallbacks ${JSON.stringify(count?.fallbacks ?? {})}`;
}
/** The medians beside the p95s: how much of a ratio is the tail. */
const medians = (gql: number[] | undefined, sql: number[] | undefined) => `medians ${p50(gql).toFixed(1)} vs ${p50(sql).toFixed(1)} ms (${(p50(gql) / p50(sql)).toFixed(2)}x)`;

/**
 * The floor of any HTTP + JSON read of this answer: the same bytes served from memory by a bare node server,
 * fetched and parsed by the same client. No resolver, session or SQL: what is left is moving and parsing them.
 */
async function servedFromMemory(body: string): Promise<{ fetch: () => Promise<unknown>; close: () => void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new BenchClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { fetch: () => client.request('POST', '/', { query: weekQuery }), close: () => server.close() };
}

export async function measureCalendar(small: BenchApp, big: BenchApp): Promise<Figure[]> {
  const scaleName = `calendar week of one campus (GraphQL), ${big.centre.lessons} vs ${small.centre.lessons} lessons (p95 of ${REQUESTS})`;
  const rawName = (app: BenchApp) => `calendar week of one campus, GraphQL vs raw SQL at ${app.centre.lessons} lessons (p95 of ${REQUESTS})`;
  const sql = [sqlWeek(small), sqlWeek(big)] as const;
  const counts = { sqlSmall: await sql[0](), sqlBig: await sql[1]() };
  try {
    const gql = [graphqlWeek(small), graphqlWeek(big)] as const;
    const lessons = { small: await gql[0](), big: await gql[1]() };
    const w = week(big);
    const answer = await big.manager.graphql(weekQuery, { campusList: [w.campusId], startDate: w.startDate, endDate: w.endDate });
    const floor = await servedFromMemory(answer.text);
    const [gqlSmall, gqlBig, sqlSmall, sqlBig, fromMemory] = await interleaved(REQUESTS, WARMUP, [gql[0], gql[1], sql[0], sql[1], floor.fetch]).finally(floor.close);
    const floorNote = `the same ${Math.round(answer.text.length / 1024)} KB answer served from memory by a bare node HTTP server: p95 ${p95(fromMemory).toFixed(1)} ms`
      + ` (the best any HTTP + JSON read can do: ${((p95(sqlBig) + p95(fromMemory)) / p95(sqlBig)).toFixed(2)}x the raw SQL with a resolver costing nothing)`;
    return [
      {
        name: scaleName, value: p95(gqlBig), baseline: p95(gqlSmall), unit: 'ms', target: 1.3,
        note: `lessons in the week: ${lessons.big} vs ${lessons.small} (raw SQL: ${counts.sqlBig} vs ${counts.sqlSmall}); raw SQL p95 ${p95(sqlBig).toFixed(1)} vs ${p95(sqlSmall).toFixed(1)} ms`,
      },
      { name: rawName(big), value: p95(gqlBig), baseline: p95(sqlBig), unit: 'ms', target: 1.5, note: `${medians(gqlBig, sqlBig)}; ${floorNote}; ${compiledNote(big)}` },
      { name: rawName(small), value: p95(gqlSmall), baseline: p95(sqlSmall), unit: 'ms', target: 1.5, note: `${medians(gqlSmall, sqlSmall)}; ${compiledNote(small)}` },
    ];
  } catch (error) {
    const missing = reason(error);
    return [
      { name: scaleName, value: null, baseline: null, unit: 'ms', target: 1.3, missing },
      { name: rawName(big), value: null, baseline: null, unit: 'ms', target: 1.5, missing },
    ];
  }
}
