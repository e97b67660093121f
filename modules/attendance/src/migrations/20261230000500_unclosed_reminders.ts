import type { Migration } from '@alterna/core';

/**
 * The daily reminder of unclosed sheets (issue #25): one row per teacher and Paris day once their e-mail went out, so a
 * retried activity or a second run of the day sends nothing twice.
 */
export const unclosedReminders: Migration = {
  name: '20261230000500_unclosed_reminders',
  async up(knex) {
    await knex.schema.createTable('attendance_unclosed_reminders', (t) => {
      t.uuid('teacher_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.date('day').notNullable();
      t.integer('lessons').notNullable();
      t.timestamp('mailed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['teacher_id', 'day']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('attendance_unclosed_reminders');
  },
};
