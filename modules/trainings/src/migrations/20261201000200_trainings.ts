import type { Migration } from '@alterna/core';

/** Trainings, the campuses that offer them, and the training sessions (school years) they run in. */
export const trainings: Migration = {
  name: '20261201000200_trainings',
  async up(knex) {
    await knex.schema.createTable('trainings', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('name', 200).notNullable();
      t.string('short_name', 40).notNullable();
      t.boolean('is_published').notNullable().defaultTo(false);
      t.timestamps(true, true);
    });
    await knex.raw('CREATE UNIQUE INDEX trainings_short_name_unique ON trainings (lower(short_name))');
    await knex.schema.createTable('training_campuses', (t) => {
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('CASCADE');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.primary(['training_id', 'campus_id']);
    });
    await knex.schema.createTable('training_sessions', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('name', 60).notNullable().unique();
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.check('start_date < end_date', [], 'training_sessions_dates');
    });
    // Sessions never overlap, so "the session containing today" is at most one.
    await knex.raw("ALTER TABLE training_sessions ADD CONSTRAINT training_sessions_no_overlap EXCLUDE USING gist (daterange(start_date, end_date, '[]') WITH &&)");
  },
  async down(knex) {
    for (const table of ['training_sessions', 'training_campuses', 'trainings']) await knex.schema.dropTable(table);
  },
};
