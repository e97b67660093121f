import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningServices } from '../services/index.js';

/** The lessons part's REST route: deleting a lesson from a calendar (calendarId kept for the answer). */
export const lessonsRoutes: RouteDefinition<PlanningServices>[] = [
  {
    method: 'delete',
    path: { en: '/planning/planning-group/lesson/:id/:calendarId', fr: '/planification/groupe-de-planification/cours/:id/:calendarId' },
    name: 'planning_lesson_delete',
    permission: perm.lessonUpdate,
    uuidParams: ['id', 'calendarId'],
    async handler({ actor, params, services, t }) {
      const { deleted } = await services.lessons.remove(actor, params.id!, t);
      return { deleted, calendarId: params.calendarId };
    },
  },
];
