import type { Migration } from '@alterna/core';
import { justificationReasons, justificationStatuses } from '../validation/index.js';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A student's justification of absences (SPEC §2 Absences, §5): a reason, the days it covers and a document,
 * accepted or refused by the campus staff. It covers the student's absences of those days: nothing is copied
 * onto the lines, so a late sheet or a changed decision is always reflected.
 */
export const justifications: Migration = {
  name: '20261230000200_justifications',
  async up(knex) {
    await knex.schema.createTable('attendance_justifications', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('student_id').notNullable().references('actors.id').onDelete('RESTRICT');
      // The student's campus when submitted: which staff review it.
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT');
      t.string('reason', 24).notNullable();
      t.text('comment').nullable();
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.uuid('file_id').nullable().references('stored_files.id').onDelete('SET NULL');
      t.string('status', 12).notNullable().defaultTo('submitted');
      t.uuid('decided_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('decided_at', { useTz: true }).nullable();
      t.text('decision_comment').nullable();
      t.timestamps(true, true);
      t.index(['student_id', 'start_date']);
      t.index(['campus_id', 'status']);
    });
    await knex.raw('ALTER TABLE attendance_justifications ADD CONSTRAINT attendance_justifications_dates CHECK (start_date <= end_date)');
    await knex.raw(`ALTER TABLE attendance_justifications ADD CONSTRAINT attendance_justifications_reason CHECK (reason IN (${list(justificationReasons)}))`);
    await knex.raw(`ALTER TABLE attendance_justifications ADD CONSTRAINT attendance_justifications_status CHECK (status IN (${list(justificationStatuses)}))`);
    // Lists and statistics read a campus's closed lines by status.
    await knex.raw('CREATE INDEX attendance_lines_student_status ON attendance_lines (student_id, status)');
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS attendance_lines_student_status');
    await knex.schema.dropTableIfExists('attendance_justifications');
  },
};
