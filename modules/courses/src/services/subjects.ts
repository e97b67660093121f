import { NotFoundError, type Actor, type Knex, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import type { Course, CoursesContext } from './context.js';

/**
 * What courses asks of the attendance module: the lessons whose sheet is open. Handed in by services/index.ts, which
 * calls core.module('attendance'): this file's types are the web's too, and naming another module's services here
 * would pull every server module into the web client's type check.
 */
export type SheetsStarted = (db: Knex | Knex.Transaction, lessonIds: string[]) => Promise<Set<string>>;
/** Whether the teacher teaches on one of these campuses (identity's visibility, called from services/index.ts). */
export type TeachesOn = (teacherId: string, campuses: string[]) => Promise<boolean>;

/** A school subject a teacher teaches, with how many lessons and the next one. */
export interface TaughtSubject {
  id: string;
  name: string;
  shortName: string | null;
  color: string | null;
  lessons: number;
  nextLessonAt: string | null;
  planningGroups: string[];
}

/** One session of a course, past or coming. */
export interface CourseLesson {
  id: string;
  startAt: string;
  endAt: string;
  status: string;
  planningGroups: string[];
  /** Whether its attendance sheet was opened (the attendance module's answer). */
  attendanceStarted: boolean;
  reported: boolean;
}

export interface TrombiStudent {
  id: string;
  firstName: string;
  lastName: string;
  initials: string;
  planningGroups: string[];
}

export interface CourseSubjectsService {
  /** The subjects of a teacher's lessons: the teacher's own, or any teacher's for staff of their campuses. */
  subjects(actor: Actor | null, teacherId: string): Promise<{ teacher: { id: string; firstName: string; lastName: string }; subjects: TaughtSubject[] }>;
  /** The course and its sessions (newest last), each with its groups, attendance and report. */
  lessons(actor: Actor | null, teacherId: string, schoolSubjectId: string): Promise<{ course: Course; lessons: CourseLesson[] }>;
  /** The students of the course's groups (class photo board), by name; initials stand for the photo. */
  trombi(actor: Actor | null, teacherId: string, schoolSubjectId: string): Promise<{ course: Course; students: TrombiStudent[] }>;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const initials = (firstName: string, lastName: string) => `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

export function courseSubjectsService(ctx: CoursesContext, sheetsStarted: SheetsStarted, teachesOn: TeachesOn): CourseSubjectsService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    async subjects(actor, teacherId) {
      permissions.assert(actor, perm.courseRead);
      const mine = actor.id === teacherId;
      const campuses = permissions.campusesFor(actor, mine ? perm.courseRead : perm.courseReadAll);
      const teacher = await knex('identity_actors').where({ id: teacherId }).first('id', 'first_name', 'last_name');
      if (!teacher || !campuses.length) throw new NotFoundError('teacher');
      const rows = await knex('planning_lesson_teachers as lt')
        .join('planning_lessons as l', 'l.id', 'lt.lesson_id')
        .join('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
        .where('lt.teacher_id', teacherId)
        .whereIn('l.campus_id', campuses)
        .whereNot('l.status', 'cancelled')
        .groupBy('ss.id', 'ss.name', 'ss.short_name', 'ss.color')
        .select(
          'ss.id', 'ss.name', 'ss.short_name', 'ss.color',
          knex.raw('count(*)::int AS lessons'),
          knex.raw('min(l.start_at) FILTER (WHERE l.end_at >= now()) AS next_lesson_at'),
          knex.raw(`ARRAY(SELECT DISTINCT g.name FROM planning_lesson_planning_groups lg
            JOIN planning_planning_groups g ON g.id = lg.planning_group_id
            WHERE lg.lesson_id = ANY(array_agg(l.id)) ORDER BY g.name) AS group_names`),
        )
        .orderBy('ss.name');
      // Staff see the teachers of their campuses only: another campus's teacher has no page for them.
      if (!mine) {
        if (!(await teachesOn(teacherId, campuses))) throw new NotFoundError('teacher');
      }
      return {
        teacher: { id: teacher.id, firstName: teacher.first_name, lastName: teacher.last_name },
        subjects: rows.map((row) => ({
          id: row.id, name: row.name, shortName: row.short_name ?? null, color: row.color ?? null, lessons: row.lessons,
          nextLessonAt: iso(row.next_lesson_at), planningGroups: row.group_names ?? [],
        })),
      };
    },

    async lessons(actor, teacherId, schoolSubjectId) {
      const course = await ctx.course(actor, teacherId, schoolSubjectId);
      const rows = await knex('planning_lesson_teachers as lt')
        .join('planning_lessons as l', 'l.id', 'lt.lesson_id')
        .leftJoin('courses_lesson_reports as r', 'r.lesson_id', 'l.id')
        .where({ 'lt.teacher_id': teacherId, 'l.school_subject_id': schoolSubjectId })
        .whereIn('l.campus_id', course.campusIds)
        .select(
          'l.id', 'l.start_at', 'l.end_at', 'l.status', 'r.id as report_id',
          knex.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
            WHERE lg.lesson_id = l.id ORDER BY g.name) AS group_names`),
        )
        .orderBy('l.start_at')
        .limit(1000);
      const started = rows.length
        ? await sheetsStarted(knex, rows.map((row) => row.id as string))
        : new Set<string>();
      return {
        course,
        lessons: rows.map((row) => ({
          id: row.id, startAt: iso(row.start_at)!, endAt: iso(row.end_at)!, status: row.status, planningGroups: row.group_names ?? [],
          attendanceStarted: started.has(row.id), reported: !!row.report_id,
        })),
      };
    },

    async trombi(actor, teacherId, schoolSubjectId) {
      const course = await ctx.course(actor, teacherId, schoolSubjectId);
      const groupIds = course.groups.map((group) => group.id);
      const rows = groupIds.length
        ? await knex('planning_planning_group_subscriptions as s')
          .join('students_student_registrations as r', 'r.id', 's.student_registration_id')
          .join('identity_actors as a', 'a.id', 'r.student_id')
          .join('planning_planning_groups as g', 'g.id', 's.planning_group_id')
          .whereIn('s.planning_group_id', groupIds)
          .groupBy('a.id', 'a.first_name', 'a.last_name')
          .select('a.id', 'a.first_name', 'a.last_name', knex.raw('array_agg(DISTINCT g.name ORDER BY g.name) AS group_names'))
          .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }, { column: 'a.id' }])
        : [];
      return {
        course,
        students: rows.map((row) => ({
          id: row.id, firstName: row.first_name, lastName: row.last_name, initials: initials(row.first_name, row.last_name), planningGroups: row.group_names ?? [],
        })),
      };
    },
  };
}
