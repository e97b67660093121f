import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BenchClient, type BenchApp } from './app.js';
import { managerEmail, managerPassword } from './generate.js';
import type { LoadFigures, LoadSpec } from './load-process.js';
import { week } from './measure-calendar.js';
import { reason } from './measure-conflicts.js';
import { lessonNow } from './measure-qr-check-in.js';
import type { Figure } from './stats.js';

// Issue #14's loopback load: 50 clients for 60 s on each of the calendar read, the attendance check-in and the login,
// with autocannon in a process of its own. BENCH_LOAD_CONNECTIONS and BENCH_LOAD_SECONDS change them (a quick run).
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const QR_WINDOW_MS = 10_000;
/** The login again with this many clients: the pace its password hashing allows on this machine, for comparison. */
const FEW_LOGINS = 4;

/** The headers the web client sends with every scripted request (web/src/shared/http.ts apiFetch). */
const scripted = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'fr', 'content-type': 'application/json' };

/** The query the staff planning calendar sends for the week it shows (web/src/screens/planning/calendar/api.ts loadLessons). */
const calendarQuery = `query CalendarLessons($campusList: [ID!], $planningGroupsIdList: [ID!], $roomsIdList: [ID!], $teachersIdList: [ID!], $schoolSubjectId: ID,
        $startDate: String, $endDate: String) {
      EventLessonSchedules(campusList: $campusList, planningGroupsIdList: $planningGroupsIdList, roomsIdList: $roomsIdList,
        teachersIdList: $teachersIdList, schoolSubjectId: $schoolSubjectId, startDate: $startDate, endDate: $endDate) {
  uuid startDate endDate remote lessonType lessonStatus lessonCancellationType cancelDesc description attendanceStarted
  campus { uuid name }
  teachers { uuid firstName lastName }
  rooms { uuid name size building { uuid name } }
  schoolSubject { uuid name shortName color }
  planningGroups { uuid name }
 }
    }`;

/** A session of its own for `email`: the `cookie` header a browser would send after logging in. */
async function sessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: scripted, body: JSON.stringify({ email, password }) });
  if (response.status !== 200) throw new Error(`login ${email} answered ${response.status}: ${(await response.text()).slice(0, 120)}`);
  await response.arrayBuffer();
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!).join('; ');
}

/** Runs `tasks` `concurrency` at a time (logins: a password hash each). */
async function inTurns<T>(tasks: (() => Promise<T>)[], concurrency = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  }));
  return results;
}

