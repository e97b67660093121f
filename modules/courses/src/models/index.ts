import { Model, type RelationMappings } from '@alterna/core';
import type { CoursesExamPlanningGroupsRow, CoursesExamsRow, CoursesExercisePlanningGroupsRow, CoursesExercisesRow } from './rows.js';

// objection models of the courses module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `courses_exercises` (20270105000100_courses): SPEC §3's event homework. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ExerciseModel extends CoursesExercisesRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ExerciseModel extends Model {
  static override tableName = 'courses_exercises';
  declare groups?: ExercisePlanningGroupModel[];
  static override relationMappings = (): RelationMappings => ({
    groups: { relation: Model.HasManyRelation, modelClass: ExercisePlanningGroupModel, join: { from: 'courses_exercises.id', to: 'courses_exercise_planning_groups.exercise_id' } },
  });
}

/** `courses_exercise_planning_groups` (20270105000100_courses): the groups an exercise is given to. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ExercisePlanningGroupModel extends CoursesExercisePlanningGroupsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ExercisePlanningGroupModel extends Model {
  static override tableName = 'courses_exercise_planning_groups';
  static override idColumn = ['exercise_id', 'planning_group_id'];
}

/** `courses_exams` (20270105000100_courses). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ExamModel extends Omit<CoursesExamsRow, 'coefficient'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ExamModel extends Model {
  static override tableName = 'courses_exams';
  declare coefficient: string;
  declare groups?: ExamPlanningGroupModel[];
  static override relationMappings = (): RelationMappings => ({
    groups: { relation: Model.HasManyRelation, modelClass: ExamPlanningGroupModel, join: { from: 'courses_exams.id', to: 'courses_exam_planning_groups.exam_id' } },
  });
}

/** `courses_exam_planning_groups` (20270105000100_courses): the groups sitting an exam. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ExamPlanningGroupModel extends CoursesExamPlanningGroupsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ExamPlanningGroupModel extends Model {
  static override tableName = 'courses_exam_planning_groups';
  static override idColumn = ['exam_id', 'planning_group_id'];
}
