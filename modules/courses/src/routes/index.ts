import type { RouteContext, RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { CoursesServices } from '../services/index.js';
import { examSchema, exerciseSchema, lessonReportSchema } from '../validation/index.js';
import { coursePaths, paths } from './paths.js';

type Route = RouteDefinition<CoursesServices>;
type Ctx = RouteContext<any, CoursesServices>;

/**
 * A course's pages under a base: `teacherOf` names whose course it is, the `:teacher` param (staff, and the teacher
 * themself) or the actor (`/my-courses/…`). The services answer 404 for a course out of the actor's reach.
 */
function courseRoutes(prefix: string, base: ReturnType<typeof coursePaths>, teacherOf: (ctx: Ctx) => string, params: string[]): Route[] {
  const uuidParams = [...params, 'schoolSubject'];
  const subject = (ctx: Ctx) => ctx.params.schoolSubject!;
  return [
    {
      name: `${prefix}_course`, method: 'get', permission: perm.courseRead, uuidParams, path: base.lessons,
      handler: (ctx) => ctx.services.subjects.lessons(ctx.actor, teacherOf(ctx), subject(ctx)),
    },
    {
      name: `${prefix}_course_exercises`, method: 'get', permission: perm.courseRead, uuidParams, path: base.exercises,
      handler: (ctx) => ctx.services.exercises.list(ctx.actor, teacherOf(ctx), subject(ctx)),
    },
    {
      name: `${prefix}_course_exercise_new`, method: 'post', permission: perm.courseWrite, uuidParams, body: exerciseSchema, path: base.exerciseNew,
      handler: async (ctx) => ({ exercise: await ctx.services.exercises.create(ctx.actor, teacherOf(ctx), subject(ctx), ctx.body, ctx.t) }),
    },
    {
      name: `${prefix}_course_exams`, method: 'get', permission: perm.courseRead, uuidParams, path: base.exams,
      handler: (ctx) => ctx.services.exams.list(ctx.actor, teacherOf(ctx), subject(ctx)),
    },
    {
      name: `${prefix}_course_exam_new`, method: 'post', permission: perm.courseWrite, uuidParams, body: examSchema, path: base.exams,
      handler: async (ctx) => ({ exam: await ctx.services.exams.create(ctx.actor, teacherOf(ctx), subject(ctx), ctx.body, ctx.t) }),
    },
    {
      name: `${prefix}_course_trombi`, method: 'get', permission: perm.courseRead, uuidParams, path: base.trombi,
      handler: (ctx) => ctx.services.subjects.trombi(ctx.actor, teacherOf(ctx), subject(ctx)),
    },
  ];
}

/** SPEC §2 "Courses" (the teacher's and the student's course spaces) and "Teachers" (a teacher's course seen by staff). */
export const routes: Route[] = [
  {
    name: 'my_courses', method: 'get', permission: perm.courseRead, path: paths.mySubjects,
    handler: (ctx) => ctx.services.subjects.subjects(ctx.actor, ctx.actor!.id),
  },
  ...courseRoutes('my_courses', paths.mine, (ctx) => ctx.actor!.id, []),
  {
    name: 'teacher_courses', method: 'get', permission: perm.courseRead, uuidParams: ['teacher'], path: paths.teacherSubjects,
    handler: (ctx) => ctx.services.subjects.subjects(ctx.actor, ctx.params.teacher!),
  },
  ...courseRoutes('teacher', paths.teacher, (ctx) => ctx.params.teacher!, ['teacher']),
  {
    name: 'my_courses_lesson_report', method: 'get', permission: perm.courseRead, uuidParams: ['id'], path: paths.lessonReport,
    handler: (ctx) => ctx.services.reports.page(ctx.actor, ctx.params.id!),
  },
  {
    name: 'my_courses_lesson_report_save', method: 'post', permission: perm.courseWrite, uuidParams: ['id'], body: lessonReportSchema, path: paths.lessonReport,
    handler: (ctx) => ctx.services.reports.save(ctx.actor, ctx.params.id!, ctx.body),
  },
  {
    name: 'exercise_edit', method: 'get', permission: perm.courseRead, uuidParams: ['id'], path: paths.exerciseEdit,
    handler: (ctx) => ctx.services.exercises.get(ctx.actor, ctx.params.id!),
  },
  {
    name: 'exercise_edit_save', method: 'post', permission: perm.courseWrite, uuidParams: ['id'], body: exerciseSchema, path: paths.exerciseEdit,
    handler: async (ctx) => ({ exercise: await ctx.services.exercises.update(ctx.actor, ctx.params.id!, ctx.body, ctx.t) }),
  },
  {
    name: 'my_courses_exercise_delete', method: 'post', permission: perm.courseWrite, uuidParams: ['eventHomeWork'], path: paths.exerciseDelete,
    handler: (ctx) => ctx.services.exercises.remove(ctx.actor, ctx.params.eventHomeWork!),
  },
  {
    name: 'my_courses_exercise_toggle', method: 'post', permission: perm.courseWrite, uuidParams: ['id'], path: paths.exerciseToggle,
    handler: async (ctx) => ({ exercise: await ctx.services.exercises.toggle(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'my_courses_exam_edit', method: 'get', permission: perm.courseRead, uuidParams: ['id'], path: paths.examEdit,
    handler: (ctx) => ctx.services.exams.get(ctx.actor, ctx.params.id!),
  },
  {
    name: 'my_courses_exam_edit_save', method: 'post', permission: perm.courseWrite, uuidParams: ['id'], body: examSchema, path: paths.examEdit,
    handler: async (ctx) => ({ exam: await ctx.services.exams.update(ctx.actor, ctx.params.id!, ctx.body, ctx.t) }),
  },
  {
    name: 'teachers_exam_delete', method: 'post', permission: perm.courseWrite, uuidParams: ['id'], path: paths.examDelete,
    handler: (ctx) => ctx.services.exams.remove(ctx.actor, ctx.params.id!),
  },
  {
    name: 'my_courses_exam_toggle', method: 'post', permission: perm.courseWrite, uuidParams: ['id'], path: paths.examToggle,
    handler: async (ctx) => ({ exam: await ctx.services.exams.toggle(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'my_space_courses', method: 'get', permission: perm.studentRead, path: paths.studentCourses,
    handler: (ctx) => ctx.services.student.mine(ctx.actor),
  },
];
