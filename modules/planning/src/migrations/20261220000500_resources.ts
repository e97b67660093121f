import type { Migration } from '@alterna/core';

/**
 * The resources area's own schema: the occupancy plan reads a campus's bookings over a period, so one GiST
 * index answers "campus = ? AND period && ?" (the exclusion constraint's index is by room).
 */
export const resourcesSchema: Migration = {
  name: '20261220000500_resources',
  async up(knex) {
    await knex.raw('CREATE INDEX IF NOT EXISTS room_bookings_campus_period ON room_bookings USING gist (campus_id, period)');
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS room_bookings_campus_period');
  },
};
