import { readViewsMigration } from '@alterna/core';

/**
 * Each lesson's room names, sorted, for the attendance sheet's header (issue #25): what the reader needs, not a copy
 * of lesson_rooms (issue #26's boundary test refuses a new table copy). Lessons without a room have no row.
 */
const views = {
  planning_lesson_room_names: `SELECT lr.lesson_id, array_agg(r.name ORDER BY r.name) AS room_names
    FROM lesson_rooms lr JOIN training_centre_room_places r ON r.id = lr.room_id GROUP BY lr.lesson_id`,
};

export const lessonRoomNamesView = readViewsMigration('20261220001100_lesson_room_names_view', views);
