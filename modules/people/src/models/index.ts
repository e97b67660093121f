import { Model, type RelationMappings } from '@alterna/core';

// objection models of the people module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `corporations` (20261124000100_corporations). */
export class CorporationModel extends Model {
  static override tableName = 'corporations';
  declare id: string;
  declare name: string;
  declare short_name: string | null;
  declare siret: string | null;
  declare street_address: string | null;
  declare address_supplement: string | null;
  declare postal_code: string | null;
  declare address_locality: string | null;
  declare address_country: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    corporationPeople: { relation: Model.HasManyRelation, modelClass: CorporationPeopleModel, join: { from: 'corporations.id', to: 'corporation_people.corporation_id' } },
  });
}

/** `corporation_people` (20261124000100_corporations). */
export class CorporationPeopleModel extends Model {
  static override tableName = 'corporation_people';
  declare id: string;
  declare corporation_id: string;
  declare actor_id: string;
  declare role: string;
  static override relationMappings = (): RelationMappings => ({
    corporation: { relation: Model.BelongsToOneRelation, modelClass: CorporationModel, join: { from: 'corporation_people.corporation_id', to: 'corporations.id' } },
  });
}
