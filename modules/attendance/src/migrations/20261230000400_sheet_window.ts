import type { Migration } from '@alterna/core';

/**
 * When a lesson's sheet takes attendance (issue #24), per campus: how many minutes before the lesson's start it
 * opens, and for how many days after its end its teachers still change it. A campus without a row has the
 * defaults (validation/sheet-window.ts: 30 minutes, 7 days).
 */
export const sheetWindow: Migration = {
  name: '20261230000400_sheet_window',
  async up(knex) {
    await knex.schema.createTable('attendance_sheet_settings', (t) => {
      t.uuid('campus_id').primary().references('campuses.id').onDelete('CASCADE');
      t.integer('opens_before_minutes').notNullable();
      t.integer('correction_days').notNullable();
      t.uuid('updated_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(`ALTER TABLE attendance_sheet_settings ADD CONSTRAINT attendance_sheet_settings_ranges CHECK (
      opens_before_minutes BETWEEN 0 AND 240 AND correction_days BETWEEN 0 AND 60)`);
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('attendance_sheet_settings');
  },
};
