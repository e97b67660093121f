import { Model } from '@alterna/core';
import type { ProfileChangeRequestsRow } from './rows.js';

// objection models of the profile-changes module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `profile_change_requests` (20261125000100_profile_change_requests). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface ProfileChangeRequestModel extends ProfileChangeRequestsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class ProfileChangeRequestModel extends Model {
  static override tableName = 'profile_change_requests';
}
