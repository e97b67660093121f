import type { Migration } from '@alterna/core';

/** Campuses, their sites, buildings and rooms: what the foundation needs for access rules and the demo. */
export const campuses: Migration = {
  name: '20261122000100_campuses',
  async up(knex) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await knex.schema.createTable('campuses', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('name', 120).notNullable().unique();
      // ISO weekdays the campus is open, 1 = Monday.
      t.specificType('open_days', 'smallint[]').notNullable().defaultTo(knex.raw("'{1,2,3,4,5}'"));
      t.timestamps(true, true);
    });
    await knex.schema.createTable('sites', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.string('name', 120).notNullable();
      t.string('address', 255).nullable();
      t.unique(['campus_id', 'name']);
    });
    await knex.schema.createTable('buildings', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('site_id').notNullable().references('sites.id').onDelete('RESTRICT').index();
      t.string('name', 120).notNullable();
      t.unique(['site_id', 'name']);
    });
    await knex.schema.createTable('rooms', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('building_id').notNullable().references('buildings.id').onDelete('RESTRICT').index();
      t.string('name', 120).notNullable();
      t.integer('size').notNullable().defaultTo(0);
      t.unique(['building_id', 'name']);
    });
  },
  async down(knex) {
    for (const table of ['rooms', 'buildings', 'sites', 'campuses']) await knex.schema.dropTable(table);
  },
};
