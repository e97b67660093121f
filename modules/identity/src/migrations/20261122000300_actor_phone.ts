import type { Migration } from '@alterna/core';

/**
 * The actor's phone number (optional) is identity's column like the rest of `actors`. People added it first
 * (its 20261124000200_actor_phone, kept for the databases that ran it): on those the column is already there.
 */
export const actorPhone: Migration = {
  name: '20261122000300_actor_phone',
  async up(knex) {
    if (await knex.schema.hasColumn('actors', 'phone')) return;
    await knex.schema.alterTable('actors', (t) => {
      t.string('phone', 30).nullable();
    });
  },
  async down(knex) {
    if (!(await knex.schema.hasColumn('actors', 'phone'))) return;
    await knex.schema.alterTable('actors', (t) => {
      t.dropColumn('phone');
    });
  },
};
