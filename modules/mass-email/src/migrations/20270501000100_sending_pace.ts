import type { Migration } from '@alterna/core';

/**
 * The deployment's sending pace (issue #28): one row holding the next free sending slot, which every worker and
 * campaign takes its slots from, so MASS_EMAIL_RATE_PER_SECOND holds for the deployment, not per campaign.
 */
export const sendingPace: Migration = {
  name: '20270501000100_sending_pace',
  async up(knex) {
    await knex.schema.createTable('mass_email_pace', (t) => {
      t.smallint('id').primary();
      t.timestamp('next_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.check('id = 1', [], 'mass_email_pace_one_row');
    });
    await knex('mass_email_pace').insert({ id: 1 });
  },
  async down(knex) {
    await knex.schema.dropTable('mass_email_pace');
  },
};
