import type { Migration } from '@alterna/core';

/** Training groups: a class of a training on a campus for a session, following one variant of the plan. */
export const trainingGroups: Migration = {
  name: '20261201000400_training_groups',
  async up(knex) {
    await knex.schema.createTable('training_groups', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('name', 160).notNullable();
      t.string('short_name', 40).notNullable();
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('training_session_id').notNullable().references('training_sessions.id').onDelete('RESTRICT').index();
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('RESTRICT').index();
      // RESTRICT: a variant followed by a group cannot be removed (SPEC §4).
      t.uuid('variant_id').notNullable().references('training_plan_variants.id').onDelete('RESTRICT').index();
      t.check('start_date < end_date', [], 'training_groups_dates');
      t.timestamps(true, true);
    });
    await knex.raw('CREATE UNIQUE INDEX training_groups_short_name_unique ON training_groups (campus_id, training_session_id, lower(short_name))');
  },
  async down(knex) {
    await knex.schema.dropTable('training_groups');
  },
};
