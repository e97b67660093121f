import type { Migration } from '@alterna/core';

/**
 * Indexes of the lessons area. The exclusion constraints' GiST indexes are partial (active links only):
 * reads by room, teacher or planning group that include cancelled lessons (…ByIdWithCancel, progress,
 * the RESTRICT checks when a room or a group is removed) need a plain index on the resource.
 */
export const lessonsSchema: Migration = {
  name: '20261220000200_lessons',
  async up(knex) {
    await knex.raw('CREATE INDEX IF NOT EXISTS lesson_rooms_room ON lesson_rooms (room_id)');
    await knex.raw('CREATE INDEX IF NOT EXISTS lesson_teachers_teacher ON lesson_teachers (teacher_id)');
    await knex.raw('CREATE INDEX IF NOT EXISTS lesson_planning_groups_group ON lesson_planning_groups (planning_group_id)');
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS lesson_planning_groups_group');
    await knex.raw('DROP INDEX IF EXISTS lesson_teachers_teacher');
    await knex.raw('DROP INDEX IF EXISTS lesson_rooms_room');
  },
};
