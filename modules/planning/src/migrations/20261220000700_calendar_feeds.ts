import type { Migration } from '@alterna/core';

/**
 * Live iCal feeds: one private URL per teacher, student or room. Only the SHA-256 of the token is kept, so a
 * leaked database gives no working URL; renewing revokes the previous row, and the partial unique index keeps
 * one live feed per subject.
 */
export const calendarFeedsSchema: Migration = {
  name: '20261220000700_calendar_feeds',
  async up(knex) {
    await knex.schema.createTable('planning_calendar_feeds', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('subject_kind', 10).notNullable();
      // An actor (teacher, student) or a room: no foreign key, the subject table depends on the kind.
      t.uuid('subject_id').notNullable();
      t.uuid('campus_id').nullable().references('campuses.id').onDelete('CASCADE');
      t.string('token_hash', 64).notNullable().unique();
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('revoked_at', { useTz: true }).nullable();
      t.check("subject_kind IN ('teacher', 'student', 'room')", [], 'planning_calendar_feeds_kind');
      t.check("(subject_kind = 'room') = (campus_id IS NOT NULL)", [], 'planning_calendar_feeds_room_campus');
    });
    await knex.raw('CREATE UNIQUE INDEX planning_calendar_feeds_live ON planning_calendar_feeds (subject_kind, subject_id) WHERE revoked_at IS NULL');
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('planning_calendar_feeds');
  },
};
