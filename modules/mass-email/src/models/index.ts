import { Model, type RelationMappings } from '@alterna/core';

// objection models of the mass e-mail module's tables; services hand them the knex or transaction they were given.

/** `mass_email_campaigns` (20270201000100_mass_email): a campaign, its content and state. */
export class CampaignModel extends Model {
  static override tableName = 'mass_email_campaigns';
  declare id: string;
  declare request_id: string;
  declare template_id: string | null;
  declare subject: string;
  declare html: string;
  declare text: string;
  declare criteria: unknown;
  declare campus_ids: string[];
  declare status: 'sending' | 'paused' | 'completed' | 'cancelled' | 'failed';
  declare total: number;
  declare workflow_id: string;
  declare created_by: string | null;
  declare created_at: Date;
  declare finished_at: Date | null;
  static override relationMappings = (): RelationMappings => ({
    recipients: { relation: Model.HasManyRelation, modelClass: RecipientModel, join: { from: 'mass_email_campaigns.id', to: 'mass_email_recipients.campaign_id' } },
  });
}

/** `mass_email_recipients` (20270201000100_mass_email): one recipient of a campaign, its Message-ID and state. */
export class RecipientModel extends Model {
  static override tableName = 'mass_email_recipients';
  static override idColumn = ['campaign_id', 'seq'];
  declare campaign_id: string;
  declare seq: number;
  declare actor_id: string;
  declare email: string;
  declare first_name: string;
  declare last_name: string;
  declare training: string;
  declare group_name: string;
  declare campus: string;
  declare message_id: string;
  declare state: 'pending' | 'sent' | 'failed' | 'unsubscribed';
  declare smtp_response: string | null;
  declare answered_at: Date | null;
}

/** `mass_email_opt_outs` (20270401000100_opt_outs): an address that asked for no more mass e-mail (RFC 8058). */
export class OptOutModel extends Model {
  static override tableName = 'mass_email_opt_outs';
  static override idColumn = 'email_key';
  declare email_key: string;
  declare actor_id: string | null;
  declare campaign_id: string | null;
  declare created_at: Date;
}

/** `mass_email_link_keys` (20270401000100_opt_outs): the key of the signed unsubscribe links when APP_SECRET is not set. */
export class LinkKeyModel extends Model {
  static override tableName = 'mass_email_link_keys';
  declare id: number;
  declare token: string;
}
