import type { Actor, Knex, Translate } from '@alterna/core';
import type { Course, CoursesContext } from './context.js';

type Db = Knex | Knex.Transaction;

/**
 * The planning groups (and lesson) an exercise or exam is given to: groups of the course the actor sees,
 * all of one campus, where the actor writes; a lesson of the course's teacher and subject on that campus.
 * Returns the campus; 422 naming the field otherwise, 403 when the actor may not write there.
 */
export async function checkTargets(
  ctx: CoursesContext,
  db: Db,
  actor: Actor,
  course: Course,
  input: { planningGroupIds: string[]; lessonId?: string | null },
  t: Translate,
): Promise<string> {
  const known = new Map(course.groups.map((group) => [group.id, group]));
  const groupIds = [...new Set(input.planningGroupIds)];
  if (groupIds.some((id) => !known.has(id))) ctx.refuse(t, 'courses.validation.notCourseGroup', 'planningGroupIds');
  const campuses = new Set(groupIds.map((id) => known.get(id)!.campusId));
  if (campuses.size > 1) ctx.refuse(t, 'courses.validation.oneCampus', 'planningGroupIds');
  const campusId = [...campuses][0]!;
  ctx.assertWriter(actor, course, campusId);
  if (input.lessonId) {
    const lesson = await db('planning_lessons as l')
      .join('planning_lesson_teachers as lt', 'lt.lesson_id', 'l.id')
      .where({ 'l.id': input.lessonId, 'lt.teacher_id': course.teacher.id, 'l.school_subject_id': course.schoolSubject.id, 'l.campus_id': campusId })
      .first('l.id');
    if (!lesson) ctx.refuse(t, 'courses.validation.notCourseLesson', 'lessonId');
  }
  return campusId;
}

/** The groups of items, as `{ id, name }` sorted by name, in one correlated subquery (no query per row). */
export const groupsJson = (link: string, key: string, alias: string) => `(SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name), '[]'::json)
  FROM ${link} x JOIN planning_planning_groups g ON g.id = x.planning_group_id WHERE x.${key} = ${alias}.id) AS planning_groups`;
