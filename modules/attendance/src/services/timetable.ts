import { todayIn, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { isIsoDate } from '@alterna/core/dates';
import { perm } from '../permissions.js';
import type { AttendanceContext } from './context.js';

/** A lesson of a teacher's day, with where its attendance stands. */
export interface TeacherLesson {
  id: string;
  startAt: string;
  endAt: string;
  schoolSubject: { id: string; name: string } | null;
  planningGroups: string[];
  sheet: 'none' | 'open' | 'closed';
  students: number;
}

export interface TimetableService {
  /** The actor's own lessons of a Paris day (today by default), by start: what a teacher takes attendance of. */
  day(actor: Actor | null, date: string | null): Promise<{ date: string; lessons: TeacherLesson[] }>;
  /** The `date` query parameter: absent, or a real YYYY-MM-DD day (else 422). */
  dayParam(value: unknown, t: Translate): string | null;
}

// The core's check: '-000001-01-01' or '2026-13-01' in a query string are no day (a Date of them cannot be written out).
const isDay = (value: string) => isIsoDate(value);

export function timetableService(ctx: AttendanceContext): TimetableService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    dayParam(value, t) {
      if (value === undefined || value === '') return null;
      if (typeof value !== 'string' || !isDay(value)) ctx.refuse(t, 'attendance.validation.day', 'date');
      return value as string;
    },

    async day(actor, date) {
      permissions.assert(actor, perm.sheetTake);
      const day = date ?? todayIn();
      const rows = await knex('planning_lesson_teachers as lt')
        .join('planning_lessons as l', 'l.id', 'lt.lesson_id')
        .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
        .leftJoin('attendance_sheets as sh', 'sh.lesson_id', 'l.id')
        .where('lt.teacher_id', actor.id)
        .whereNot('l.status', 'cancelled')
        .whereRaw("(l.start_at AT TIME ZONE 'Europe/Paris')::date = ?::date", [day])
        .select(
          'l.id', 'l.start_at', 'l.end_at', 'ss.id as subject_id', 'ss.name as subject_name', 'sh.id as sheet_id', 'sh.closed_at',
          knex.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
            WHERE lg.lesson_id = l.id ORDER BY g.name) AS group_names`),
          knex.raw(`(SELECT count(DISTINCT s.student_registration_id)::int FROM planning_lesson_planning_groups lg
            JOIN planning_planning_group_subscriptions s ON s.planning_group_id = lg.planning_group_id WHERE lg.lesson_id = l.id) AS students`),
        )
        .orderBy('l.start_at');
      return {
        date: day,
        lessons: rows.map((row) => ({
          id: row.id, startAt: new Date(row.start_at).toISOString(), endAt: new Date(row.end_at).toISOString(),
          schoolSubject: row.subject_id ? { id: row.subject_id, name: row.subject_name } : null,
          planningGroups: row.group_names ?? [], sheet: row.sheet_id ? (row.closed_at ? 'closed' : 'open') : 'none', students: row.students ?? 0,
        })),
      };
    },
  };
}
