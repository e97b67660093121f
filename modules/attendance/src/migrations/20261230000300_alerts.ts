import type { Migration } from '@alterna/core';
import { alertKinds } from '../validation/index.js';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Attendance alerts (issue #11): each campus's thresholds, and every crossing found by the daily run, once —
 * the unique key makes a rerun find nothing new, and `mailed_at` records that its e-mails went out.
 */
export const alerts: Migration = {
  name: '20261230000300_alerts',
  async up(knex) {
    await knex.schema.createTable('attendance_alert_settings', (t) => {
      t.uuid('campus_id').primary().references('campuses.id').onDelete('CASCADE');
      t.integer('unjustified_half_days').notNullable();
      t.integer('window_days').notNullable();
      t.integer('consecutive_absences').notNullable();
      t.integer('justify_within_days').notNullable();
      t.uuid('updated_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(`ALTER TABLE attendance_alert_settings ADD CONSTRAINT attendance_alert_settings_ranges CHECK (
      unjustified_half_days BETWEEN 1 AND 100 AND window_days BETWEEN 1 AND 365 AND consecutive_absences BETWEEN 1 AND 50 AND justify_within_days BETWEEN 1 AND 60)`);

    await knex.schema.createTable('attendance_alerts', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('student_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('CASCADE');
      t.string('kind', 32).notNullable();
      // What makes this crossing this one: the half-day or the lesson where the count reached the threshold, or the day.
      t.string('crossing_key', 64).notNullable();
      t.date('day').notNullable();
      t.integer('count').notNullable();
      t.integer('threshold').notNullable();
      t.specificType('recipients', 'text[]').nullable();
      t.timestamp('mailed_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['student_id', 'kind', 'crossing_key']);
      t.index(['campus_id', 'day']);
    });
    await knex.raw(`ALTER TABLE attendance_alerts ADD CONSTRAINT attendance_alerts_kind CHECK (kind IN (${list(alertKinds)}))`);
    await knex.raw('CREATE INDEX attendance_alerts_unmailed ON attendance_alerts (created_at) WHERE mailed_at IS NULL');
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('attendance_alerts');
    await knex.schema.dropTableIfExists('attendance_alert_settings');
  },
};
