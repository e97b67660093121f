import type { CoreDeps } from '@alterna/core';

/**
 * "Lessons scheduled in the room" and "campus cannot be removed while used" (SPEC §8): lessons and bookings
 * hold their rooms, lessons, bookings and planning groups their campus. One set query per table.
 */
export function registerUsage(core: CoreDeps): void {
  const usage = core.module('training-centre').usage;
  const countBy = async (tables: [string, string][], ids: string[]) => {
    const counts = new Map<string, number>();
    if (!ids.length) return counts;
    for (const [table, column] of tables) {
      const rows: { id: string; count: string | number }[] = await core.knex(table).select({ id: column }).count({ count: '*' }).whereIn(column, ids).groupBy(column);
      for (const row of rows) counts.set(row.id, (counts.get(row.id) ?? 0) + Number(row.count));
    }
    return counts;
  };
  usage.registerRoomUsage((ids) => countBy([['lesson_rooms', 'room_id'], ['room_bookings', 'room_id']], ids));
  usage.registerCampusUsage((ids) => countBy([['lessons', 'campus_id'], ['room_bookings', 'campus_id'], ['planning_groups', 'campus_id']], ids));
}
