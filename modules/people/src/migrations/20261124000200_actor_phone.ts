import type { Migration } from '@alterna/core';

/** Personal information kept by this module on the actor: a phone number (optional). */
export const actorPhone: Migration = {
  name: '20261124000200_actor_phone',
  async up(knex) {
    await knex.schema.alterTable('actors', (t) => {
      t.string('phone', 30).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('actors', (t) => {
      t.dropColumn('phone');
    });
  },
};
