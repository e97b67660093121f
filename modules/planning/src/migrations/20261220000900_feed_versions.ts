import type { Migration } from '@alterna/core';

/**
 * What calendar apps need to follow changes (RFC 5545 SEQUENCE, HTTP validators). A lesson's `sequence` counts its
 * moves: a trigger adds one whenever an UPDATE changes its start or end, whichever path wrote it (a single edit,
 * a bulk move's set UPDATE, an undo); a change of rooms is counted by the writers (services/lesson-sequence.ts),
 * which know the set before and after. A feed keeps the ETag it last served and since when that content stands, so
 * that Last-Modified also moves when a lesson leaves the feed (deleted, or out of its window).
 */
export const feedVersions: Migration = {
  name: '20261220000900_feed_versions',
  async up(knex) {
    await knex.raw('ALTER TABLE lessons ADD COLUMN sequence integer NOT NULL DEFAULT 0');
    await knex.raw(`
      CREATE OR REPLACE FUNCTION planning_lesson_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.sequence := OLD.sequence + 1;
        RETURN NEW;
      END $$`);
    await knex.raw(`CREATE TRIGGER lessons_sequence BEFORE UPDATE OF start_at, end_at ON lessons FOR EACH ROW
      WHEN (OLD.start_at IS DISTINCT FROM NEW.start_at OR OLD.end_at IS DISTINCT FROM NEW.end_at) EXECUTE FUNCTION planning_lesson_sequence()`);
    await knex.schema.alterTable('planning_calendar_feeds', (t) => {
      t.string('served_etag', 64).nullable();
      t.timestamp('served_since', { useTz: true }).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('planning_calendar_feeds', (t) => {
      t.dropColumn('served_since');
      t.dropColumn('served_etag');
    });
    await knex.raw('DROP TRIGGER IF EXISTS lessons_sequence ON lessons');
    await knex.raw('DROP FUNCTION IF EXISTS planning_lesson_sequence()');
    await knex.raw('ALTER TABLE lessons DROP COLUMN IF EXISTS sequence');
  },
};
