import type { Migration } from '@alterna/core';

/**
 * A training's plan for a session: the certifier base (blocks whose variant is null) and named variants,
 * each with its own blocks. Blocks hold school subjects with hours. Deleting a variant deletes its blocks,
 * deleting a block deletes its subjects (SPEC §4): the foreign keys cascade.
 */
export const trainingPlans: Migration = {
  name: '20261201000300_training_plans',
  async up(knex) {
    await knex.schema.createTable('training_plans', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('CASCADE');
      t.uuid('training_session_id').notNullable().references('training_sessions.id').onDelete('RESTRICT').index();
      t.unique(['training_id', 'training_session_id']);
      t.timestamps(true, true);
    });
    await knex.schema.createTable('training_plan_variants', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('training_plan_id').notNullable().references('training_plans.id').onDelete('CASCADE');
      t.string('name', 120).notNullable();
      t.check("btrim(name) <> ''", [], 'training_plan_variants_named');
    });
    await knex.raw('CREATE UNIQUE INDEX training_plan_variants_name_unique ON training_plan_variants (training_plan_id, lower(name))');
    await knex.schema.createTable('training_plan_blocks', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('training_plan_id').notNullable().references('training_plans.id').onDelete('CASCADE').index();
      // Null: a block of the certifier base.
      t.uuid('variant_id').nullable().references('training_plan_variants.id').onDelete('CASCADE').index();
      t.string('name', 160).notNullable();
      t.integer('position').notNullable().defaultTo(0);
    });
    await knex.schema.createTable('training_plan_subjects', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('block_id').notNullable().references('training_plan_blocks.id').onDelete('CASCADE').index();
      t.uuid('school_subject_id').notNullable().references('school_subjects.id').onDelete('RESTRICT').index();
      t.decimal('hours', 7, 2).notNullable();
      t.integer('position').notNullable().defaultTo(0);
      t.check('hours > 0', [], 'training_plan_subjects_hours');
    });
  },
  async down(knex) {
    for (const table of ['training_plan_subjects', 'training_plan_blocks', 'training_plan_variants', 'training_plans']) await knex.schema.dropTable(table);
  },
};
