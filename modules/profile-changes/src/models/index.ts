import { Model } from '@alterna/core';

// objection models of the profile-changes module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `profile_change_requests` (20261125000100_profile_change_requests). */
export class ProfileChangeRequestModel extends Model {
  static override tableName = 'profile_change_requests';
  declare id: string;
  declare actor_id: string;
  declare requested_by: string | null;
  declare campus_id: string;
  declare changes: unknown;
  declare previous: unknown;
  declare status: string;
  declare decided_by: string | null;
  declare decided_at: Date | null;
  declare applied_at: Date | null;
  declare reminded_at: Date | null;
  declare failure_reason: string | null;
  declare expires_at: Date;
  declare created_at: Date;
  declare updated_at: Date;
}
