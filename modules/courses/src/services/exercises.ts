import { NotFoundError, fn, type Actor, type Translate } from '@alterna/core';
import { ExerciseModel, ExercisePlanningGroupModel } from '../models/index.js';
import type { ExerciseInput } from '../validation/index.js';
import type { Course, CoursesContext } from './context.js';
import { checkTargets, groupsJson } from './targets.js';

/** An exercise (SPEC §3 event homework) as pages show it. */
export interface Exercise {
  id: string;
  teacherId: string;
  schoolSubjectId: string;
  title: string;
  instructions: string;
  dueDate: string;
  published: boolean;
  planningGroups: { id: string; name: string }[];
  lesson: { id: string; startAt: string } | null;
  updatedAt: string;
}

export interface ExercisesService {
  list(actor: Actor | null, teacherId: string, schoolSubjectId: string): Promise<{ course: Course; exercises: Exercise[] }>;
  create(actor: Actor | null, teacherId: string, schoolSubjectId: string, input: ExerciseInput, t: Translate): Promise<Exercise>;
  /** The exercise and its course, for its edit form; 404 when out of the actor's reach. */
  get(actor: Actor | null, id: string): Promise<{ course: Course; exercise: Exercise }>;
  update(actor: Actor | null, id: string, input: ExerciseInput, t: Translate): Promise<Exercise>;
  remove(actor: Actor | null, id: string): Promise<void>;
  /** Published on/off: students see published exercises only. */
  toggle(actor: Actor | null, id: string): Promise<Exercise>;
}

export function exercisesService(ctx: CoursesContext): ExercisesService {
  const { knex } = ctx;

  const select = () =>
    knex('courses_exercises as e')
      .leftJoin('planning_lessons as l', 'l.id', 'e.lesson_id')
      .select(
        'e.id', 'e.teacher_id', 'e.school_subject_id', 'e.title', 'e.instructions', 'e.published', 'e.lesson_id', 'e.updated_at', 'l.start_at as lesson_start_at',
        knex.raw("to_char(e.due_date, 'YYYY-MM-DD') AS due_date"),
        knex.raw(groupsJson('courses_exercise_planning_groups', 'exercise_id', 'e')),
      );
  const view = (row: Record<string, any>): Exercise => ({
    id: row.id, teacherId: row.teacher_id, schoolSubjectId: row.school_subject_id, title: row.title, instructions: row.instructions,
    dueDate: row.due_date, published: row.published, planningGroups: row.planning_groups ?? [],
    lesson: row.lesson_id && row.lesson_start_at ? { id: row.lesson_id, startAt: new Date(row.lesson_start_at).toISOString() } : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  });
  const one = async (id: string) => view(await select().where('e.id', id).first());

  /** The exercise and its course; 404 unless the actor sees the course and the exercise's campus. */
  const reach = async (actor: Actor | null, id: string) => {
    const exercise = await ExerciseModel.query(knex).findById(id);
    if (!exercise) throw new NotFoundError('exercise');
    const course = await ctx.course(actor, exercise.teacher_id, exercise.school_subject_id);
    if (!course.campusIds.includes(exercise.campus_id)) throw new NotFoundError('exercise');
    return { actor: actor!, exercise, course };
  };

  const row = (input: ExerciseInput) => ({
    title: input.title, instructions: input.instructions ?? '', lesson_id: input.lessonId ?? null, due_date: input.dueDate, published: !!input.published,
  });

  return {
    async list(actor, teacherId, schoolSubjectId) {
      const course = await ctx.course(actor, teacherId, schoolSubjectId);
      const rows = await select()
        .where({ 'e.teacher_id': teacherId, 'e.school_subject_id': schoolSubjectId })
        .whereIn('e.campus_id', course.campusIds)
        .orderBy([{ column: 'e.due_date', order: 'desc' }, { column: 'e.title' }, { column: 'e.id' }]);
      return { course, exercises: rows.map(view) };
    },

    async create(actor, teacherId, schoolSubjectId, input, t) {
      const course = await ctx.course(actor, teacherId, schoolSubjectId);
      const campusId = await checkTargets(ctx, knex, actor!, course, input, t);
      const id = await knex.transaction(async (trx) => {
        const created = await ExerciseModel.query(trx).insert({
          ...row(input), campus_id: campusId, teacher_id: teacherId, school_subject_id: schoolSubjectId, created_by: actor!.id,
        } as never);
        await trx(ExercisePlanningGroupModel.tableName).insert([...new Set(input.planningGroupIds)].map((planning_group_id) => ({ exercise_id: created.id, planning_group_id })));
        return created.id;
      });
      return one(id);
    },

    async get(actor, id) {
      const { course } = await reach(actor, id);
      return { course, exercise: await one(id) };
    },

    async update(actor, id, input, t) {
      const { actor: writer, exercise, course } = await reach(actor, id);
      ctx.assertWriter(writer, course, exercise.campus_id);
      const campusId = await checkTargets(ctx, knex, writer, course, input, t);
      await knex.transaction(async (trx) => {
        await ExerciseModel.query(trx).findById(id).patch({ ...row(input), campus_id: campusId, updated_at: fn.now() } as never);
        await ExercisePlanningGroupModel.query(trx).where({ exercise_id: id }).delete();
        await trx(ExercisePlanningGroupModel.tableName).insert([...new Set(input.planningGroupIds)].map((planning_group_id) => ({ exercise_id: id, planning_group_id })));
      });
      return one(id);
    },

    async remove(actor, id) {
      const { actor: writer, exercise, course } = await reach(actor, id);
      ctx.assertWriter(writer, course, exercise.campus_id);
      await ExerciseModel.query(knex).deleteById(id);
    },

    async toggle(actor, id) {
      const { actor: writer, exercise, course } = await reach(actor, id);
      ctx.assertWriter(writer, course, exercise.campus_id);
      await ExerciseModel.query(knex).findById(id).patch({ published: knex.raw('NOT published'), updated_at: fn.now() } as never);
      return one(id);
    },
  };
}
