import { Model } from '@alterna/core';
import type { CoachAttributionsRow, CoachContractsRow, CoachingFollowUpsRow, TeacherContractsRow } from './rows.js';

// objection models of the teaching module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `teacher_contracts` (20261205000100_teachers). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface TeacherContractModel extends TeacherContractsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class TeacherContractModel extends Model {
  static override tableName = 'teacher_contracts';
}

/** `coach_attributions` (20261205000200_coaching). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface CoachAttributionModel extends CoachAttributionsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class CoachAttributionModel extends Model {
  static override tableName = 'coach_attributions';
}

/** `coach_contracts` (20261205000200_coaching). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface CoachContractModel extends CoachContractsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class CoachContractModel extends Model {
  static override tableName = 'coach_contracts';
}

/** `coaching_follow_ups` (20261205000200_coaching). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface CoachingFollowUpModel extends Omit<CoachingFollowUpsRow, 'risks'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class CoachingFollowUpModel extends Model {
  static override tableName = 'coaching_follow_ups';
  declare risks: unknown;
}
