import type { Migration } from '@alterna/core';

/** The centre's catalogue of school subjects; archived ones stay for history but are no longer offered. */
export const schoolSubjects: Migration = {
  name: '20261201000100_school_subjects',
  async up(knex) {
    await knex.schema.createTable('school_subjects', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('name', 120).notNullable();
      t.string('short_name', 30).notNullable();
      t.string('level', 60).nullable();
      t.string('color', 7).notNullable().defaultTo('#4263eb');
      t.boolean('archived').notNullable().defaultTo(false);
      t.timestamps(true, true);
    });
    await knex.raw('CREATE UNIQUE INDEX school_subjects_short_name_unique ON school_subjects (lower(short_name))');
  },
  async down(knex) {
    await knex.schema.dropTable('school_subjects');
  },
};
