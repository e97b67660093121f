import { Model, type RelationMappings } from '@alterna/core';

// objection models of the planning module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `planning_groups` (20261220000100_planning). */
export class PlanningGroupModel extends Model {
  static override tableName = 'planning_groups';
  declare id: string;
  declare campus_id: string;
  declare training_group_id: string | null;
  declare parent_id: string | null;
  declare name: string;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    parent: { relation: Model.BelongsToOneRelation, modelClass: PlanningGroupModel, join: { from: 'planning_groups.parent_id', to: 'planning_groups.id' } },
    children: { relation: Model.HasManyRelation, modelClass: PlanningGroupModel, join: { from: 'planning_groups.id', to: 'planning_groups.parent_id' } },
    planningGroupSubjectLines: { relation: Model.HasManyRelation, modelClass: PlanningGroupSubjectLineModel, join: { from: 'planning_groups.id', to: 'planning_group_subject_lines.planning_group_id' } },
    planningGroupSubscriptions: { relation: Model.HasManyRelation, modelClass: PlanningGroupSubscriptionModel, join: { from: 'planning_groups.id', to: 'planning_group_subscriptions.planning_group_id' } },
    lessonPlanningGroups: { relation: Model.HasManyRelation, modelClass: LessonPlanningGroupModel, join: { from: 'planning_groups.id', to: 'lesson_planning_groups.planning_group_id' } },
  });
}

/** `planning_group_subject_lines` (20261220000100_planning). */
export class PlanningGroupSubjectLineModel extends Model {
  static override tableName = 'planning_group_subject_lines';
  declare id: string;
  declare planning_group_id: string;
  declare school_subject_id: string;
  declare hours: string;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    planningGroup: { relation: Model.BelongsToOneRelation, modelClass: PlanningGroupModel, join: { from: 'planning_group_subject_lines.planning_group_id', to: 'planning_groups.id' } },
  });
}

/** `planning_group_subscriptions` (20261220000100_planning). */
export class PlanningGroupSubscriptionModel extends Model {
  static override tableName = 'planning_group_subscriptions';
  declare id: string;
  declare planning_group_id: string;
  declare student_registration_id: string;
  declare created_at: Date;
  static override relationMappings = (): RelationMappings => ({
    planningGroup: { relation: Model.BelongsToOneRelation, modelClass: PlanningGroupModel, join: { from: 'planning_group_subscriptions.planning_group_id', to: 'planning_groups.id' } },
  });
}

/** `lessons` (20261220000100_planning). */
export class LessonModel extends Model {
  static override tableName = 'lessons';
  declare id: string;
  declare campus_id: string;
  declare training_session_id: string | null;
  declare start_at: Date;
  declare end_at: Date;
  declare remote: string;
  declare lesson_type: string;
  declare status: string;
  declare cancellation_type: string | null;
  declare cancel_desc: string | null;
  declare description: string | null;
  declare school_subject_id: string | null;
  declare creation_key: string | null;
  /** How many times its start, end or rooms changed (iCal SEQUENCE). */
  declare sequence: number;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    lessonTeachers: { relation: Model.HasManyRelation, modelClass: LessonTeacherModel, join: { from: 'lessons.id', to: 'lesson_teachers.lesson_id' } },
    lessonRooms: { relation: Model.HasManyRelation, modelClass: LessonRoomModel, join: { from: 'lessons.id', to: 'lesson_rooms.lesson_id' } },
    lessonPlanningGroups: { relation: Model.HasManyRelation, modelClass: LessonPlanningGroupModel, join: { from: 'lessons.id', to: 'lesson_planning_groups.lesson_id' } },
  });
}

/** `lesson_teachers` (20261220000100_planning). */
export class LessonTeacherModel extends Model {
  static override tableName = 'lesson_teachers';
  static override idColumn = ['lesson_id', 'teacher_id'];
  declare lesson_id: string;
  declare teacher_id: string;
  declare teacher_contract_id: string | null;
  declare period: unknown;
  declare active: boolean;
  static override relationMappings = (): RelationMappings => ({
    lesson: { relation: Model.BelongsToOneRelation, modelClass: LessonModel, join: { from: 'lesson_teachers.lesson_id', to: 'lessons.id' } },
  });
}

