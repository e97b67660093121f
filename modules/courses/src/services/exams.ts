import { NotFoundError, fn, type Actor, type Translate } from '@alterna/core';
import { ExamModel, ExamPlanningGroupModel } from '../models/index.js';
import type { ExamInput } from '../validation/index.js';
import type { Course, CoursesContext } from './context.js';
import { checkTargets, groupsJson } from './targets.js';

/** An exam of a course as pages show it: a Paris day and start time, a duration, a coefficient. */
export interface Exam {
  id: string;
  teacherId: string;
  schoolSubjectId: string;
  title: string;
  date: string;
  time: string;
  durationMinutes: number;
  coefficient: number;
  description: string;
  published: boolean;
  planningGroups: { id: string; name: string }[];
  updatedAt: string;
}

export interface ExamsService {
  list(actor: Actor | null, teacherId: string, schoolSubjectId: string): Promise<{ course: Course; exams: Exam[] }>;
  create(actor: Actor | null, teacherId: string, schoolSubjectId: string, input: ExamInput, t: Translate): Promise<Exam>;
  /** The exam and its course, for its edit form; 404 when out of the actor's reach. */
  get(actor: Actor | null, id: string): Promise<{ course: Course; exam: Exam }>;
  update(actor: Actor | null, id: string, input: ExamInput, t: Translate): Promise<Exam>;
  remove(actor: Actor | null, id: string): Promise<void>;
  /** Published on/off: students see published exams only. */
  toggle(actor: Actor | null, id: string): Promise<Exam>;
}

export function examsService(ctx: CoursesContext): ExamsService {
  const { knex } = ctx;

  const select = () =>
    knex('courses_exams as x0')
      .select(
        'x0.id', 'x0.teacher_id', 'x0.school_subject_id', 'x0.title', 'x0.duration_minutes', 'x0.description', 'x0.published', 'x0.updated_at',
        knex.raw('x0.coefficient::float8 AS coefficient'),
        knex.raw("to_char(x0.exam_date, 'YYYY-MM-DD') AS exam_date"),
        knex.raw("to_char(x0.start_time, 'HH24:MI') AS start_time"),
        knex.raw(groupsJson('courses_exam_planning_groups', 'exam_id', 'x0')),
      );
  const view = (row: Record<string, any>): Exam => ({
    id: row.id, teacherId: row.teacher_id, schoolSubjectId: row.school_subject_id, title: row.title, date: row.exam_date, time: row.start_time,
    durationMinutes: row.duration_minutes, coefficient: Number(row.coefficient), description: row.description, published: row.published,
    planningGroups: row.planning_groups ?? [], updatedAt: new Date(row.updated_at).toISOString(),
  });
  const one = async (id: string) => view(await select().where('x0.id', id).first());

  /** The exam and its course; 404 unless the actor sees the course and the exam's campus. */
  const reach = async (actor: Actor | null, id: string) => {
    const exam = await ExamModel.query(knex).findById(id);
    if (!exam) throw new NotFoundError('exam');
    const course = await ctx.course(actor, exam.teacher_id, exam.school_subject_id);
    if (!course.campusIds.includes(exam.campus_id)) throw new NotFoundError('exam');
    return { actor: actor!, exam, course };
  };

  const row = (input: ExamInput) => ({
    title: input.title, exam_date: input.date, start_time: input.time, duration_minutes: input.durationMinutes, coefficient: input.coefficient,
    description: input.description ?? '', published: !!input.published,
  });
  const link = (examId: string, groupIds: string[]) => [...new Set(groupIds)].map((planning_group_id) => ({ exam_id: examId, planning_group_id }));

  return {
    async list(actor, teacherId, schoolSubjectId) {
      const course = await ctx.course(actor, teacherId, schoolSubjectId);
      const rows = await select()
        .where({ 'x0.teacher_id': teacherId, 'x0.school_subject_id': schoolSubjectId })
        .whereIn('x0.campus_id', course.campusIds)
        .orderBy([{ column: 'x0.exam_date', order: 'desc' }, { column: 'x0.start_time' }, { column: 'x0.id' }]);
      return { course, exams: rows.map(view) };
    },

    async create(actor, teacherId, schoolSubjectId, input, t) {
      const course = await ctx.course(actor, teacherId, schoolSubjectId);
      const campusId = await checkTargets(ctx, knex, actor!, course, input, t);
      const id = await knex.transaction(async (trx) => {
        const created = await ExamModel.query(trx).insert({
          ...row(input), campus_id: campusId, teacher_id: teacherId, school_subject_id: schoolSubjectId, created_by: actor!.id,
        } as never);
        await trx(ExamPlanningGroupModel.tableName).insert(link(created.id, input.planningGroupIds));
        return created.id;
      });
      return one(id);
    },

    async get(actor, id) {
      const { course } = await reach(actor, id);
      return { course, exam: await one(id) };
    },

    async update(actor, id, input, t) {
      const { actor: writer, exam, course } = await reach(actor, id);
      ctx.assertWriter(writer, course, exam.campus_id);
      const campusId = await checkTargets(ctx, knex, writer, course, input, t);
      await knex.transaction(async (trx) => {
        await ExamModel.query(trx).findById(id).patch({ ...row(input), campus_id: campusId, updated_at: fn.now() } as never);
        await ExamPlanningGroupModel.query(trx).where({ exam_id: id }).delete();
        await trx(ExamPlanningGroupModel.tableName).insert(link(id, input.planningGroupIds));
      });
      return one(id);
    },

    async remove(actor, id) {
      const { actor: writer, exam, course } = await reach(actor, id);
      ctx.assertWriter(writer, course, exam.campus_id);
      await ExamModel.query(knex).deleteById(id);
    },

    async toggle(actor, id) {
      const { actor: writer, exam, course } = await reach(actor, id);
      ctx.assertWriter(writer, course, exam.campus_id);
      await ExamModel.query(knex).findById(id).patch({ published: knex.raw('NOT published'), updated_at: fn.now() } as never);
      return one(id);
    },
  };
}
