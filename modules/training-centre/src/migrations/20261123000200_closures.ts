import type { Migration } from '@alterna/core';

/** Campus closures (ScheduleCampusClosure): days the planning skips, with public holidays. */
export const closures: Migration = {
  name: '20261123000200_closures',
  async up(knex) {
    await knex.schema.createTable('schedule_campus_closures', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('CASCADE');
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.string('type', 40).notNullable();
      t.string('name', 120).nullable();
      t.timestamps(true, true);
      t.check('start_date <= end_date', [], 'schedule_campus_closures_start_not_after_end');
      t.index(['campus_id', 'start_date']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('schedule_campus_closures');
  },
};
