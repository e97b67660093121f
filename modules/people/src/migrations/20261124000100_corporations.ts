import type { Migration } from '@alterna/core';

/**
 * Corporations (companies hosting work-study students), their contacts and tutors. Created first so that
 * student contracts (students module) and teacher companies (teaching module) can reference them.
 */
export const corporations: Migration = {
  name: '20261124000100_corporations',
  async up(knex) {
    await knex.schema.createTable('corporations', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('name', 200).notNullable();
      t.string('short_name', 100).nullable();
      // Stored normalized (no spaces or dashes); unique when present.
      t.string('siret', 14).nullable();
      t.string('street_address', 255).nullable();
      t.string('address_supplement', 255).nullable();
      t.string('postal_code', 10).nullable();
      t.string('address_locality', 120).nullable();
      t.string('address_country', 2).nullable();
      t.timestamps(true, true);
    });
    await knex.raw('CREATE UNIQUE INDEX corporations_siret_unique ON corporations (siret) WHERE siret IS NOT NULL');
    await knex.raw('CREATE UNIQUE INDEX corporations_name_unique ON corporations (lower(btrim(name)))');
    await knex.schema.createTable('corporation_people', (t) => {
      // A contact or a tutor of a corporation is an actor (typology corporation-contact or tutor).
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('corporation_id').notNullable().references('corporations.id').onDelete('CASCADE');
      t.uuid('actor_id').notNullable().references('actors.id').onDelete('CASCADE').index();
      t.string('role', 20).notNullable();
      t.unique(['corporation_id', 'actor_id', 'role']);
    });
    await knex.raw("ALTER TABLE corporation_people ADD CONSTRAINT corporation_people_role CHECK (role IN ('contact', 'tutor'))");
  },
  async down(knex) {
    await knex.schema.dropTable('corporation_people');
    await knex.schema.dropTable('corporations');
  },
};
