import { Model, type RelationMappings } from '@alterna/core';

// objection models of the training-centre module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `campuses` (20261122000100_campuses). */
export class CampusModel extends Model {
  static override tableName = 'campuses';
  declare id: string;
  declare name: string;
  declare open_days: unknown;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    sites: { relation: Model.HasManyRelation, modelClass: SiteModel, join: { from: 'campuses.id', to: 'sites.campus_id' } },
    modelTimeSlots: { relation: Model.HasManyRelation, modelClass: ModelTimeSlotModel, join: { from: 'campuses.id', to: 'model_time_slots.campus_id' } },
    scheduleCampusClosures: { relation: Model.HasManyRelation, modelClass: ScheduleCampusClosureModel, join: { from: 'campuses.id', to: 'schedule_campus_closures.campus_id' } },
  });
}

/** `sites` (20261122000100_campuses). */
export class SiteModel extends Model {
  static override tableName = 'sites';
  declare id: string;
  declare campus_id: string;
  declare name: string;
  declare address: string | null;
  static override relationMappings = (): RelationMappings => ({
    campus: { relation: Model.BelongsToOneRelation, modelClass: CampusModel, join: { from: 'sites.campus_id', to: 'campuses.id' } },
    buildings: { relation: Model.HasManyRelation, modelClass: BuildingModel, join: { from: 'sites.id', to: 'buildings.site_id' } },
  });
}

/** `buildings` (20261122000100_campuses). */
export class BuildingModel extends Model {
  static override tableName = 'buildings';
  declare id: string;
  declare site_id: string;
  declare name: string;
  static override relationMappings = (): RelationMappings => ({
    site: { relation: Model.BelongsToOneRelation, modelClass: SiteModel, join: { from: 'buildings.site_id', to: 'sites.id' } },
    rooms: { relation: Model.HasManyRelation, modelClass: RoomModel, join: { from: 'buildings.id', to: 'rooms.building_id' } },
  });
}

/** `rooms` (20261122000100_campuses). */
export class RoomModel extends Model {
  static override tableName = 'rooms';
  declare id: string;
  declare building_id: string;
  declare name: string;
  declare size: number;
  static override relationMappings = (): RelationMappings => ({
    building: { relation: Model.BelongsToOneRelation, modelClass: BuildingModel, join: { from: 'rooms.building_id', to: 'buildings.id' } },
  });
}

/** `model_time_slots` (20261123000100_time_slots). */
export class ModelTimeSlotModel extends Model {
  static override tableName = 'model_time_slots';
  declare id: string;
  declare campus_id: string;
  declare name: string;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    campus: { relation: Model.BelongsToOneRelation, modelClass: CampusModel, join: { from: 'model_time_slots.campus_id', to: 'campuses.id' } },
    timeSlots: { relation: Model.HasManyRelation, modelClass: TimeSlotModel, join: { from: 'model_time_slots.id', to: 'time_slots.model_time_slot_id' } },
  });
}

/** `time_slots` (20261123000100_time_slots). */
export class TimeSlotModel extends Model {
  static override tableName = 'time_slots';
  declare id: string;
  declare model_time_slot_id: string;
  declare start_time: string;
  declare end_time: string;
  static override relationMappings = (): RelationMappings => ({
    modelTimeSlot: { relation: Model.BelongsToOneRelation, modelClass: ModelTimeSlotModel, join: { from: 'time_slots.model_time_slot_id', to: 'model_time_slots.id' } },
  });
}

/** `schedule_campus_closures` (20261123000200_closures). */
export class ScheduleCampusClosureModel extends Model {
  static override tableName = 'schedule_campus_closures';
  declare id: string;
  declare campus_id: string;
  declare start_date: string;
  declare end_date: string;
  declare type: string;
  declare name: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    campus: { relation: Model.BelongsToOneRelation, modelClass: CampusModel, join: { from: 'schedule_campus_closures.campus_id', to: 'campuses.id' } },
  });
}

/** `campus_organisations` (20270301000100_organisation_identity): the organisation's identity a campus's certificates state. */
export class CampusOrganisationModel extends Model {
  static override tableName = 'campus_organisations';
  static override idColumn = 'campus_id';
  declare campus_id: string;
  declare name: string;
  declare siret: string;
  declare activity_declaration_number: string;
  declare street_address: string;
  declare postal_code: string;
  declare city: string;
  declare created_at: Date;
  declare updated_at: Date;
}
