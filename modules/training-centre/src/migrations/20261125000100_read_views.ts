import { readViewsMigration } from '@alterna/core';

/**
 * The read views other modules query instead of the training centre's tables (planning's conflict checks and
 * calendar reads, access rules' campus names…): one SQL statement stays possible across modules while the
 * tables stay this module's to change. PostgreSQL inlines a view, so a join through it costs what the table
 * costs. A column added to a table reaches a view only when a migration recreates the view.
 */
const views = {
  training_centre_campuses: 'SELECT id, name, open_days FROM campuses',
  training_centre_sites: 'SELECT id, campus_id, name, address FROM sites',
  training_centre_buildings: 'SELECT id, site_id, name FROM buildings',
  training_centre_rooms: 'SELECT id, building_id, name, size FROM rooms',
  training_centre_closures: 'SELECT id, campus_id, start_date, end_date, type, name FROM schedule_campus_closures',
};

export const readViews = readViewsMigration('20261125000100_read_views', views);
