import crypto from 'node:crypto';
import type { Knex } from '@alterna/core';
import type { BenchApp } from './app.js';
import { benchId, idSql, managerEmail, managerPassword } from './generate.js';
import { median, timed, type Figure } from './stats.js';

const SHEETS = 500;
const SMALL = 50;
const STUDENTS = 30;
const RUNS = 3;

// The chain's hashing as the attendance module does it (rules/signature-chain.ts), so the export's proof check
// walks whole, valid chains as it would in production (a broken chain stops the walk early).
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A signature of ~120 points in three strokes, and the SVG the server would draw from it. */
function signature(seed: number): { strokes: number[][][]; svg: string } {
  const strokes = [0, 1, 2].map((s) => Array.from({ length: 40 }, (_, i) => [Math.round(100 + s * 250 + i * 6 + (seed % 17)), Math.round(200 + 120 * Math.sin((i + seed + s) / 4))]));
  const paths = strokes.map((stroke) => `<path d="M${stroke.map(([x, y]) => `${x} ${y}`).join(' L')}"/>`).join('');
  return { strokes, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 400" fill="none" stroke="#000" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>` };
}

/**
 * 500 closed sheets of 30 lines on campus 0, every line signed and each sheet closed by its teacher, chains valid:
 * the students and their group by set inserts, the sheets' rows computed here and sent as JSON sets of 2,000.
 * Answers the lessons' ids, by start.
 */
async function makeSheets(knex: Knex, sessionId: string): Promise<string[]> {
  const campusId = benchId('campus', 0);
  const [training] = await knex('trainings').insert({ name: 'Bench attendance', short_name: 'BATT' }).returning('id');
  const [plan] = await knex('training_plans').insert({ training_id: training.id, training_session_id: sessionId }).returning('id');
  const [variant] = await knex('training_plan_variants').insert({ training_plan_id: plan.id, name: 'Standard' }).returning('id');
  const session = await knex('training_sessions').where({ id: sessionId }).first('start_date', 'end_date');
  const [group] = await knex('training_groups').insert({
    name: 'Bench attendance group', short_name: 'BATT-1', start_date: session.start_date, end_date: session.end_date, campus_id: campusId,
    training_session_id: sessionId, training_id: training.id, variant_id: variant.id,
  }).returning('id');
  const student = idSql('student', 's');
  await knex.raw(`INSERT INTO actors (id, first_name, last_name, email) SELECT ${student}, 'Camille', 'Élève ' || lpad(s::text, 2, '0'), 'student.' || s || '@bench.alterna.school' FROM generate_series(0, ?) s`, [STUDENTS - 1]);
  await knex.raw(`INSERT INTO actor_access_rules (actor_id, campus_id, typology) SELECT ${student}, ?, 'student' FROM generate_series(0, ?) s`, [campusId, STUDENTS - 1]);
  await knex.raw(`INSERT INTO students (actor_id, date_of_birth) SELECT ${student}, '2004-05-06' FROM generate_series(0, ?) s`, [STUDENTS - 1]);
  await knex.raw(`INSERT INTO student_registrations (id, student_id, training_group_id, student_status) SELECT ${idSql('registration', 's')}, ${student}, ?, 'apprentice' FROM generate_series(0, ?) s`, [group.id, STUDENTS - 1]);

  // Lessons i = 0, 10, 20… are campus 0's (generate.ts: campus i % 10), with their teacher.
  const lessons = await knex('lessons as l').join('lesson_teachers as lt', 'lt.lesson_id', 'l.id')
    .where('l.campus_id', campusId).orderBy('l.start_at').limit(SHEETS).select('l.id', 'lt.teacher_id');
  const statuses = ['present', 'present', 'present', 'late', 'present', 'early-exit', 'present', 'absent', 'present', 'temporary-exit'];
  const sheets: object[] = [];
  const lines: object[] = [];
  const signatures: object[] = [];
  for (const [n, lesson] of lessons.entries()) {
    const sheetId = crypto.randomUUID();
    const closedAt = new Date(Date.now() - (SHEETS - n) * 3_600_000);
    sheets.push({ id: sheetId, lesson_id: lesson.id, campus_id: campusId, opened_by: lesson.teacher_id, closed_by: lesson.teacher_id, closed_at: closedAt.toISOString() });
    let previous: string | null = null;
    const closedLines: Record<string, unknown>[] = [];
    const sign = (lineId: string | null, signerId: string, seq: number, at: Date, drawn: { strokes: number[][][]; svg: string }, digest: string | null) => {
      const entry = {
        sheetId, lessonId: lesson.id, lineId, signerId, method: lineId ? (seq % 3 ? 'pad' : 'qr') : 'pad', signedAt: at.toISOString(), ip: '10.0.0.1',
        userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        strokes: drawn.strokes, svg: drawn.svg, linesDigest: digest,
      };
      const hash = sha256(`${previous ?? ''}\n${canonical(entry)}`);
      signatures.push({
        sheet_id: sheetId, line_id: lineId, lesson_id: lesson.id, signer_id: signerId, method: entry.method, signed_at: entry.signedAt, ip: entry.ip,
        user_agent: entry.userAgent, strokes: drawn.strokes, svg: drawn.svg, lines_digest: digest, seq, previous_hash: previous, hash,
      });
      previous = hash;
    };
    for (let s = 0; s < STUDENTS; s++) {
      const lineId = crypto.randomUUID();
      const status = statuses[(s + n) % statuses.length]!;
      const at = new Date(closedAt.getTime() - 3_000_000 + s * 1000);
      const line = {
        id: lineId, sheet_id: sheetId, student_registration_id: benchId('registration', s), student_id: benchId('student', s), status,
        arrived_at: status === 'late' ? at.toISOString() : null, left_at: status === 'early-exit' ? at.toISOString() : null,
        exit_from: status === 'temporary-exit' ? at.toISOString() : null, exit_to: status === 'temporary-exit' ? new Date(at.getTime() + 600_000).toISOString() : null,
        comment: s % 7 === 0 ? 'Arrivé avec le bus suivant' : null,
      };
      lines.push(line);
      // As sheets.ts's closedLine: what the closing digest covers.
      closedLines.push({ id: line.id, studentId: line.student_id, status, arrivedAt: line.arrived_at, leftAt: line.left_at, exitFrom: line.exit_from, exitTo: line.exit_to, comment: line.comment });
      if (status !== 'absent') sign(lineId, line.student_id, s + 1, at, signature(n * STUDENTS + s), null);
    }
    const digest = sha256(canonical([...closedLines].sort((a, b) => String(a.id).localeCompare(String(b.id)))));
    sign(null, lesson.teacher_id, STUDENTS + 1, closedAt, signature(n), digest);
  }
  const insertSet = async (sql: string, rows: object[]) => {
    for (let i = 0; i < rows.length; i += 2000) await knex.raw(sql, [JSON.stringify(rows.slice(i, i + 2000))]);
  };
  await insertSet(
    `INSERT INTO attendance_sheets (id, lesson_id, campus_id, opened_by, closed_by, closed_at, qr_secret)
     SELECT id, lesson_id, campus_id, opened_by, closed_by, closed_at, decode(md5(id::text) || md5(random()::text), 'hex')
     FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, lesson_id uuid, campus_id uuid, opened_by uuid, closed_by uuid, closed_at timestamptz)`,
    sheets,
  );
  await insertSet(
    `INSERT INTO attendance_lines (id, sheet_id, student_registration_id, student_id, status, arrived_at, left_at, exit_from, exit_to, comment)
     SELECT * FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, sheet_id uuid, student_registration_id uuid, student_id uuid, status text,
       arrived_at timestamptz, left_at timestamptz, exit_from timestamptz, exit_to timestamptz, comment text)`,
    lines,
  );
  await insertSet(
    `INSERT INTO attendance_signatures (sheet_id, line_id, lesson_id, signer_id, method, signed_at, ip, user_agent, strokes, svg, lines_digest, seq, previous_hash, hash)
     SELECT * FROM jsonb_to_recordset(?::jsonb) AS v(sheet_id uuid, line_id uuid, lesson_id uuid, signer_id uuid, method text, signed_at timestamptz, ip text,
       user_agent text, strokes jsonb, svg text, lines_digest text, seq int, previous_hash text, hash text)`,
    signatures,
  );
  await knex.raw('ANALYZE attendance_sheets, attendance_lines, attendance_signatures');
  return lessons.map((l) => l.id as string);
}

/** The export over HTTP as the manager: the zip read as it streams and dropped, so only the server's memory counts. */
async function exportZip(baseUrl: string, cookie: string, lessons: string[]): Promise<number> {
  const response = await fetch(`${baseUrl}/api/attendance/sheet/download`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'fr', cookie }, body: JSON.stringify({ lessons }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  return bytes;
}

/**
 * The zip of attendance sheets (issue #11): time per sheet exporting 500 against exporting 50 (batched reads and a
 * streamed zip should make it flat), and the process's peak resident memory growth while the 500 go out (the
 * bench and the server share the process; the zip is dropped as it arrives).
 */
export async function measureAttendanceExport(app: BenchApp): Promise<Figure[]> {
  const knex = app.core.db.knex;
  const lessons = await makeSheets(knex, app.centre.session.id);
  if (lessons.length < SHEETS) throw new Error(`only ${lessons.length} lessons on campus 0`);
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: managerEmail, password: managerPassword }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  // Warm: the PDF code compiled, the sheets' pages in PostgreSQL's cache.
  await exportZip(app.baseUrl, cookie, lessons);
  await exportZip(app.baseUrl, cookie, lessons.slice(0, SMALL));
  const small: number[] = [];
  const large: number[] = [];
  let peakGrowth = 0;
  let heapGrowth = 0;
  let zipBytes = 0;
  for (let run = 0; run < RUNS; run++) {
    small.push((await timed(() => exportZip(app.baseUrl, cookie, lessons.slice(0, SMALL)))).ms / SMALL);
    const before = process.memoryUsage();
    let peak = before.rss;
    let heapPeak = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      heapPeak = Math.max(heapPeak, now.heapUsed);
    }, 10);
    const { ms, value } = await timed(() => exportZip(app.baseUrl, cookie, lessons));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    large.push(ms / SHEETS);
    peakGrowth = Math.max(peakGrowth, (peak - before.rss) / 1024 / 1024);
    heapGrowth = Math.max(heapGrowth, (heapPeak - before.heapUsed) / 1024 / 1024);
    zipBytes = value;
  }
  return [
    {
      name: `attendance export: time per sheet, ${SHEETS} sheets vs ${SMALL} (30 lines each, median of ${RUNS})`,
      value: median(large), baseline: median(small), unit: 'ms', target: 1.2,
      note: `${SHEETS} sheets in ${((median(large) * SHEETS) / 1000).toFixed(1)} s, a ${(zipBytes / 1024 / 1024).toFixed(1)} MB zip`,
    },
    {
      name: `attendance export: peak RSS growth exporting ${SHEETS} sheets (worst of ${RUNS}) vs a 150 MB budget`,
      value: peakGrowth, baseline: 150, unit: 'MB', target: 1,
      note: `JS heap peak growth ${heapGrowth.toFixed(1)} MB (the rest is V8 and buffers the process keeps)`,
    },
  ];
}
