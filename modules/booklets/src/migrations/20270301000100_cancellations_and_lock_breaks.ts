import type { Migration } from '@alterna/core';

/**
 * Issue #24. The form keeps its last validation's cancellation (who, when, why) so that the form's own history shows
 * it beside its saves, and whose lock was last forced open, so that only that person is told their changes were lost.
 */
export const cancellationsAndLockBreaks: Migration = {
  name: '20270301000100_booklet_cancellations_and_lock_breaks',
  async up(knex) {
    await knex.schema.alterTable('booklet_forms', (t) => {
      t.uuid('validation_cancelled_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('validation_cancelled_at', { useTz: true }).nullable();
      t.text('validation_cancel_reason').nullable();
      t.uuid('lock_broken_holder_id').nullable().references('actors.id').onDelete('SET NULL');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('booklet_forms', (t) => {
      t.dropColumns('validation_cancelled_by', 'validation_cancelled_at', 'validation_cancel_reason', 'lock_broken_holder_id');
    });
  },
};
