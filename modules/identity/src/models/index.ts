import { Model, type RelationMappings } from '@alterna/core';
import type { ActorAccessRulesRow, ActorsRow } from './rows.js';

// objection models of the identity module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `actors` (20261122000200_actors). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ActorModel extends ActorsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ActorModel extends Model {
  static override tableName = 'actors';
  static override relationMappings = (): RelationMappings => ({
    actorAccessRules: { relation: Model.HasManyRelation, modelClass: ActorAccessRuleModel, join: { from: 'actors.id', to: 'actor_access_rules.actor_id' } },
  });
}

/** `actor_access_rules` (20261122000200_actors). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ActorAccessRuleModel extends ActorAccessRulesRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ActorAccessRuleModel extends Model {
  static override tableName = 'actor_access_rules';
  static override relationMappings = (): RelationMappings => ({
    actor: { relation: Model.BelongsToOneRelation, modelClass: ActorModel, join: { from: 'actor_access_rules.actor_id', to: 'actors.id' } },
  });
}
