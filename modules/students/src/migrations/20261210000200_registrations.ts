import type { Migration } from '@alterna/core';

/** Registrations in training groups, their work-study contracts, and the situation the year before (Y-1). */
export const registrations: Migration = {
  name: '20261210000200_registrations',
  async up(knex) {
    await knex.schema.createTable('student_registrations', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('student_id').notNullable().references('students.actor_id').onDelete('CASCADE');
      t.uuid('training_group_id').notNullable().references('training_groups.id').onDelete('RESTRICT').index();
      t.string('student_status', 40).notNullable();
      t.timestamps(true, true);
      t.unique(['student_id', 'training_group_id']);
    });
    await knex.raw(
      "ALTER TABLE student_registrations ADD CONSTRAINT student_registrations_status CHECK (student_status IN ('apprentice', 'professionalisation', 'initial-training', 'continuing-education'))",
    );
    await knex.schema.createTable('student_contracts', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // One contract per registration: the corporation that employs the work-study student that year.
      t.uuid('registration_id').notNullable().unique().references('student_registrations.id').onDelete('CASCADE');
      t.uuid('corporation_id').notNullable().references('corporations.id').onDelete('RESTRICT').index();
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.check('start_date < end_date', [], 'student_contracts_dates');
      t.timestamps(true, true);
    });
    await knex.schema.createTable('student_last_situations', (t) => {
      t.uuid('student_id').primary().references('students.actor_id').onDelete('CASCADE');
      t.string('situation', 40).notNullable();
      t.string('establishment', 200).nullable();
      t.string('diploma', 200).nullable();
      t.timestamps(true, true);
    });
  },
  async down(knex) {
    for (const table of ['student_last_situations', 'student_contracts', 'student_registrations']) await knex.schema.dropTable(table);
  },
};