/** `lesson_rooms` (20261220000100_planning). */
export class LessonRoomModel extends Model {
  static override tableName = 'lesson_rooms';
  static override idColumn = ['lesson_id', 'room_id'];
  declare lesson_id: string;
  declare room_id: string;
  declare period: unknown;
  declare active: boolean;
  static override relationMappings = (): RelationMappings => ({
    lesson: { relation: Model.BelongsToOneRelation, modelClass: LessonModel, join: { from: 'lesson_rooms.lesson_id', to: 'lessons.id' } },
  });
}

/** `lesson_planning_groups` (20261220000100_planning). */
export class LessonPlanningGroupModel extends Model {
  static override tableName = 'lesson_planning_groups';
  static override idColumn = ['lesson_id', 'planning_group_id'];
  declare lesson_id: string;
  declare planning_group_id: string;
  declare period: unknown;
  declare active: boolean;
  static override relationMappings = (): RelationMappings => ({
    lesson: { relation: Model.BelongsToOneRelation, modelClass: LessonModel, join: { from: 'lesson_planning_groups.lesson_id', to: 'lessons.id' } },
    planningGroup: { relation: Model.BelongsToOneRelation, modelClass: PlanningGroupModel, join: { from: 'lesson_planning_groups.planning_group_id', to: 'planning_groups.id' } },
  });
}

/** `room_bookings` (20261220000100_planning). */
export class RoomBookingModel extends Model {
  static override tableName = 'room_bookings';
  declare id: string;
  declare room_id: string;
  declare campus_id: string;
  declare start_at: Date;
  declare end_at: Date;
  declare title: string;
  declare description: string | null;
  declare booked_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `trainer_constraints` (20261220000100_planning). */
export class TrainerConstraintModel extends Model {
  static override tableName = 'trainer_constraints';
  declare id: string;
  declare teacher_id: string;
  declare all_day: boolean;
  declare start_at: Date;
  declare end_at: Date;
  declare description: string | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `training_group_work_studies` (20261220000100_planning). */
export class TrainingGroupWorkStudyModel extends Model {
  static override tableName = 'training_group_work_studies';
  declare id: string;
  declare training_group_id: string;
  declare start_date: string;
  declare end_date: string;
  declare type: string;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `planning_runs` (20261220000100_planning). */
export class PlanningRunModel extends Model {
  static override tableName = 'planning_runs';
  static override idColumn = 'run_id';
  declare run_id: string;
  declare kind: string;
  declare campus_id: string | null;
  declare started_by: string | null;
  declare request: unknown;
  declare undone_by: string | null;
  declare created_at: Date;
}

/** `planning_run_items` (20261220000100_planning). */
export class PlanningRunItemModel extends Model {
  static override tableName = 'planning_run_items';
  static override idColumn = ['run_id', 'seq'];
  declare run_id: string;
  declare seq: number;
  declare status: string;
  declare lesson_id: string | null;
  declare start_at: Date | null;
  declare end_at: Date | null;
  declare reason: unknown;
  declare before: unknown;
}

/** `planning_calendar_feeds` (20261220000700_calendar_feeds). */
export class PlanningCalendarFeedModel extends Model {
  static override tableName = 'planning_calendar_feeds';
  declare id: string;
  declare subject_kind: 'teacher' | 'student' | 'room';
  declare subject_id: string;
  declare campus_id: string | null;
  declare token_hash: string;
  declare created_by: string | null;
  declare created_at: Date;
  declare revoked_at: Date | null;
  /** The ETag last served, and since when the feed's content is that one (its Last-Modified). */
  declare served_etag: string | null;
  declare served_since: Date | null;
}
