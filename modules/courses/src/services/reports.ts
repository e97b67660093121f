import { AccessDeniedError, NotFoundError, type Actor, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import type { LessonReportInput } from '../validation/index.js';
import type { CoursesContext } from './context.js';

/** A lesson and its report (SPEC §2 `/my-courses/eventLessonSchedule/{id}`). */
export interface LessonReportPage {
  lesson: {
    id: string;
    startAt: string;
    endAt: string;
    status: string;
    schoolSubject: { id: string; name: string } | null;
    planningGroups: string[];
    teachers: { id: string; firstName: string; lastName: string }[];
  };
  report: { done: string; homework: string; updatedAt: string; writtenBy: { id: string; firstName: string; lastName: string } | null } | null;
  canWrite: boolean;
}

export interface LessonReportsService {
  /** For the lesson's teachers and the staff of its campus; 404 for anyone else. */
  page(actor: Actor | null, lessonId: string): Promise<LessonReportPage>;
  /** Only the lesson's teachers or the managers of its campus write it (403 for other readers). */
  save(actor: Actor | null, lessonId: string, input: LessonReportInput): Promise<LessonReportPage>;
}

export function lessonReportsService(ctx: CoursesContext): LessonReportsService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** The lesson with its subject, groups, teachers and report: one statement. */
  const load = async (lessonId: string) =>
    knex('planning_lessons as l')
      .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
      .leftJoin('courses_lesson_reports as r', 'r.lesson_id', 'l.id')
      .leftJoin('identity_actors as w', 'w.id', 'r.written_by')
      .where('l.id', lessonId)
      .first(
        'l.id', 'l.campus_id', 'l.start_at', 'l.end_at', 'l.status', 'ss.id as subject_id', 'ss.name as subject_name',
        'r.id as report_id', 'r.done', 'r.homework', 'r.updated_at as report_updated_at', 'w.id as writer_id', 'w.first_name as writer_first_name', 'w.last_name as writer_last_name',
        knex.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
          WHERE lg.lesson_id = l.id ORDER BY g.name) AS group_names`),
        knex.raw(`(SELECT coalesce(json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name) ORDER BY a.last_name, a.first_name), '[]'::json)
          FROM planning_lesson_teachers lt JOIN identity_actors a ON a.id = lt.teacher_id WHERE lt.lesson_id = l.id) AS teachers`),
      );

  const reachable = async (actor: Actor | null, lessonId: string) => {
    permissions.assert(actor, perm.courseRead);
    const row = await load(lessonId);
    const teaches = !!row && (row.teachers as { id: string }[]).some((teacher) => teacher.id === actor.id);
    const visible = !!row && (teaches ? permissions.isGranted(actor, perm.courseRead, row.campus_id) : permissions.isGranted(actor, perm.courseReadAll, row.campus_id));
    if (!visible) throw new NotFoundError('lesson');
    const canWrite = (teaches && permissions.isGranted(actor, perm.courseWrite, row.campus_id)) || permissions.isGranted(actor, perm.courseManage, row.campus_id);
    return { row, canWrite };
  };

  const view = (row: Record<string, any>, canWrite: boolean): LessonReportPage => ({
    lesson: {
      id: row.id, startAt: new Date(row.start_at).toISOString(), endAt: new Date(row.end_at).toISOString(), status: row.status,
      schoolSubject: row.subject_id ? { id: row.subject_id, name: row.subject_name } : null, planningGroups: row.group_names ?? [], teachers: row.teachers ?? [],
    },
    report: row.report_id
      ? {
        done: row.done, homework: row.homework, updatedAt: new Date(row.report_updated_at).toISOString(),
        writtenBy: row.writer_id ? { id: row.writer_id, firstName: row.writer_first_name, lastName: row.writer_last_name } : null,
      }
      : null,
    canWrite,
  });

  return {
    async page(actor, lessonId) {
      const { row, canWrite } = await reachable(actor, lessonId);
      return view(row, canWrite);
    },

    async save(actor, lessonId, input) {
      const { canWrite } = await reachable(actor, lessonId);
      if (!canWrite) throw new AccessDeniedError();
      // One statement: writing twice updates the lesson's one report.
      await knex('courses_lesson_reports')
        .insert({ lesson_id: lessonId, done: input.done ?? '', homework: input.homework ?? '', written_by: actor!.id })
        .onConflict('lesson_id')
        .merge({ done: input.done ?? '', homework: input.homework ?? '', written_by: actor!.id, updated_at: knex.fn.now() });
      const { row } = await reachable(actor, lessonId);
      return view(row, canWrite);
    },
  };
}
