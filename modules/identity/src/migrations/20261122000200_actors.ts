import { typologies, type Migration } from '@alterna/core';

/** Actors, their typologies and campus access rules, login sessions and login attempts. */
export const actors: Migration = {
  name: '20261122000200_actors',
  async up(knex) {
    await knex.schema.createTable('actor_typologies', (t) => {
      t.string('reference', 40).primary();
      t.string('name', 80).notNullable();
    });
    await knex('actor_typologies').insert(typologies.map((reference) => ({ reference, name: reference })));
    await knex.schema.createTable('actors', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('first_name', 100).notNullable();
      t.string('last_name', 100).notNullable();
      t.string('email', 254).notNullable();
      t.string('password_hash', 255).nullable();
      t.string('language', 2).nullable();
      t.boolean('archived').notNullable().defaultTo(false);
      t.timestamps(true, true);
    });
    await knex.raw('CREATE UNIQUE INDEX actors_email_unique ON actors (lower(email))');
    await knex.raw('CREATE INDEX actors_names ON actors (lower(last_name), lower(first_name))');
    await knex.schema.createTable('actor_access_rules', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('actor_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.string('typology', 40).notNullable().references('actor_typologies.reference');
      t.unique(['actor_id', 'campus_id', 'typology']);
    });
    await knex.schema.createTable('sessions', (t) => {
      // The cookie carries a random token; only its SHA-256 is stored.
      t.string('token_hash', 64).primary();
      t.uuid('actor_id').notNullable().references('actors.id').onDelete('CASCADE').index();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable().index();
    });
    await knex.schema.createTable('login_attempts', (t) => {
      t.bigIncrements('id');
      t.string('key', 300).notNullable();
      t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['key', 'attempted_at']);
    });
  },
  async down(knex) {
    for (const table of ['login_attempts', 'sessions', 'actor_access_rules', 'actors', 'actor_typologies']) await knex.schema.dropTable(table);
  },
};
