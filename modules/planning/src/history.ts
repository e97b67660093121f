import { NotFoundError, type HistoryDeclaration } from '@alterna/core';
import type { PlanningServices } from './services/index.js';

/** A lesson's history (the panel of the lesson dialog): its row and its teachers, rooms and groups. */
export const history: HistoryDeclaration<PlanningServices>[] = [
  {
    kind: 'lesson',
    table: 'lessons',
    related: ['lesson_teachers', 'lesson_rooms', 'lesson_planning_groups'],
    // A lesson of the actor's campuses (cancelled ones too), as the calendar reads it.
    async assertReadable(services, actor, id) {
      const [lesson] = await services.lessons.byIds(actor, [id], null, true);
      if (!lesson) throw new NotFoundError('lesson');
    },
  },
];
