import { readViewsMigration } from '@alterna/core';

/** A lesson's rooms for other modules (issue #25: attendance's sheet names its room), as the other read views of planning. */
const views = {
  planning_lesson_rooms: 'SELECT lesson_id, room_id FROM lesson_rooms',
};

export const lessonRoomsView = readViewsMigration('20261220001000_lesson_rooms_view', views);
