import { Model } from '@alterna/core';
import type { TrainingsRow } from './rows.js';

// objection models of the trainings module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `trainings` (20261201000200_trainings). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface TrainingModel extends TrainingsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class TrainingModel extends Model {
  static override tableName = 'trainings';
}
