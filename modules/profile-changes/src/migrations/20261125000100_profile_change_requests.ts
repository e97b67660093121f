import type { Migration } from '@alterna/core';

/**
 * Profile-change requests: who asked what change for whom, on which campus, and how it ended. The
 * workflow `profile-change:<id>` is the live process; this row is what the inbox and the requester read.
 */
export const profileChangeRequests: Migration = {
  name: '20261125000100_profile_change_requests',
  async up(knex) {
    await knex.schema.createTable('profile_change_requests', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // The person whose profile changes, and who filed it (the same person, or a staff member).
      t.uuid('actor_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.uuid('requested_by').nullable().references('actors.id').onDelete('SET NULL');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('CASCADE').index();
      // Only the fields that change: { firstName?, lastName?, email? }, and their values when filed.
      t.jsonb('changes').notNullable();
      t.jsonb('previous').notNullable();
      t.string('status', 20).notNullable().defaultTo('pending');
      t.uuid('decided_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('decided_at', { useTz: true }).nullable();
      // Set once by the apply activity, which makes a retried apply a no-op.
      t.timestamp('applied_at', { useTz: true }).nullable();
      t.timestamp('reminded_at', { useTz: true }).nullable();
      // An i18n key saying why an approved change could not be applied.
      t.string('failure_reason', 120).nullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamps(true, true);
    });
    await knex.raw(`ALTER TABLE profile_change_requests ADD CONSTRAINT profile_change_requests_status
      CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'failed', 'cancelled'))`);
    // One open request per person: a second one would race the first on the same fields.
    await knex.raw(`CREATE UNIQUE INDEX profile_change_requests_one_pending ON profile_change_requests (actor_id) WHERE status = 'pending'`);
    await knex.raw('CREATE INDEX profile_change_requests_status_created ON profile_change_requests (status, created_at)');
  },
  async down(knex) {
    await knex.schema.dropTable('profile_change_requests');
  },
};
