import crypto from 'node:crypto';
import { chainHash, linesDigest, type SignatureEntry } from './rules/signature-chain.js';
import { signatureSvg } from './rules/signature-svg.js';
import type { LineStatus } from './validation/index.js';

// The demo's past weeks of attendance, planned in memory: a closed sheet per past lesson, statuses drawn from a
// hash of (lesson, student) so the same centre gives the same sheets, signatures chained as the service chains
// them, so the proofs of the demo hold.

export interface PastLesson {
  lessonId: string;
  campusId: string;
  teacherId: string;
  startAt: Date;
  endAt: Date;
  students: { registrationId: string; studentId: string }[];
}

const score = (...parts: string[]) => crypto.createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) % 1000;
const iso = (date: Date) => date.toISOString();
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

/** Most students are there; one in ten misses often (the demo's alerts and charts need some). */
function statusOf(lessonId: string, registrationId: string): LineStatus {
  const often = score(registrationId) < 100;
  const s = score(lessonId, registrationId);
  if (s < (often ? 250 : 35)) return 'absent';
  if (s < (often ? 320 : 75)) return 'late';
  if (s < (often ? 340 : 90)) return 'early-exit';
  if (s < (often ? 350 : 100)) return 'without-signature';
  return 'present';
}

/** A signature-like scribble, different for each student. */
function strokesOf(studentId: string): number[][][] {
  const s = score(studentId);
  const base = 120 + (s % 80);
  return [
    [[80, base], [160, base - 60], [240, base + 40], [320, base - 30], [400, base + 20]].map(([x, y]) => [x!, y!]),
    [[430, base - 20], [520 + (s % 50), base + 30], [640, base - 40]].map(([x, y]) => [x!, y!]),
  ];
}

/**
 * Students who must miss a lesson (the demo student: their absences, justification and certificate pages need one):
 * the earliest of their lessons unless the hash already makes them absent from one. Lesson ids are new on each seed,
 * so without this the demo student had no absence on about two seeds in five.
 */
function forcedAbsences(lessons: PastLesson[], missing: ReadonlySet<string>): Set<string> {
  const forced = new Set<string>();
  const byStudent = new Map<string, { lesson: PastLesson; registrationId: string }[]>();
  for (const lesson of lessons) {
    for (const student of lesson.students) {
      if (!missing.has(student.studentId)) continue;
      const attended = byStudent.get(student.studentId) ?? [];
      attended.push({ lesson, registrationId: student.registrationId });
      byStudent.set(student.studentId, attended);
    }
  }
  for (const [studentId, attended] of byStudent) {
    if (attended.some(({ lesson, registrationId }) => statusOf(lesson.lessonId, registrationId) === 'absent')) continue;
    const first = attended.reduce((a, b) => (b.lesson.startAt < a.lesson.startAt ? b : a));
    forced.add(`${first.lesson.lessonId}:${studentId}`);
  }
  return forced;
}

export function planSheets(lessons: PastLesson[], missing: ReadonlySet<string> = new Set()) {
  const forced = forcedAbsences(lessons, missing);
  const sheets: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  const signatures: Record<string, unknown>[] = [];
  for (const lesson of lessons) {
    const sheetId = crypto.randomUUID();
    const closedAt = minutes(lesson.endAt, 5);
    sheets.push({
      id: sheetId, lesson_id: lesson.lessonId, campus_id: lesson.campusId, opened_by: lesson.teacherId, opened_at: minutes(lesson.startAt, 2),
      closed_by: lesson.teacherId, closed_at: closedAt, qr_secret: crypto.randomBytes(32),
    });
    const sheetLines = lesson.students.map((student) => {
      const status = forced.has(`${lesson.lessonId}:${student.studentId}`) ? 'absent' : statusOf(lesson.lessonId, student.registrationId);
      return {
        id: crypto.randomUUID(), sheet_id: sheetId, student_registration_id: student.registrationId, student_id: student.studentId, status,
        arrived_at: status === 'late' ? minutes(lesson.startAt, 10 + (score(student.studentId) % 30)) : null,
        left_at: status === 'early-exit' ? minutes(lesson.endAt, -30) : null, exit_from: null, exit_to: null, comment: null,
        checked_in_at: null, marked_by: lesson.teacherId,
      };
    });
    lines.push(...sheetLines);
    let previous: string | null = null;
    let seq = 0;
    const sign = (entry: SignatureEntry, recordedBy: string | null) => {
      seq += 1;
      const hash = chainHash(previous, entry);
      signatures.push({
        sheet_id: sheetId, line_id: entry.lineId, lesson_id: lesson.lessonId, signer_id: entry.signerId, recorded_by: recordedBy, method: entry.method,
        signed_at: entry.signedAt, ip: entry.ip, user_agent: entry.userAgent, strokes: JSON.stringify(entry.strokes), svg: entry.svg,
        lines_digest: entry.linesDigest, seq, previous_hash: previous, hash,
      });
      previous = hash;
    };
    const signing = sheetLines.filter((l) => ['present', 'late', 'early-exit'].includes(l.status));
    signing.forEach((line, i) => {
      const strokes = strokesOf(line.student_id);
      const byQr = score(line.id) < 400;
      sign({
        sheetId, lessonId: lesson.lessonId, lineId: line.id, signerId: line.student_id, method: byQr ? 'qr' : 'pad',
        signedAt: iso(line.arrived_at ? minutes(line.arrived_at, 1) : minutes(lesson.startAt, 3 + i % 10)), ip: '10.0.0.12',
        userAgent: byQr ? 'Mozilla/5.0 (iPhone; demo)' : 'Mozilla/5.0 (iPad; demo)', strokes, svg: signatureSvg(strokes), linesDigest: null,
      }, byQr ? null : lesson.teacherId);
    });
    const closed = sheetLines.map((l) => ({
      id: l.id, studentId: l.student_id, status: l.status, arrivedAt: l.arrived_at ? iso(l.arrived_at) : null, leftAt: l.left_at ? iso(l.left_at) : null,
      exitFrom: null, exitTo: null, comment: null,
    }));
    const strokes = strokesOf(lesson.teacherId);
    sign({
      sheetId, lessonId: lesson.lessonId, lineId: null, signerId: lesson.teacherId, method: 'teacher', signedAt: iso(closedAt), ip: '10.0.0.2',
      userAgent: 'Mozilla/5.0 (iPad; demo)', strokes, svg: signatureSvg(strokes), linesDigest: linesDigest(closed),
    }, null);
  }
  return { sheets, lines, signatures };
}
