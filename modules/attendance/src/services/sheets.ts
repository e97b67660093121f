import crypto from 'node:crypto';
import { NotFoundError, type Actor, type Knex, type Translate } from '@alterna/core';
import { AttendanceLineModel, AttendanceSheetModel, AttendanceSignatureModel } from '../models/index.js';
import { qrCode, qrWindowMs, windowAt } from '../rules/qr-code.js';
import { brokenAt, linesDigest } from '../rules/signature-chain.js';
import { signatureSvg } from '../rules/signature-svg.js';
import { checkInOpen, windowState, type LineStatus, type SheetWindow } from '../validation/index.js';
import type { AttendanceContext } from './context.js';
import { lessonById, type AttendedLesson } from './lessons.js';
import { appendSignature, entryOf, type Device } from './signatures.js';
import { lineRequirements, type LineInput } from './line-rules.js';
import { assertInWindow, correctsLate, lessonWindow, spokenInstant } from './sheet-window.js';
import { now, nowMs } from '@alterna/core/clock';

type Db = Knex | Knex.Transaction;

export interface SheetLine {
  id: string;
  studentRegistrationId: string;
  student: { id: string; firstName: string; lastName: string };
  trainingGroupShortName: string | null;
  studentStatus: string | null;
  status: LineStatus | null;
  arrivedAt: string | null;
  leftAt: string | null;
  exitFrom: string | null;
  exitTo: string | null;
  comment: string | null;
  signature: { id: string; method: string; signedAt: string; svg: string | null } | null;
}

export interface Sheet {
  id: string;
  lessonId: string;
  openedAt: string;
  closedAt: string | null;
  closing: { signerId: string; signedAt: string; svg: string | null } | null;
  lines: SheetLine[];
}

export interface SheetPage {
  lesson: { id: string; campusId: string; schoolSubjectId: string | null; startAt: string; endAt: string; status: string; teacherIds: string[] };
  /** What the sheet's header names (issue #25): the lesson's subject, planning groups and rooms, from planning. */
  header: { schoolSubject: string | null; groups: string[]; rooms: string[] };
  sheet: Sheet | null;
  /** Whether the asker takes this sheet (one of its teachers, a manager of its campus); after its window, only with canCorrect. */
  canTake: boolean;
  /** When the sheet takes attendance (the campus's settings), and whether the asker may still change it after. */
  window: SheetWindow & { canCorrect: boolean };
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const lessonView = (lesson: AttendedLesson): SheetPage['lesson'] => ({ ...lesson, startAt: lesson.startAt.toISOString(), endAt: lesson.endAt.toISOString() });

/** The lines of a sheet with the students' names and groups (identity's, students' and trainings' read views), by name. */
async function linesOf(db: Db, sheetId: string): Promise<SheetLine[]> {
  const rows = await db('attendance_lines as l')
    .join('identity_actors as a', 'a.id', 'l.student_id')
    .join('students_student_registrations as r', 'r.id', 'l.student_registration_id')
    .leftJoin('trainings_training_groups as g', 'g.id', 'r.training_group_id')
    .leftJoin('attendance_signatures as s', 's.line_id', 'l.id')
    .where('l.sheet_id', sheetId)
    .select(
      'l.*', 'a.first_name', 'a.last_name', 'g.short_name as group_short_name', 'r.student_status',
      's.id as signature_id', 's.method as signature_method', 's.signed_at as signature_signed_at', 's.svg as signature_svg',
    )
    .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }, { column: 'l.id' }]);
  return rows.map((row) => ({
    id: row.id,
    studentRegistrationId: row.student_registration_id,
    student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name },
    trainingGroupShortName: row.group_short_name ?? null,
    studentStatus: row.student_status ?? null,
    status: row.status,
    arrivedAt: iso(row.arrived_at),
    leftAt: iso(row.left_at),
    exitFrom: iso(row.exit_from),
    exitTo: iso(row.exit_to),
    comment: row.comment,
    signature: row.signature_id ? { id: row.signature_id, method: row.signature_method, signedAt: iso(row.signature_signed_at)!, svg: row.signature_svg } : null,
  }));
}

async function sheetOf(db: Db, lessonId: string): Promise<Sheet | null> {
  const sheet = await AttendanceSheetModel.query(db).findOne({ lesson_id: lessonId });
  if (!sheet) return null;
  const closing = await AttendanceSignatureModel.query(db).where({ sheet_id: sheet.id }).whereNull('line_id').first();
  return {
    id: sheet.id,
    lessonId,
    openedAt: iso(sheet.opened_at)!,
    closedAt: iso(sheet.closed_at),
    closing: closing ? { signerId: closing.signer_id, signedAt: iso(closing.signed_at)!, svg: closing.svg } : null,
    lines: await linesOf(db, sheet.id),
  };
}

