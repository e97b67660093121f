import type { Migration } from '@alterna/core';

/**
 * The groups area reads a group's lessons by group (is a subject scheduled? can the group be deleted?): the
 * exclusion constraint's GiST index leads with the group too, but a plain btree answers these lookups best.
 */
export const groupsSchema: Migration = {
  name: '20261220000400_groups',
  async up(knex) {
    await knex.raw('CREATE INDEX IF NOT EXISTS lesson_planning_groups_group_lesson ON lesson_planning_groups (planning_group_id, lesson_id)');
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS lesson_planning_groups_group_lesson');
  },
};
