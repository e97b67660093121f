import { Model, type RelationMappings } from '@alterna/core';

// objection models of the trainings module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `school_subjects` (20261201000100_school_subjects). */
export class SchoolSubjectModel extends Model {
  static override tableName = 'school_subjects';
  declare id: string;
  declare name: string;
  declare short_name: string;
  declare level: string | null;
  declare color: string;
  declare archived: boolean;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    trainingPlanSubjects: { relation: Model.HasManyRelation, modelClass: TrainingPlanSubjectModel, join: { from: 'school_subjects.id', to: 'training_plan_subjects.school_subject_id' } },
  });
}

/** `trainings` (20261201000200_trainings). */
export class TrainingModel extends Model {
  static override tableName = 'trainings';
  declare id: string;
  declare name: string;
  declare short_name: string;
  declare is_published: boolean;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    trainingCampuses: { relation: Model.HasManyRelation, modelClass: TrainingCampusModel, join: { from: 'trainings.id', to: 'training_campuses.training_id' } },
    trainingPlans: { relation: Model.HasManyRelation, modelClass: TrainingPlanModel, join: { from: 'trainings.id', to: 'training_plans.training_id' } },
    trainingGroups: { relation: Model.HasManyRelation, modelClass: TrainingGroupModel, join: { from: 'trainings.id', to: 'training_groups.training_id' } },
    gradeScaleElements: { relation: Model.HasManyRelation, modelClass: GradeScaleElementModel, join: { from: 'trainings.id', to: 'grade_scale_elements.training_id' } },
  });
}

/** `training_campuses` (20261201000200_trainings). */
export class TrainingCampusModel extends Model {
  static override tableName = 'training_campuses';
  static override idColumn = ['training_id', 'campus_id'];
  declare training_id: string;
  declare campus_id: string;
  static override relationMappings = (): RelationMappings => ({
    training: { relation: Model.BelongsToOneRelation, modelClass: TrainingModel, join: { from: 'training_campuses.training_id', to: 'trainings.id' } },
  });
}

/** `training_sessions` (20261201000200_trainings). */
export class TrainingSessionModel extends Model {
  static override tableName = 'training_sessions';
  declare id: string;
  declare name: string;
  declare start_date: string;
  declare end_date: string;
  static override relationMappings = (): RelationMappings => ({
    trainingPlans: { relation: Model.HasManyRelation, modelClass: TrainingPlanModel, join: { from: 'training_sessions.id', to: 'training_plans.training_session_id' } },
    trainingGroups: { relation: Model.HasManyRelation, modelClass: TrainingGroupModel, join: { from: 'training_sessions.id', to: 'training_groups.training_session_id' } },
  });
}

/** `training_plans` (20261201000300_training_plans). */
export class TrainingPlanModel extends Model {
  static override tableName = 'training_plans';
  declare id: string;
  declare training_id: string;
  declare training_session_id: string;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    training: { relation: Model.BelongsToOneRelation, modelClass: TrainingModel, join: { from: 'training_plans.training_id', to: 'trainings.id' } },
    trainingSession: { relation: Model.BelongsToOneRelation, modelClass: TrainingSessionModel, join: { from: 'training_plans.training_session_id', to: 'training_sessions.id' } },
    trainingPlanVariants: { relation: Model.HasManyRelation, modelClass: TrainingPlanVariantModel, join: { from: 'training_plans.id', to: 'training_plan_variants.training_plan_id' } },
    trainingPlanBlocks: { relation: Model.HasManyRelation, modelClass: TrainingPlanBlockModel, join: { from: 'training_plans.id', to: 'training_plan_blocks.training_plan_id' } },
  });
}

/** `training_plan_variants` (20261201000300_training_plans). */
export class TrainingPlanVariantModel extends Model {
  static override tableName = 'training_plan_variants';
  declare id: string;
  declare training_plan_id: string;
  declare name: string;
  static override relationMappings = (): RelationMappings => ({
    trainingPlan: { relation: Model.BelongsToOneRelation, modelClass: TrainingPlanModel, join: { from: 'training_plan_variants.training_plan_id', to: 'training_plans.id' } },
    trainingPlanBlocks: { relation: Model.HasManyRelation, modelClass: TrainingPlanBlockModel, join: { from: 'training_plan_variants.id', to: 'training_plan_blocks.variant_id' } },
    trainingGroups: { relation: Model.HasManyRelation, modelClass: TrainingGroupModel, join: { from: 'training_plan_variants.id', to: 'training_groups.variant_id' } },
  });
}

/** `training_plan_blocks` (20261201000300_training_plans). */
export class TrainingPlanBlockModel extends Model {
  static override tableName = 'training_plan_blocks';
  declare id: string;
  declare training_plan_id: string;
  declare variant_id: string | null;
  declare name: string;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    trainingPlan: { relation: Model.BelongsToOneRelation, modelClass: TrainingPlanModel, join: { from: 'training_plan_blocks.training_plan_id', to: 'training_plans.id' } },
    variant: { relation: Model.BelongsToOneRelation, modelClass: TrainingPlanVariantModel, join: { from: 'training_plan_blocks.variant_id', to: 'training_plan_variants.id' } },
    trainingPlanSubjects: { relation: Model.HasManyRelation, modelClass: TrainingPlanSubjectModel, join: { from: 'training_plan_blocks.id', to: 'training_plan_subjects.block_id' } },
  });
}

/** `training_plan_subjects` (20261201000300_training_plans). */
export class TrainingPlanSubjectModel extends Model {
  static override tableName = 'training_plan_subjects';
  declare id: string;
  declare block_id: string;
  declare school_subject_id: string;
  declare hours: string;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    block: { relation: Model.BelongsToOneRelation, modelClass: TrainingPlanBlockModel, join: { from: 'training_plan_subjects.block_id', to: 'training_plan_blocks.id' } },
    schoolSubject: { relation: Model.BelongsToOneRelation, modelClass: SchoolSubjectModel, join: { from: 'training_plan_subjects.school_subject_id', to: 'school_subjects.id' } },
  });
}

/** `training_groups` (20261201000400_training_groups). */
export class TrainingGroupModel extends Model {
  static override tableName = 'training_groups';
  declare id: string;
  declare name: string;
  declare short_name: string;
  declare start_date: string;
  declare end_date: string;
  declare campus_id: string;
  declare training_session_id: string;
  declare training_id: string;
  declare variant_id: string;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    trainingSession: { relation: Model.BelongsToOneRelation, modelClass: TrainingSessionModel, join: { from: 'training_groups.training_session_id', to: 'training_sessions.id' } },
    training: { relation: Model.BelongsToOneRelation, modelClass: TrainingModel, join: { from: 'training_groups.training_id', to: 'trainings.id' } },
    variant: { relation: Model.BelongsToOneRelation, modelClass: TrainingPlanVariantModel, join: { from: 'training_groups.variant_id', to: 'training_plan_variants.id' } },
  });
}

/** `grade_scale_elements` (20261201000500_grade_scales). */
export class GradeScaleElementModel extends Model {
  static override tableName = 'grade_scale_elements';
  declare id: string;
  declare training_id: string;
  declare name: string;
  declare coefficient: string;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    training: { relation: Model.BelongsToOneRelation, modelClass: TrainingModel, join: { from: 'grade_scale_elements.training_id', to: 'trainings.id' } },
  });
}
