import { languageOf, NotFoundError, type Actor, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { now, nowMs } from '@alterna/core/clock';
import { formatWeekdayDateTime } from '@alterna/core/validation';
import { AttendanceSheetSettingsModel } from '../models/index.js';
import { perm } from '../permissions.js';
import { defaultSheetSettings, sheetWindow, windowState, type SheetSettings, type SheetWindow } from '../validation/index.js';
import type { AttendanceContext } from './context.js';
import type { AttendedLesson } from './lessons.js';

type Db = Knex | Knex.Transaction;

export interface SheetWindowService {
  /** A campus's sheet window (the defaults until its managers set one): staff of the campus. */
  settings(actor: Actor | null, campusId: string): Promise<SheetSettings>;
  saveSettings(actor: Actor | null, campusId: string, values: SheetSettings): Promise<SheetSettings>;
}

/** A campus's settings, or the defaults. */
export async function campusSheetSettings(db: Db, campusId: string): Promise<SheetSettings> {
  const row = await AttendanceSheetSettingsModel.query(db).findById(campusId);
  return row ? { opensBeforeMinutes: row.opens_before_minutes, correctionDays: row.correction_days } : { ...defaultSheetSettings };
}

/** The lesson's window under its campus's settings. */
export async function lessonWindow(db: Db, lesson: AttendedLesson): Promise<SheetWindow> {
  return sheetWindow(lesson, await campusSheetSettings(db, lesson.campusId));
}

/** An instant as a person reads it: the Paris wall clock, in the message's language ('mercredi 9 décembre 2026 à 08:30'). */
export const spokenInstant = (iso: string, t: Translate): string => formatWeekdayDateTime(iso, languageOf(t));

/** Who may still change a sheet once its window is over: the campus's managers (`attendance.sheet.correct`). */
export const correctsLate = (permissions: PermissionMatrix, actor: Actor, lesson: AttendedLesson) => permissions.isGranted(actor, perm.sheetCorrect, lesson.campusId);

/**
 * A change to the lesson's sheet now (opening, marks, a signature, closing): refused before the window opens,
 * for everyone, and after it ends, but for who corrects late (their change is in the audit trail as theirs).
 */
export async function assertInWindow(ctx: AttendanceContext, actor: Actor, lesson: AttendedLesson, t: Translate): Promise<SheetWindow> {
  const window = await lessonWindow(ctx.knex, lesson);
  const state = windowState(window, nowMs());
  if (state === 'before') ctx.refuse(t, 'attendance.window.notYet', '', { at: spokenInstant(window.opensAt, t) });
  if (state === 'after' && !correctsLate(ctx.permissions, actor, lesson)) ctx.refuse(t, 'attendance.window.over', '', { at: spokenInstant(window.closesAt, t) });
  return window;
}

export function sheetWindowService(ctx: AttendanceContext): SheetWindowService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    async settings(actor, campusId) {
      permissions.assert(actor, perm.sheetReadStaff);
      if (!permissions.isGranted(actor, perm.sheetReadStaff, campusId)) throw new NotFoundError('campus');
      return campusSheetSettings(knex, campusId);
    },

    async saveSettings(actor, campusId, values) {
      permissions.assert(actor, perm.sheetSettings);
      if (!permissions.isGranted(actor, perm.sheetReadStaff, campusId)) throw new NotFoundError('campus');
      permissions.assert(actor, perm.sheetSettings, campusId);
      const row = {
        campus_id: campusId, opens_before_minutes: values.opensBeforeMinutes, correction_days: values.correctionDays, updated_by: actor.id, updated_at: now(),
      };
      await knex('attendance_sheet_settings').insert(row).onConflict('campus_id').merge();
      return { opensBeforeMinutes: values.opensBeforeMinutes, correctionDays: values.correctionDays };
    },
  };
}
