import { Model, type RelationMappings } from '@alterna/core';
import type { CampusesRow, ModelTimeSlotsRow, RoomsRow, ScheduleCampusClosuresRow, TimeSlotsRow } from './rows.js';

// objection models of the training-centre module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `campuses` (20261122000100_campuses). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface CampusModel extends Omit<CampusesRow, 'open_days'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class CampusModel extends Model {
  static override tableName = 'campuses';
  declare open_days: unknown;
  static override relationMappings = (): RelationMappings => ({
    modelTimeSlots: { relation: Model.HasManyRelation, modelClass: ModelTimeSlotModel, join: { from: 'campuses.id', to: 'model_time_slots.campus_id' } },
    scheduleCampusClosures: { relation: Model.HasManyRelation, modelClass: ScheduleCampusClosureModel, join: { from: 'campuses.id', to: 'schedule_campus_closures.campus_id' } },
  });
}

/** `rooms` (20261122000100_campuses). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface RoomModel extends RoomsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class RoomModel extends Model {
  static override tableName = 'rooms';
}

/** `model_time_slots` (20261123000100_time_slots). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ModelTimeSlotModel extends ModelTimeSlotsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ModelTimeSlotModel extends Model {
  static override tableName = 'model_time_slots';
  static override relationMappings = (): RelationMappings => ({
    campus: { relation: Model.BelongsToOneRelation, modelClass: CampusModel, join: { from: 'model_time_slots.campus_id', to: 'campuses.id' } },
    timeSlots: { relation: Model.HasManyRelation, modelClass: TimeSlotModel, join: { from: 'model_time_slots.id', to: 'time_slots.model_time_slot_id' } },
  });
}

/** `time_slots` (20261123000100_time_slots). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface TimeSlotModel extends TimeSlotsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class TimeSlotModel extends Model {
  static override tableName = 'time_slots';
  static override relationMappings = (): RelationMappings => ({
    modelTimeSlot: { relation: Model.BelongsToOneRelation, modelClass: ModelTimeSlotModel, join: { from: 'time_slots.model_time_slot_id', to: 'model_time_slots.id' } },
  });
}

/** `schedule_campus_closures` (20261123000200_closures). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ScheduleCampusClosureModel extends ScheduleCampusClosuresRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ScheduleCampusClosureModel extends Model {
  static override tableName = 'schedule_campus_closures';
  static override relationMappings = (): RelationMappings => ({
    campus: { relation: Model.BelongsToOneRelation, modelClass: CampusModel, join: { from: 'schedule_campus_closures.campus_id', to: 'campuses.id' } },
  });
}
