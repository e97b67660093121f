import type { Migration } from '@alterna/core';

/**
 * Time-slot models of a campus and their slots. Slots of one model never overlap: the rule lives in
 * the database too (an exclusion constraint over the model and the slot's time range), so two
 * concurrent inserts cannot both pass the service's check.
 */
export const timeSlots: Migration = {
  name: '20261123000100_time_slots',
  async up(knex) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await knex.schema.createTable('model_time_slots', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // A campus's own settings: they go with it.
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('CASCADE').index();
      t.string('name', 120).notNullable();
      t.timestamps(true, true);
    });
    await knex.raw('CREATE UNIQUE INDEX model_time_slots_campus_name ON model_time_slots (campus_id, lower(name))');
    await knex.schema.createTable('time_slots', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('model_time_slot_id').notNullable().references('model_time_slots.id').onDelete('CASCADE').index();
      t.time('start_time').notNullable();
      t.time('end_time').notNullable();
      t.check('start_time < end_time', [], 'time_slots_start_before_end');
    });
    // A time of day has no range type: both ends sit on the same arbitrary day to make a tsrange.
    await knex.raw(`
      ALTER TABLE time_slots ADD CONSTRAINT time_slots_no_overlap EXCLUDE USING gist (
        model_time_slot_id WITH =,
        tsrange(DATE '2000-01-01' + start_time, DATE '2000-01-01' + end_time) WITH &&
      )`);
  },
  async down(knex) {
    await knex.schema.dropTable('time_slots');
    await knex.schema.dropTable('model_time_slots');
  },
};
