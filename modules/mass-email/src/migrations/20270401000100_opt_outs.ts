import crypto from 'node:crypto';
import type { Migration } from '@alterna/core';

/**
 * Unsubscribing (issue #24, RFC 8058): the people who asked for no more mass e-mail — by lower-cased address, with
 * the person and the campaign whose link they used —, a recipient state 'unsubscribed' on a campaign's ledger, and
 * the key of the signed links when APP_SECRET is not set (a column named `token`: the audit trail masks it).
 */
export const optOuts: Migration = {
  name: '20270401000100_opt_outs',
  async up(knex) {
    await knex.schema.createTable('mass_email_opt_outs', (t) => {
      t.text('email_key').primary();
      t.uuid('actor_id').nullable().references('actors.id').onDelete('SET NULL');
      t.uuid('campaign_id').nullable().references('mass_email_campaigns.id').onDelete('SET NULL');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.check('email_key = lower(email_key)', [], 'mass_email_opt_outs_lower');
    });
    await knex.raw('CREATE INDEX mass_email_opt_outs_actor ON mass_email_opt_outs (actor_id)');
    await knex.schema.createTable('mass_email_link_keys', (t) => {
      t.smallint('id').primary();
      t.text('token').notNullable();
    });
    await knex('mass_email_link_keys').insert({ id: 1, token: crypto.randomBytes(32).toString('base64url') });
    await knex.raw('ALTER TABLE mass_email_recipients DROP CONSTRAINT mass_email_recipients_state');
    await knex.raw('ALTER TABLE mass_email_recipients ALTER COLUMN state TYPE varchar(16)');
    await knex.raw("ALTER TABLE mass_email_recipients ADD CONSTRAINT mass_email_recipients_state CHECK (state IN ('pending', 'sent', 'failed', 'unsubscribed'))");
  },
  async down(knex) {
    await knex.raw("UPDATE mass_email_recipients SET state = 'failed' WHERE state = 'unsubscribed'");
    await knex.raw('ALTER TABLE mass_email_recipients DROP CONSTRAINT mass_email_recipients_state');
    await knex.raw('ALTER TABLE mass_email_recipients ALTER COLUMN state TYPE varchar(8)');
    await knex.raw("ALTER TABLE mass_email_recipients ADD CONSTRAINT mass_email_recipients_state CHECK (state IN ('pending', 'sent', 'failed'))");
    await knex.schema.dropTableIfExists('mass_email_link_keys');
    await knex.schema.dropTableIfExists('mass_email_opt_outs');
  },
};
