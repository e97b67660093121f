import { NotFoundError, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { AttendanceLineModel, AttendanceSheetModel } from '../models/index.js';
import { checkInRefusal } from '../rules/qr-code.js';
import { windowState, type LineStatus } from '../validation/index.js';
import type { AttendanceContext } from './context.js';
import { lessonById } from './lessons.js';
import { signLine } from './sheets.js';
import { lessonWindow, spokenInstant } from './sheet-window.js';
import type { Device } from './signatures.js';
import { now, nowMs } from '@alterna/core/clock';

export interface MyAttendanceLine {
  lessonId: string;
  startAt: string;
  endAt: string;
  schoolSubject: string | null;
  status: LineStatus | null;
  checkedIn: boolean;
  signed: boolean;
  closed: boolean;
}

export interface StudentAttendanceService {
  /** A scanned QR code: the student is marked present on the lesson's sheet, then signs on their phone. */
  checkIn(actor: Actor | null, scan: { lesson: string; window: number; code: string }, t: Translate): Promise<{ lessonId: string; signed: boolean }>;
  /** The student's own signature, after checking in; signing twice keeps the first. */
  sign(actor: Actor | null, lessonId: string, strokes: number[][][], device: Device, t: Translate): Promise<{ lessonId: string; signed: true }>;
  /** The student's lines, newest lesson first. */
  mine(actor: Actor | null): Promise<MyAttendanceLine[]>;
}

export function studentAttendanceService(ctx: AttendanceContext): StudentAttendanceService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** The student's own line on the lesson's sheet (nobody reaches another's), with the sheet. */
  const ownLine = async (actor: Actor, lessonId: string, t: Translate) => {
    const lesson = await lessonById(knex, lessonId);
    if (!lesson || !permissions.isGranted(actor, perm.selfCheckIn, lesson.campusId)) throw new NotFoundError('lesson');
    const sheet = await AttendanceSheetModel.query(knex).findOne({ lesson_id: lesson.id });
    if (!sheet) return ctx.refuse(t, 'attendance.checkIn.notOpened');
    if (sheet.closed_at) return ctx.refuse(t, 'attendance.sheet.closed');
    const line = await AttendanceLineModel.query(knex).findOne({ sheet_id: sheet.id, student_id: actor.id });
    if (!line) return ctx.refuse(t, 'attendance.checkIn.notExpected');
    return { lesson, sheet, line };
  };

  return {
    async checkIn(actor, scan, t) {
      permissions.assert(actor, perm.selfCheckIn);
      const { lesson, sheet, line } = await ownLine(actor, scan.lesson, t);
      const refusal = checkInRefusal(sheet.qr_secret, { lessonId: lesson.id, window: scan.window, code: scan.code }, lesson, nowMs());
      if (refusal) ctx.refuse(t, `attendance.checkIn.${refusal}`);
      await knex('attendance_lines')
        .where({ id: line.id })
        .update({
          checked_in_at: knex.raw('coalesce(checked_in_at, ?::timestamptz)', [now()]),
          status: knex.raw("CASE WHEN status IS NULL OR status = 'absent' THEN 'present' ELSE status END"),
          updated_at: knex.fn.now(),
        });
      const signed = await knex('attendance_signatures').where({ line_id: line.id }).first('id');
      return { lessonId: lesson.id, signed: !!signed };
    },

    async sign(actor, lessonId, strokes, device, t) {
      permissions.assert(actor, perm.selfCheckIn);
      const { lesson, line } = await ownLine(actor, lessonId, t);
      if (!line.checked_in_at) ctx.refuse(t, 'attendance.checkIn.first');
      // A signature outside the sheet's window (before it opens, or past the campus's days after the lesson) is no proof of that lesson.
      const window = await lessonWindow(knex, lesson);
      const state = windowState(window, nowMs());
      if (state === 'before') ctx.refuse(t, 'attendance.window.notYet', '', { at: spokenInstant(window.opensAt, t) });
      if (state === 'after') ctx.refuse(t, 'attendance.window.ended', '', { at: spokenInstant(window.closesAt, t) });
      await knex.transaction(async (trx) => {
        const sheet = await AttendanceSheetModel.query(trx).findOne({ lesson_id: lesson.id });
        await signLine(trx, { sheet: sheet!, line, lessonId: lesson.id, recordedBy: null, method: 'qr', strokes, device });
      });
      return { lessonId: lesson.id, signed: true };
    },

    async mine(actor) {
      permissions.assert(actor, perm.selfCheckIn);
      const rows = await knex('attendance_lines as l')
        .join('attendance_sheets as sh', 'sh.id', 'l.sheet_id')
        .join('planning_lessons as le', 'le.id', 'sh.lesson_id')
        .leftJoin('trainings_school_subjects as ss', 'ss.id', 'le.school_subject_id')
        .leftJoin('attendance_signatures as s', 's.line_id', 'l.id')
        .where('l.student_id', actor.id)
        .select('le.id as lesson_id', 'le.start_at', 'le.end_at', 'ss.name as subject', 'l.status', 'l.checked_in_at', 's.id as signature_id', 'sh.closed_at')
        .orderBy('le.start_at', 'desc')
        .limit(500);
      return rows.map((row) => ({
        lessonId: row.lesson_id, startAt: new Date(row.start_at).toISOString(), endAt: new Date(row.end_at).toISOString(), schoolSubject: row.subject ?? null,
        status: row.status, checkedIn: !!row.checked_in_at, signed: !!row.signature_id, closed: !!row.closed_at,
      }));
    },
  };
}
