import { readViewsMigration } from '@alterna/core';

/**
 * A room with where it is: its building, site and campus, with their names. Planning reads rooms this way (conflict
 * checks, the calendar's rooms, occupancy, bookings, references of bulk runs); it replaces the three table copies of
 * rooms, buildings and sites it joined each time. Left joins on the buildings' and sites' keys (every room has both),
 * so PostgreSQL leaves them out of a query that reads only the room's own columns.
 */
const views = {
  training_centre_room_places: `SELECT r.id, r.name, r.size, r.building_id, b.name AS building_name, b.site_id, s.name AS site_name, s.campus_id
    FROM rooms r LEFT JOIN buildings b ON b.id = r.building_id LEFT JOIN sites s ON s.id = b.site_id`,
};

const retired = {
  training_centre_sites: 'SELECT id, campus_id, name, address FROM sites',
  training_centre_buildings: 'SELECT id, site_id, name FROM buildings',
  training_centre_rooms: 'SELECT id, building_id, name, size FROM rooms',
};

export const roomPlacesReadView = readViewsMigration('20270320000200_room_places_read_view', views, retired);
