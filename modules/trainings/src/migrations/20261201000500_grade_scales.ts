import type { Migration } from '@alterna/core';

/** A training's grade scale: its elements, each weighted by a coefficient (SPEC §5). */
export const gradeScales: Migration = {
  name: '20261201000500_grade_scales',
  async up(knex) {
    await knex.schema.createTable('grade_scale_elements', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('CASCADE').index();
      t.string('name', 120).notNullable();
      t.decimal('coefficient', 6, 2).notNullable();
      t.integer('position').notNullable().defaultTo(0);
      t.check('coefficient > 0', [], 'grade_scale_elements_coefficient');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('grade_scale_elements');
  },
};
