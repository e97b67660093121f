import { Model } from '@alterna/core';
import type { PlanningCalendarFeedsRow, RoomBookingsRow, TrainerConstraintsRow, TrainingGroupWorkStudiesRow } from './rows.js';

// objection models of the planning module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `room_bookings` (20261220000100_planning). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface RoomBookingModel extends RoomBookingsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class RoomBookingModel extends Model {
  static override tableName = 'room_bookings';
}

/** `trainer_constraints` (20261220000100_planning). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface TrainerConstraintModel extends TrainerConstraintsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class TrainerConstraintModel extends Model {
  static override tableName = 'trainer_constraints';
}

/** `training_group_work_studies` (20261220000100_planning). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface TrainingGroupWorkStudyModel extends TrainingGroupWorkStudiesRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class TrainingGroupWorkStudyModel extends Model {
  static override tableName = 'training_group_work_studies';
}

/** `planning_calendar_feeds` (20261220000700_calendar_feeds). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface PlanningCalendarFeedModel extends Omit<PlanningCalendarFeedsRow, 'subject_kind'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class PlanningCalendarFeedModel extends Model {
  static override tableName = 'planning_calendar_feeds';
  declare subject_kind: 'teacher' | 'student' | 'room';
  /** The ETag last served, and since when the feed's content is that one (its Last-Modified). */
}
