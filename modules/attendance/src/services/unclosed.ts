import { defaultLanguage, isLanguage, todayIn, type Actor, type Knex, type Language, type PermissionMatrix } from '@alterna/core';
import { now } from '@alterna/core/clock';
import { perm } from '../permissions.js';
import type { AttendanceContext } from './context.js';
import { unclosedMail } from './mail-texts.js';

/** A lesson over whose sheet was never closed (never opened, or opened and left open). */
export interface UnclosedSheet {
  lessonId: string;
  campusId: string;
  startAt: string;
  endAt: string;
  schoolSubject: { id: string; name: string } | null;
  planningGroups: string[];
  teachers: { id: string; firstName: string; lastName: string }[];
  sheet: 'none' | 'open';
}

/** How far back a lesson still counts as an unclosed sheet to chase (older ones are the managers' corrections). */
export const unclosedDays = 30;
/** At most this many lessons per answer, the latest first. */
const unclosedLimit = 200;

export interface UnclosedService {
  /** A teacher's own lessons ended in the last `unclosedDays` days whose sheet is not closed, the latest first. */
  mine(actor: Actor | null): Promise<UnclosedSheet[]>;
  /** Staff: the same for every teacher of their campuses (or the one asked for, 404 when out of reach). */
  ofCampuses(actor: Actor | null, campusId: string | null): Promise<UnclosedSheet[]>;
  /**
   * The daily reminder, a page of teachers at a time (by id after `after`): each teacher with unclosed sheets and not
   * reminded yet today gets one e-mail in their language; how many were mailed and the next page's cursor, or null.
   */
  remindPage(after: string | null, limit: number): Promise<{ mailed: number; next: string | null }>;
}

/** The lessons of the last `unclosedDays` days, ended before now, not cancelled, with a teacher, whose sheet is not closed. */
function unclosedLessons(knex: Knex, at: Date) {
  return knex('planning_lessons as l')
    .leftJoin('attendance_sheets as sh', 'sh.lesson_id', 'l.id')
    .whereNot('l.status', 'cancelled')
    .where('l.end_at', '<', at)
    .where('l.end_at', '>=', new Date(at.getTime() - unclosedDays * 86_400_000))
    .whereNull('sh.closed_at')
    .whereExists(knex('planning_lesson_teachers as t0').whereRaw('t0.lesson_id = l.id'));
}

/** The lessons' views, in one statement: subject, groups and teachers beside each. */
async function viewsOf(knex: Knex, query: Knex.QueryBuilder): Promise<UnclosedSheet[]> {
  const rows = await query
    .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
    .select(
      'l.id', 'l.campus_id', 'l.start_at', 'l.end_at', 'ss.id as subject_id', 'ss.name as subject_name', 'sh.id as sheet_id',
      knex.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
        WHERE lg.lesson_id = l.id ORDER BY g.name) AS group_names`),
      knex.raw(`(SELECT coalesce(json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name) ORDER BY a.last_name, a.first_name), '[]')
        FROM planning_lesson_teachers lt JOIN identity_actors a ON a.id = lt.teacher_id WHERE lt.lesson_id = l.id) AS teachers`),
    )
    .orderBy([{ column: 'l.end_at', order: 'desc' }, { column: 'l.id' }])
    .limit(unclosedLimit);
  return rows.map((row: Record<string, any>) => ({
    lessonId: row.id, campusId: row.campus_id, startAt: new Date(row.start_at).toISOString(), endAt: new Date(row.end_at).toISOString(),
    schoolSubject: row.subject_id ? { id: row.subject_id, name: row.subject_name } : null,
    planningGroups: row.group_names ?? [], teachers: row.teachers ?? [], sheet: row.sheet_id ? 'open' : 'none',
  }));
}

export function unclosedService(ctx: AttendanceContext): UnclosedService {
  const { knex, core } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  const ofTeacher = (teacherId: string) => knex('planning_lesson_teachers as mine').whereRaw('mine.lesson_id = l.id').where('mine.teacher_id', teacherId);
  return {
    async mine(actor) {
      permissions.assert(actor, perm.sheetTake);
      return viewsOf(knex, unclosedLessons(knex, now()).whereExists(ofTeacher(actor.id)));
    },

    async ofCampuses(actor, campusId) {
      const campuses = permissions.campusesOrDeny(actor, perm.sheetReadStaff, campusId ? [campusId] : null);
      return viewsOf(knex, unclosedLessons(knex, now()).whereIn('l.campus_id', campuses));
    },

    async remindPage(after, limit) {
      const at = now();
      const day = todayIn('Europe/Paris', at);
      const teachers: { id: string; email: string; language: string | null; first_name: string; last_name: string }[] = await knex('identity_actors as a')
        .whereExists(unclosedLessons(knex, at).whereExists(knex('planning_lesson_teachers as lt').whereRaw('lt.lesson_id = l.id AND lt.teacher_id = a.id')))
        .whereNotExists(knex('attendance_unclosed_reminders as r').whereRaw('r.teacher_id = a.id').where('r.day', day))
        .modify((query) => { if (after) query.where('a.id', '>', after); })
        .whereNotNull('a.email')
        .orderBy('a.id')
        .limit(limit)
        .select('a.id', 'a.email', 'a.language', 'a.first_name', 'a.last_name');
      if (!teachers.length) return { mailed: 0, next: null };
      // Every page's lessons in one statement, by teacher.
      const rows = await unclosedLessons(knex, at)
        .join('planning_lesson_teachers as lt', 'lt.lesson_id', 'l.id')
        .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
        .whereIn('lt.teacher_id', teachers.map((teacher) => teacher.id))
        .orderBy([{ column: 'l.start_at' }, { column: 'l.id' }])
        .select('lt.teacher_id', 'l.start_at', 'l.end_at', 'ss.name as subject_name', 'sh.id as sheet_id',
          knex.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
            WHERE lg.lesson_id = l.id ORDER BY g.name) AS group_names`));
      let mailed = 0;
      for (const teacher of teachers) {
        const lessons = rows.filter((row: Record<string, any>) => row.teacher_id === teacher.id).map((row: Record<string, any>) => ({
          startAt: row.start_at as Date, endAt: row.end_at as Date, subject: (row.subject_name as string | null) ?? null, groups: (row.group_names as string[]) ?? [],
        }));
        if (!lessons.length) continue;
        const language: Language = isLanguage(teacher.language) ? teacher.language : defaultLanguage;
        await core.mailer.send({ to: [teacher.email], ...unclosedMail(core.translator(language), { firstName: teacher.first_name, lastName: teacher.last_name }, lessons) });
        // Recorded right after its own mail: a retry resends at most this one.
        await knex('attendance_unclosed_reminders').insert({ teacher_id: teacher.id, day, lessons: lessons.length }).onConflict(['teacher_id', 'day']).ignore();
        mailed += 1;
      }
      return { mailed, next: teachers.length === limit ? teachers.at(-1)!.id : null };
    },
  };
}
