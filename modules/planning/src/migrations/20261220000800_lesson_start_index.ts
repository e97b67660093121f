import type { Migration } from '@alterna/core';

/**
 * Reads of a period by start (attendance statistics of a month, a teacher's day) scanned every lesson: the GiST
 * index on (campus, period) serves overlaps, not a range of starts. Measured: bench `stats` at 2M attendance lines.
 */
export const lessonStartIndex: Migration = {
  name: '20261220000800_lesson_start_index',
  async up(knex) {
    await knex.raw('CREATE INDEX IF NOT EXISTS lessons_start_at ON lessons (start_at)');
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS lessons_start_at');
  },
};