/** What a closed line says, as the closing signature's digest covers it. */
export const closedLine = (line: AttendanceLineModel) => ({
  id: line.id, studentId: line.student_id, status: line.status, arrivedAt: iso(line.arrived_at), leftAt: iso(line.left_at),
  exitFrom: iso(line.exit_from), exitTo: iso(line.exit_to), comment: line.comment,
});

/** The rotating code a teacher's screen shows, and when it stops being valid. */
export interface QrCode {
  lessonId: string;
  window: number;
  code: string;
  expiresAt: string;
}

export interface SheetsService {
  /**
   * The lesson and its sheet (null until opened), for its teachers and the campus staff. Every change below is
   * refused before the sheet's window opens (the campus's minutes before the lesson) and after it ends (its days
   * after the lesson), but for who corrects late (`attendance.sheet.correct`).
   */
  page(actor: Actor | null, lessonId: string): Promise<SheetPage>;
  /** Opens the sheet: one line per student of the lesson's planning groups. Opening again answers the same sheet. */
  open(actor: Actor | null, lessonId: string, t: Translate): Promise<SheetPage>;
  /** The whole sheet in one request (set statement); a closed sheet refuses. */
  save(actor: Actor | null, lessonId: string, lines: LineInput[], t: Translate): Promise<SheetPage>;
  /** A student signs on the teacher's device (their own line only, recorded by the teacher). */
  signOnDevice(actor: Actor | null, lessonId: string, lineId: string, strokes: number[][][], device: Device, t: Translate): Promise<SheetPage>;
  /** The rotating code the teacher's screen shows, from the lesson's start to 15 minutes after its end; the page never holds the key. */
  qr(actor: Actor | null, lessonId: string, t: Translate): Promise<QrCode>;
  /** The teacher signs and closes: unmarked lines become absent, the sheet is read-only from then on. */
  close(actor: Actor | null, lessonId: string, strokes: number[][][], device: Device, t: Translate): Promise<SheetPage>;
  /** SPEC §2's detail views (`/retard/{id}`, `/absence/{id}`…): a line of the lesson's sheet with that status; else 404. */
  lineDetail(actor: Actor | null, lessonId: string, lineId: string, status: LineStatus): Promise<{ lesson: SheetPage['lesson']; line: SheetLine }>;
  /** Recomputes the chain and the closed lines' digest: whether the proof still holds. */
  verify(actor: Actor | null, lessonId: string): Promise<{ valid: boolean; brokenAt: number | null; linesUnchanged: boolean | null; signatures: number }>;
  /** The lesson of a page's path: readable by the actor, taught by `teacherId`, of that subject; else 404. */
  assertPath(actor: Actor | null, lessonId: string, path: { teacherId: string | undefined; schoolSubjectId: string }): Promise<void>;
  /** An action name the line routes do not know: 422 listing the known ones. */
  unknownAction(t: Translate, known: string[]): never;
  /** Lessons whose sheet is open (planning's "attendance started"). */
  started(db: Db, lessonIds: string[]): Promise<Set<string>>;
}

