import type { Migration } from '@alterna/core';

/**
 * Validations of booklet forms (SPEC §4): one row per run (the form's n-th validation, its workflow's business id),
 * one row per signature it needs (who signed, when, from which route), the reminders already sent (once each), and
 * the cancellation (who, when, why, from which route). At most one validation per form is under way or standing.
 */
export const validations: Migration = {
  name: '20270201000200_booklet_validations',
  async up(knex) {
    await knex.schema.createTable('booklet_validations', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('form_id').notNullable().references('booklet_forms.id').onDelete('CASCADE');
      t.integer('run').notNullable();
      t.string('workflow_id', 200).notNullable().unique();
      t.string('status', 20).notNullable().defaultTo('pending');
      t.uuid('requested_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('validated_at', { useTz: true }).nullable();
      t.uuid('pdf_file_id').nullable();
      t.uuid('cancelled_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('cancelled_at', { useTz: true }).nullable();
      t.text('cancel_reason').nullable();
      t.string('cancel_route', 200).nullable();
      t.timestamp('cancellation_mailed_at', { useTz: true }).nullable();
      t.unique(['form_id', 'run']);
      t.check("status IN ('pending', 'validated', 'cancelled')", [], 'booklet_validations_status');
    });
    // Two holders confirming at once: the database keeps one.
    await knex.raw("CREATE UNIQUE INDEX booklet_validations_one_open ON booklet_validations (form_id) WHERE status IN ('pending', 'validated')");

    await knex.schema.createTable('booklet_validation_signatures', (t) => {
      t.uuid('validation_id').notNullable().references('booklet_validations.id').onDelete('CASCADE');
      t.string('role', 20).notNullable();
      t.integer('position').notNullable();
      t.uuid('signer_id').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('signed_at', { useTz: true }).nullable();
      t.string('route', 200).nullable();
      t.primary(['validation_id', 'role']);
      t.check("role IN ('tutor', 'coach', 'student')", [], 'booklet_validation_signatures_role');
    });

    await knex.schema.createTable('booklet_validation_reminders', (t) => {
      t.uuid('validation_id').notNullable().references('booklet_validations.id').onDelete('CASCADE');
      t.string('role', 20).notNullable();
      // 'signatory': the awaited people were reminded; 'staff': the campus staff were told.
      t.string('kind', 20).notNullable();
      t.integer('recipients').notNullable().defaultTo(0);
      t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['validation_id', 'role', 'kind']);
    });
  },
  async down(knex) {
    for (const table of ['booklet_validation_reminders', 'booklet_validation_signatures', 'booklet_validations']) await knex.schema.dropTableIfExists(table);
  },
};
