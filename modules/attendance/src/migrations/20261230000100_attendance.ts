import type { Migration } from '@alterna/core';
import { lineStatuses, signatureMethods } from '../validation/index.js';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Attendance: one sheet per lesson, one line per student of the lesson's planning groups, and the signatures,
 * each chained to the sheet's previous one by a hash (SPEC §3 AttendanceSheet; issue #11).
 */
export const attendance: Migration = {
  name: '20261230000100_attendance',
  async up(knex) {
    await knex.schema.createTable('attendance_sheets', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // One sheet per lesson: opening twice answers the same sheet.
      t.uuid('lesson_id').notNullable().unique().references('lessons.id').onDelete('RESTRICT');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('opened_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.uuid('closed_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('closed_at', { useTz: true }).nullable();
      // The key of the rotating QR codes: stays on the server, never in a page.
      t.binary('qr_secret').notNullable();
      t.timestamps(true, true);
    });

    await knex.schema.createTable('attendance_lines', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('sheet_id').notNullable().references('attendance_sheets.id').onDelete('CASCADE');
      t.uuid('student_registration_id').notNullable().references('student_registrations.id').onDelete('RESTRICT').index();
      t.uuid('student_id').notNullable().references('actors.id').onDelete('RESTRICT').index();
      // Null until marked; closing the sheet makes an unmarked line absent.
      t.string('status', 24).nullable();
      t.timestamp('arrived_at', { useTz: true }).nullable();
      t.timestamp('left_at', { useTz: true }).nullable();
      t.timestamp('exit_from', { useTz: true }).nullable();
      t.timestamp('exit_to', { useTz: true }).nullable();
      t.text('comment').nullable();
      // When the student scanned the lesson's QR code (then signs on their own phone).
      t.timestamp('checked_in_at', { useTz: true }).nullable();
      t.uuid('marked_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.unique(['sheet_id', 'student_registration_id']);
    });
    await knex.raw(`ALTER TABLE attendance_lines ADD CONSTRAINT attendance_lines_status CHECK (status IS NULL OR status IN (${list(lineStatuses)}))`);
    await knex.raw('ALTER TABLE attendance_lines ADD CONSTRAINT attendance_lines_exit CHECK (exit_from IS NULL OR exit_to IS NULL OR exit_from < exit_to)');

    await knex.schema.createTable('attendance_signatures', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('sheet_id').notNullable().references('attendance_sheets.id').onDelete('CASCADE');
      // The student's line; null for the teacher's closing signature.
      t.uuid('line_id').nullable().references('attendance_lines.id').onDelete('CASCADE');
      t.uuid('lesson_id').notNullable();
      t.uuid('signer_id').notNullable().references('actors.id').onDelete('RESTRICT');
      // Who sent it when it is not the signer (a student signing on the teacher's tablet).
      t.uuid('recorded_by').nullable().references('actors.id').onDelete('RESTRICT');
      t.string('method', 12).notNullable();
      t.timestamp('signed_at', { useTz: true }).notNullable();
      t.string('ip', 64).nullable();
      t.text('user_agent').nullable();
      t.jsonb('strokes').nullable();
      t.text('svg').nullable();
      // What the teacher's closing signature vouches for: a digest of every line as closed.
      t.string('lines_digest', 64).nullable();
      t.integer('seq').notNullable();
      t.string('previous_hash', 64).nullable();
      t.string('hash', 64).notNullable();
      t.unique(['sheet_id', 'seq']);
    });
    await knex.raw(`ALTER TABLE attendance_signatures ADD CONSTRAINT attendance_signatures_method CHECK (method IN (${list(signatureMethods)}))`);
    // Signing twice is idempotent: one signature per line, one closing signature per sheet.
    await knex.raw('CREATE UNIQUE INDEX attendance_signatures_line ON attendance_signatures (line_id) WHERE line_id IS NOT NULL');
    await knex.raw('CREATE UNIQUE INDEX attendance_signatures_closing ON attendance_signatures (sheet_id) WHERE line_id IS NULL');
  },
  async down(knex) {
    for (const table of ['attendance_signatures', 'attendance_lines', 'attendance_sheets']) await knex.schema.dropTableIfExists(table);
  },
};