export function sheetsService(ctx: AttendanceContext): SheetsService {
  const { knex } = ctx;

  const readable = async (actor: Actor | null, lessonId: string) => {
    const lesson = await lessonById(knex, lessonId);
    ctx.assertReader(actor, lesson);
    return lesson!;
  };
  const takeable = async (actor: Actor | null, lessonId: string) => {
    const lesson = await lessonById(knex, lessonId);
    ctx.assertTaker(actor, lesson);
    return lesson!;
  };
  /** The header's names in one statement, through planning's, trainings' and the training centre's read views. */
  const header = async (lessonId: string): Promise<SheetPage['header']> => {
    const row = await knex('planning_lessons as l')
      .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
      .where('l.id', lessonId)
      .first(
        'ss.name as school_subject',
        knex.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
          WHERE lg.lesson_id = l.id ORDER BY g.name) AS groups`),
        knex.raw(`COALESCE((SELECT rn.room_names FROM planning_lesson_room_names rn WHERE rn.lesson_id = l.id), '{}') AS rooms`),
      );
    return { schoolSubject: row?.school_subject ?? null, groups: row?.groups ?? [], rooms: row?.rooms ?? [] };
  };
  const page = async (actor: Actor | null, lesson: AttendedLesson): Promise<SheetPage> => ({
    lesson: lessonView(lesson),
    header: await header(lesson.id),
    sheet: await sheetOf(knex, lesson.id),
    canTake: !!actor && ctx.takes(actor, lesson),
    window: { ...(await lessonWindow(knex, lesson)), canCorrect: !!actor && correctsLate(ctx.permissions, actor, lesson) },
  });
  /** The open sheet of a lesson, or a refusal (not opened, or closed). */
  const openSheet = async (db: Db, lessonId: string, t: Translate) => {
    const sheet = await AttendanceSheetModel.query(db).findOne({ lesson_id: lessonId });
    if (!sheet) return ctx.refuse(t, 'attendance.sheet.notOpened');
    if (sheet.closed_at) return ctx.refuse(t, 'attendance.sheet.closed');
    return sheet;
  };

  return {
    async page(actor, lessonId) {
      return page(actor, await readable(actor, lessonId));
    },

    async lineDetail(actor, lessonId, lineId, status) {
      const lesson = await readable(actor, lessonId);
      const sheet = await AttendanceSheetModel.query(knex).findOne({ lesson_id: lesson.id });
      const line = sheet ? (await linesOf(knex, sheet.id)).find((l) => l.id === lineId && l.status === status) : undefined;
      if (!line) throw new NotFoundError('line');
      return { lesson: lessonView(lesson), line };
    },

    async open(actor, lessonId, t) {
      const lesson = await takeable(actor, lessonId);
      if (lesson.status === 'cancelled') ctx.refuse(t, 'attendance.sheet.cancelledLesson');
      // SPEC §4: "An attendance sheet requires a teacher assigned to the session."
      if (!lesson.teacherIds.length) ctx.refuse(t, 'attendance.sheet.teacherRequired');
      await assertInWindow(ctx, actor!, lesson, t);
      await knex.transaction(async (trx) => {
        await trx('attendance_sheets')
          .insert({ lesson_id: lesson.id, campus_id: lesson.campusId, opened_by: actor!.id, qr_secret: crypto.randomBytes(32) })
          .onConflict('lesson_id').ignore();
        const sheet = await AttendanceSheetModel.query(trx).findOne({ lesson_id: lesson.id });
        if (sheet!.closed_at) return;
        // One line per student subscribed to one of the lesson's groups; students subscribed since get theirs on reopening.
        await trx.raw(
          `INSERT INTO attendance_lines (sheet_id, student_registration_id, student_id)
           SELECT DISTINCT ON (s.student_registration_id) ?::uuid, s.student_registration_id, r.student_id
           FROM planning_lesson_planning_groups lg
           JOIN planning_planning_group_subscriptions s ON s.planning_group_id = lg.planning_group_id
           JOIN students_student_registrations r ON r.id = s.student_registration_id
           WHERE lg.lesson_id = ?
           ON CONFLICT (sheet_id, student_registration_id) DO NOTHING`,
          [sheet!.id, lesson.id],
        );
      });
      return page(actor, lesson);
    },

    async save(actor, lessonId, lines, t) {
      const lesson = await takeable(actor, lessonId);
      await assertInWindow(ctx, actor!, lesson, t);
      await knex.transaction(async (trx) => {
        const sheet = await openSheet(trx, lesson.id, t);
        const known = new Set(await trx('attendance_lines').where({ sheet_id: sheet.id }).pluck('id'));
        lines.forEach((line, index) => {
          if (!known.has(line.id)) ctx.refuse(t, 'attendance.sheet.unknownLine', `lines[${index}].id`);
          const missing = lineRequirements(line);
          if (missing) ctx.refuse(t, `attendance.line.${missing}`, `lines[${index}].${missing}`);
        });
        if (!lines.length) return;
        // The whole sheet in one statement.
        await trx.raw(
          `UPDATE attendance_lines l SET status = v.status, arrived_at = v.arrived_at, left_at = v.left_at, exit_from = v.exit_from,
             exit_to = v.exit_to, comment = v.comment, marked_by = ?, updated_at = now()
           FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, status text, arrived_at timestamptz, left_at timestamptz, exit_from timestamptz, exit_to timestamptz, comment text)
           WHERE l.id = v.id AND l.sheet_id = ?`,
          [actor!.id, JSON.stringify(lines.map((line) => ({
            id: line.id, status: line.status, arrived_at: line.arrivedAt ?? null, left_at: line.leftAt ?? null,
            exit_from: line.exitFrom ?? null, exit_to: line.exitTo ?? null, comment: line.comment ?? null,
          }))), sheet.id],
        );
      });
      return page(actor, lesson);
    },

    async signOnDevice(actor, lessonId, lineId, strokes, device, t) {
      const lesson = await takeable(actor, lessonId);
      const window = await assertInWindow(ctx, actor!, lesson, t);
      // A student's signature proves they were there: once the window is over a manager corrects statuses, but nobody
      // collects a signature days later for an OPCO or a Qualiopi audit to read as the student's.
      if (windowState(window, nowMs()) === 'after') ctx.refuse(t, 'attendance.window.ended', '', { at: spokenInstant(window.closesAt, t) });
      await knex.transaction(async (trx) => {
        const sheet = await openSheet(trx, lesson.id, t);
        const line = await AttendanceLineModel.query(trx).findOne({ id: lineId, sheet_id: sheet.id });
        if (!line) throw new NotFoundError('attendance line');
        await signLine(trx, { sheet, line, lessonId: lesson.id, recordedBy: actor!.id, method: 'pad', strokes, device });
      });
      return page(actor, lesson);
    },

    async qr(actor, lessonId, t) {
      const lesson = await takeable(actor, lessonId);
      const sheet = await openSheet(knex, lesson.id, t);
      // Students check in from the lesson's start to 15 minutes after its end: a code shown outside it serves nobody.
      if (!checkInOpen(await lessonWindow(knex, lesson), nowMs())) ctx.refuse(t, 'attendance.window.qr');
      const window = windowAt(nowMs());
      return { lessonId: lesson.id, window, code: qrCode(sheet.qr_secret, lesson.id, window), expiresAt: new Date((window + 1) * qrWindowMs).toISOString() };
    },

    async close(actor, lessonId, strokes, device, t) {
      const lesson = await takeable(actor, lessonId);
      await assertInWindow(ctx, actor!, lesson, t);
      await knex.transaction(async (trx) => {
        const sheet = await AttendanceSheetModel.query(trx).findOne({ lesson_id: lesson.id }).forUpdate();
        if (!sheet) return ctx.refuse(t, 'attendance.sheet.notOpened');
        if (sheet.closed_at) return; // Closing twice changes nothing.
        await trx('attendance_lines').where({ sheet_id: sheet.id }).whereNull('status').update({ status: 'absent', marked_by: actor!.id, updated_at: trx.fn.now() });
        const lines = await AttendanceLineModel.query(trx).where({ sheet_id: sheet.id });
        await appendSignature(trx, {
          sheetId: sheet.id, lessonId: lesson.id, lineId: null, signerId: actor!.id, recordedBy: null, method: 'pad',
          strokes, svg: signatureSvg(strokes), linesDigest: linesDigest(lines.map(closedLine)), device,
        });
        await AttendanceSheetModel.query(trx).patch({ closed_at: now(), closed_by: actor!.id, updated_at: now() } as Partial<AttendanceSheetModel>).where({ id: sheet.id });
      });
      return page(actor, lesson);
    },

    async verify(actor, lessonId) {
      const lesson = await readable(actor, lessonId);
      const sheet = await AttendanceSheetModel.query(knex).findOne({ lesson_id: lesson.id });
      if (!sheet) throw new NotFoundError('attendance sheet');
      const rows = await AttendanceSignatureModel.query(knex).where({ sheet_id: sheet.id }).orderBy('seq');
      const broken = brokenAt(rows.map((row) => ({ ...entryOf(row), seq: row.seq, previousHash: row.previous_hash, hash: row.hash })));
      const closing = rows.find((row) => row.line_id === null);
      const lines = closing ? await AttendanceLineModel.query(knex).where({ sheet_id: sheet.id }) : [];
      const linesUnchanged = closing ? linesDigest(lines.map(closedLine)) === closing.lines_digest : null;
      return { valid: broken === null && linesUnchanged !== false, brokenAt: broken, linesUnchanged, signatures: rows.length };
    },

    async assertPath(actor, lessonId, path) {
      const lesson = await lessonById(knex, lessonId);
      // A path naming another teacher or subject is no page of this lesson, whoever asks.
      const teaches = !path.teacherId || !!lesson?.teacherIds.includes(path.teacherId);
      if (!lesson || !teaches || lesson.schoolSubjectId !== path.schoolSubjectId) throw new NotFoundError('lesson');
      ctx.assertReader(actor, lesson);
    },

    unknownAction(t, known) {
      return ctx.refuse(t, 'attendance.line.unknownAction', 'action', { actions: known.join(', ') });
    },

    async started(db, lessonIds) {
      return new Set<string>(await db('attendance_sheets').whereIn('lesson_id', lessonIds).pluck('lesson_id'));
    },
  };
}

/** A line's signature: present unless the teacher marked otherwise; a second signature answers the first. */
export async function signLine(
  trx: Knex.Transaction,
  input: { sheet: AttendanceSheetModel; line: AttendanceLineModel; lessonId: string; recordedBy: string | null; method: 'pad' | 'qr'; strokes: number[][][]; device: Device },
): Promise<void> {
  await appendSignature(trx, {
    sheetId: input.sheet.id, lessonId: input.lessonId, lineId: input.line.id, signerId: input.line.student_id, recordedBy: input.recordedBy,
    method: input.method, strokes: input.strokes, svg: signatureSvg(input.strokes), linesDigest: null, device: input.device,
  });
  await trx('attendance_lines').where({ id: input.line.id }).where((w) => w.whereNull('status').orWhere('status', 'absent')).update({ status: 'present', updated_at: trx.fn.now() });
}