/** One autocannon run in its own process. */
function load(spec: LoadSpec): Promise<LoadFigures> {
  const child = fork(fileURLToPath(new URL('./load-process.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<LoadFigures>((resolve, reject) => {
    child.once('message', (answer: { figures?: LoadFigures; error?: string }) => (answer.figures ? resolve(answer.figures) : reject(new Error(answer.error))));
    child.once('exit', (code) => reject(new Error(`the load process ended (${code})`)));
    child.send(spec);
  }).finally(() => child.connected && child.disconnect());
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');

interface Row {
  scenario: string;
  clients: number;
  figures: LoadFigures;
}

/** The figures as the table the issue's note quotes. */
function loadTable(rows: Row[]): string {
  const header = ['scenario', 'clients', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'timeouts'];
  const lines = [header, ...rows.map(({ scenario, clients, figures: f }) => [
    scenario, String(clients), String(f.requests), f.perSecond.toFixed(1), ms(f.p50), ms(f.p95), ms(f.p99), ms(f.max), String(f.non2xx), String(f.errors), String(f.timeouts),
  ])];
  const widths = header.map((_, c) => Math.max(...lines.map((l) => l[c]!.length)));
  const line = (l: string[]) => l.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.slice(1).map(line)].join('\n');
}

/**
 * Loopback load on the small centre, each scenario `CONNECTIONS` clients for `SECONDS`, every request a real one:
 * (a) the calendar's week of campus 0 as a manager, each client its own session; (b) the QR check-in of a lesson
 * happening now, each client a student of its own scanning the code of the current window again and again (the same
 * student's presence set again: idempotent, always valid); (c) the login with the right password, each client its own
 * account, then again with FEW_LOGINS clients (its password hashing, in worker threads, sets the pace). A
 * benchmark: it reports throughput, latencies and every failure; an answer counts if it comes within the run's length.
 */
export async function measureLoad(app: BenchApp): Promise<Figure[]> {
  const log = (message: string) => console.log(`[bench] load: ${message}`);
  const knex = app.core.db.knex;
  const names = {
    calendar: 'calendar read (GraphQL week of one campus, staff)',
    checkIn: 'attendance check-in (QR scan of the current window)',
    login: 'login (right password, POST /api/auth/login)',
  };
  const rows: Row[] = [];
  const notes: Record<string, string> = {};
  try {
    // (a) The calendar: the week the calendar bench reads, as the page sends it, non-empty.
    const w = week(app);
    const variables = {
      campusList: [w.campusId], planningGroupsIdList: null, roomsIdList: null, teachersIdList: null, schoolSubjectId: null,
      startDate: new Date(w.startDate).toISOString(), endDate: new Date(w.endDate).toISOString(),
    };
    const shown = await app.manager.graphql(calendarQuery, variables);
    const lessons = shown.json?.data?.EventLessonSchedules?.length ?? 0;
    if (shown.status !== 200 || !lessons) throw new Error(`the calendar's week answered ${shown.status} with ${lessons} lessons: ${shown.text.slice(0, 160)}`);
    log(`${CONNECTIONS} manager sessions…`);
    const managers = await inTurns(Array.from({ length: CONNECTIONS }, () => () => sessionCookie(app.baseUrl, managerEmail, managerPassword)));
    const calendarBody = JSON.stringify({ query: calendarQuery, variables });
    log(`calendar read, ${CONNECTIONS} clients for ${SECONDS} s…`);
    rows.push({ scenario: names.calendar, clients: CONNECTIONS, figures: await load({
      url: app.baseUrl, path: '/api/graphql', connections: CONNECTIONS, seconds: SECONDS,
      perConnection: managers.map((cookie) => ({ headers: { ...scripted, cookie }, body: calendarBody })),
    }) });
    notes[names.calendar] = `${lessons} lessons (${Math.round(shown.text.length / 1024)} KB) per answer`;

    // (b) The check-in: a lesson of its own happening now, its sheet opened by its teacher, one student per client.
    const lesson = await lessonNow(knex, app.centre.session.id, { prefix: 'load', students: CONNECTIONS });
    const teacher = new BenchClient(app.baseUrl);
    await teacher.login(lesson.teacherEmail, lesson.password);
    const opened = await teacher.request('POST', `/api/my-courses/${lesson.subjectId}/seances/${lesson.lessonId}/attendance`);
    if (opened.status !== 200) throw new Error(`opening the sheet answered ${opened.status}: ${opened.text.slice(0, 160)}`);
    log(`${CONNECTIONS} student sessions…`);
    const students = await inTurns(lesson.emails.map((email) => () => sessionCookie(app.baseUrl, email, lesson.password)));
    const sheet = await knex('attendance_sheets').where({ lesson_id: lesson.lessonId }).first('id', 'qr_secret');
    log(`check-in, ${CONNECTIONS} clients for ${SECONDS} s…`);
    rows.push({ scenario: names.checkIn, clients: CONNECTIONS, figures: await load({
      url: app.baseUrl, path: '/api/attendance/check-in', connections: CONNECTIONS, seconds: SECONDS,
      perConnection: students.map((cookie) => ({ headers: { ...scripted, cookie }, body: '' })),
      qr: { lessonId: lesson.lessonId, secretHex: (sheet.qr_secret as Buffer).toString('hex'), windowMs: QR_WINDOW_MS },
    }) });
    const lines = (await knex.raw(
      `SELECT count(*) FILTER (WHERE checked_in_at IS NOT NULL AND status = 'present')::int AS present, count(*)::int AS lines FROM attendance_lines WHERE sheet_id = ?`,
      [sheet.id],
    )).rows[0];
    notes[names.checkIn] = `the sheet's ${lines.lines} lines: ${lines.present} checked in and present (each client one student, scanning again)`;

    // (c) The login: the limiter counts failures only (modules/identity services/auth.ts) — none is written here.
    const attemptsBefore = Number((await knex('login_attempts').count({ n: '*' }).first())?.n);
    const sessionsBefore = Number((await knex('sessions').count({ n: '*' }).first())?.n);
    log(`login, ${CONNECTIONS} clients for ${SECONDS} s…`);
    rows.push({ scenario: names.login, clients: CONNECTIONS, figures: await load({
      url: app.baseUrl, path: '/api/auth/login', connections: CONNECTIONS, seconds: SECONDS,
      perConnection: lesson.emails.map((email) => ({ headers: scripted, body: JSON.stringify({ email, password: lesson.password }) })),
    }) });
    const attempts = Number((await knex('login_attempts').count({ n: '*' }).first())?.n) - attemptsBefore;
    const sessions = Number((await knex('sessions').count({ n: '*' }).first())?.n) - sessionsBefore;
    const throttled = rows[rows.length - 1]!.figures.statusCodes['429'] ?? 0;
    notes[names.login] = `${CONNECTIONS} accounts (argon2id, 19 MiB, 2 passes per login, in worker threads); ${sessions} sessions opened, ${attempts} login attempts recorded (the limiter counts failures only), ${throttled} answered 429`;
    log(`login, ${FEW_LOGINS} clients for ${SECONDS} s…`);
    rows.push({ scenario: names.login, clients: FEW_LOGINS, figures: await load({
      url: app.baseUrl, path: '/api/auth/login', connections: FEW_LOGINS, seconds: SECONDS,
      perConnection: lesson.emails.slice(0, FEW_LOGINS).map((email) => ({ headers: scripted, body: JSON.stringify({ email, password: lesson.password }) })),
    }) });

    console.log(`\n[bench] load: autocannon 9.0.0, ${SECONDS} s per scenario, loopback, clients in their own process\n${loadTable(rows)}\n`);
  } catch (error) {
    const missing = reason(error);
    const done = new Set(rows.map((r) => r.scenario));
    return [
      ...toFigures(rows, notes),
      ...Object.values(names).filter((n) => !done.has(n)).map((n): Figure => ({ name: figureName(n, CONNECTIONS), value: null, baseline: null, unit: 'ms', target: 1, missing })),
    ];
  }
  return toFigures(rows, notes);
}

const figureName = (scenario: string, clients: number) => `load ${clients} clients × ${SECONDS} s, ${scenario}: p95`;

/** One line of the closing table per scenario: its p95, throughput and failures in the note (no baseline: a load figure). */
function toFigures(rows: Row[], notes: Record<string, string>): Figure[] {
  return rows.map(({ scenario, clients, figures: f }) => {
    const failed = f.non2xx + f.errors + f.timeouts;
    const codes = Object.entries(f.statusCodes).map(([code, n]) => `${n}× ${code}`).join(', ');
    return {
      name: figureName(scenario, clients), value: f.p95, baseline: null, unit: 'ms', target: 1,
      ...(failed ? { missing: `${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts (${codes})` } : {}),
      note: `${f.perSecond.toFixed(1)} req/s (${f.requests} in ${f.seconds.toFixed(0)} s), p50 ${ms(f.p50)} ms, p99 ${ms(f.p99)} ms; answers ${codes}${clients === CONNECTIONS && notes[scenario] ? `; ${notes[scenario]}` : ''}`,
    };
  });
}
