import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningServices } from '../services/index.js';

/** The teacher's and the student's timetable: a week of their own lessons. */
export const timetableRoutes: RouteDefinition<PlanningServices>[] = [
  {
    name: 'planning_my_timetable', method: 'get', permission: perm.ownTimetable,
    path: { en: '/planning/my-timetable', fr: '/planification/mon-emploi-du-temps' },
    handler: ({ actor, services, query, t }) => services.timetable.week(actor, services.timetable.dayParam(query.week, t)),
  },
];
