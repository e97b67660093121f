import { Model } from '@alterna/core';
import type { MassEmailCampaignsRow } from './rows.js';

// objection models of the mass e-mail module's tables; services hand them the knex or transaction they were given.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `mass_email_campaigns` (20270201000100_mass_email): a campaign, its content and state. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface CampaignModel extends Omit<MassEmailCampaignsRow, 'status'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class CampaignModel extends Model {
  static override tableName = 'mass_email_campaigns';
  declare status: 'sending' | 'paused' | 'completed' | 'cancelled' | 'failed';
}
