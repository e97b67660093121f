import { Model, type RelationMappings } from '@alterna/core';

// objection models of the marks module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

/** `marks_exam_settings` (20270110000200_marks): an exam's grade scale element and semester. */
export class ExamSettingModel extends Model {
  static override tableName = 'marks_exam_settings';
  static override idColumn = 'exam_id';
  declare exam_id: string;
  declare grade_scale_element_id: string | null;
  declare semester: number;
  declare updated_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    marks: { relation: Model.HasManyRelation, modelClass: ExamMarkModel, join: { from: 'marks_exam_settings.exam_id', to: 'marks_exam_marks.exam_id' } },
  });
}

/** `marks_exam_marks` (20270110000200_marks): a student's mark of an exam. */
export class ExamMarkModel extends Model {
  static override tableName = 'marks_exam_marks';
  static override idColumn = ['exam_id', 'student_id'];
  declare exam_id: string;
  declare student_id: string;
  declare value: string | null;
  declare status: 'present' | 'absent' | 'excused';
  declare entered_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `marks_subject_appraisals` (20270110000200_marks). */
export class SubjectAppraisalModel extends Model {
  static override tableName = 'marks_subject_appraisals';
  declare id: string;
  declare student_id: string;
  declare grade_scale_element_id: string;
  declare semester: number;
  declare text: string;
  declare written_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `marks_general_appraisals` (20270110000200_marks). */
export class GeneralAppraisalModel extends Model {
  static override tableName = 'marks_general_appraisals';
  declare id: string;
  declare student_id: string;
  declare training_id: string;
  declare semester: number;
  declare text: string;
  declare written_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
