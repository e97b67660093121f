import { Model, type RelationMappings } from '@alterna/core';

// objection models of the identity module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `actor_typologies` (20261122000200_actors). */
export class ActorTypologyModel extends Model {
  static override tableName = 'actor_typologies';
  static override idColumn = 'reference';
  declare reference: string;
  declare name: string;
}

/** `actors` (20261122000200_actors). */
export class ActorModel extends Model {
  static override tableName = 'actors';
  declare id: string;
  declare first_name: string;
  declare last_name: string;
  declare email: string;
  declare password_hash: string | null;
  declare phone: string | null;
  declare language: string | null;
  declare archived: boolean;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    actorAccessRules: { relation: Model.HasManyRelation, modelClass: ActorAccessRuleModel, join: { from: 'actors.id', to: 'actor_access_rules.actor_id' } },
    sessions: { relation: Model.HasManyRelation, modelClass: SessionModel, join: { from: 'actors.id', to: 'sessions.actor_id' } },
  });
}

/** `actor_access_rules` (20261122000200_actors). */
export class ActorAccessRuleModel extends Model {
  static override tableName = 'actor_access_rules';
  declare id: string;
  declare actor_id: string;
  declare campus_id: string;
  declare typology: string;
  static override relationMappings = (): RelationMappings => ({
    actor: { relation: Model.BelongsToOneRelation, modelClass: ActorModel, join: { from: 'actor_access_rules.actor_id', to: 'actors.id' } },
  });
}

/** `sessions` (20261122000200_actors). */
export class SessionModel extends Model {
  static override tableName = 'sessions';
  static override idColumn = 'token_hash';
  declare token_hash: string;
  declare actor_id: string;
  declare created_at: Date;
  declare expires_at: Date;
  static override relationMappings = (): RelationMappings => ({
    actor: { relation: Model.BelongsToOneRelation, modelClass: ActorModel, join: { from: 'sessions.actor_id', to: 'actors.id' } },
  });
}

/** `login_attempts` (20261122000200_actors). */
export class LoginAttemptModel extends Model {
  static override tableName = 'login_attempts';
  declare id: number;
  declare key: string;
  declare attempted_at: Date;
}
