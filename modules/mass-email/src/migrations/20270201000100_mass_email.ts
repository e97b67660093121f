import type { Migration } from '@alterna/core';

/**
 * Mass e-mail (issue #13): one row per campaign (its content, who sent it, its state) and one per (campaign,
 * recipient) — unique by person and by lower-cased address — with the recipient's merge values, a deterministic
 * Message-ID stored before anything is sent, the state written after the SMTP server's answer and that answer.
 */
export const massEmail: Migration = {
  name: '20270201000100_mass_email',
  async up(knex) {
    await knex.schema.createTable('mass_email_campaigns', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // The client's id of the request: a retried click finds the campaign instead of making a second one.
      t.uuid('request_id').notNullable().unique();
      t.uuid('template_id').nullable();
      t.text('subject').notNullable();
      t.text('html').notNullable();
      t.text('text').notNullable();
      t.jsonb('criteria').notNullable();
      // The campuses the recipients were chosen on: who may read the campaign.
      t.specificType('campus_ids', 'uuid[]').notNullable();
      t.string('status', 16).notNullable().defaultTo('sending');
      t.integer('total').notNullable().defaultTo(0);
      t.text('workflow_id').notNullable().unique();
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finished_at', { useTz: true }).nullable();
      t.check("status IN ('sending', 'paused', 'completed', 'cancelled', 'failed')", [], 'mass_email_campaigns_status');
    });

    await knex.schema.createTable('mass_email_recipients', (t) => {
      t.uuid('campaign_id').notNullable().references('mass_email_campaigns.id').onDelete('CASCADE');
      // The order of sending, 0-based: batches are ranges of it.
      t.integer('seq').notNullable();
      t.uuid('actor_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.text('email').notNullable();
      t.text('first_name').notNullable().defaultTo('');
      t.text('last_name').notNullable().defaultTo('');
      t.text('training').notNullable().defaultTo('');
      t.text('group_name').notNullable().defaultTo('');
      t.text('campus').notNullable().defaultTo('');
      t.text('message_id').notNullable().unique();
      t.string('state', 8).notNullable().defaultTo('pending');
      t.text('smtp_response').nullable();
      t.timestamp('answered_at', { useTz: true }).nullable();
      t.primary(['campaign_id', 'seq']);
      t.unique(['campaign_id', 'actor_id']);
      t.check("state IN ('pending', 'sent', 'failed')", [], 'mass_email_recipients_state');
    });
    // A person on two lists, or two accounts with one address, get one message.
    await knex.raw('CREATE UNIQUE INDEX mass_email_recipients_campaign_email ON mass_email_recipients (campaign_id, lower(email))');
    await knex.raw("CREATE INDEX mass_email_recipients_pending ON mass_email_recipients (campaign_id, seq) WHERE state = 'pending'");
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('mass_email_recipients');
    await knex.schema.dropTableIfExists('mass_email_campaigns');
  },
};
