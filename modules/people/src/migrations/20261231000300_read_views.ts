import { readViewsMigration } from '@alterna/core';

/** Read view other modules query instead of people's tables: who the tutors of a corporation are (attendance alerts). */
const views = {
  people_corporation_people: 'SELECT id, corporation_id, actor_id, role FROM corporation_people',
};

export const readViews = readViewsMigration('20261231000300_read_views', views);
