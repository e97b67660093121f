import { Model, type RelationMappings } from '@alterna/core';

// objection models of the courses module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

/** `courses_lesson_reports` (20270105000100_courses): what was done in a lesson, and the homework given. */
export class LessonReportModel extends Model {
  static override tableName = 'courses_lesson_reports';
  declare id: string;
  declare lesson_id: string;
  declare done: string;
  declare homework: string;
  declare written_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `courses_exercises` (20270105000100_courses): SPEC §3's event homework. */
export class ExerciseModel extends Model {
  static override tableName = 'courses_exercises';
  declare id: string;
  declare campus_id: string;
  declare teacher_id: string;
  declare school_subject_id: string;
  declare lesson_id: string | null;
  declare title: string;
  declare instructions: string;
  declare due_date: string;
  declare published: boolean;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare groups?: ExercisePlanningGroupModel[];
  static override relationMappings = (): RelationMappings => ({
    groups: { relation: Model.HasManyRelation, modelClass: ExercisePlanningGroupModel, join: { from: 'courses_exercises.id', to: 'courses_exercise_planning_groups.exercise_id' } },
  });
}

/** `courses_exercise_planning_groups` (20270105000100_courses): the groups an exercise is given to. */
export class ExercisePlanningGroupModel extends Model {
  static override tableName = 'courses_exercise_planning_groups';
  static override idColumn = ['exercise_id', 'planning_group_id'];
  declare exercise_id: string;
  declare planning_group_id: string;
}

/** `courses_exams` (20270105000100_courses). */
export class ExamModel extends Model {
  static override tableName = 'courses_exams';
  declare id: string;
  declare campus_id: string;
  declare teacher_id: string;
  declare school_subject_id: string;
  declare title: string;
  declare exam_date: string;
  declare start_time: string;
  declare duration_minutes: number;
  declare coefficient: string;
  declare description: string;
  declare published: boolean;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare groups?: ExamPlanningGroupModel[];
  static override relationMappings = (): RelationMappings => ({
    groups: { relation: Model.HasManyRelation, modelClass: ExamPlanningGroupModel, join: { from: 'courses_exams.id', to: 'courses_exam_planning_groups.exam_id' } },
  });
}

/** `courses_exam_planning_groups` (20270105000100_courses): the groups sitting an exam. */
export class ExamPlanningGroupModel extends Model {
  static override tableName = 'courses_exam_planning_groups';
  static override idColumn = ['exam_id', 'planning_group_id'];
  declare exam_id: string;
  declare planning_group_id: string;
}
