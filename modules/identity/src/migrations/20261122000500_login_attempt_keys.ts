import type { Migration } from '@alterna/core';

/**
 * A login attempt's key names an e-mail and an address together (up to 254 characters of e-mail and an IPv6
 * address), more than the 300 characters the key was given: text, which PostgreSQL changes without a rewrite.
 */
export const loginAttemptKeys: Migration = {
  name: '20261122000500_login_attempt_keys',
  async up(knex) {
    await knex.schema.alterTable('login_attempts', (t) => {
      t.text('key').notNullable().alter();
    });
  },
  async down(knex) {
    await knex('login_attempts').whereRaw('length(key) > 300').delete();
    await knex.schema.alterTable('login_attempts', (t) => {
      t.string('key', 300).notNullable().alter();
    });
  },
};
