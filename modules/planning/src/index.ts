import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { planning } from './migrations/20261220000100_planning.js';
import { lessonsSchema } from './migrations/20261220000200_lessons.js';
import { bulkSchema } from './migrations/20261220000300_bulk.js';
import { groupsSchema } from './migrations/20261220000400_groups.js';
import { resourcesSchema } from './migrations/20261220000500_resources.js';
import { readViews } from './migrations/20261220000600_read_views.js';
import { calendarFeedsSchema } from './migrations/20261220000700_calendar_feeds.js';
import { lessonStartIndex } from './migrations/20261220000800_lesson_start_index.js';
import { feedVersions } from './migrations/20261220000900_feed_versions.js';
import { lessonRoomNamesView } from './migrations/20261220001100_lesson_room_names_view.js';
import { permissions } from './permissions.js';
import { planningServices, type PlanningServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { graphql } from './graphql/index.js';
import { activities } from './activities.js';
import { registerUsage } from './register.js';
import { seedPlanning } from './seed.js';
import { history } from './history.js';

export type { PlanningServices } from './services/index.js';
export type { AttendanceHook } from './services/attendance.js';
export type { ConflictsService, ConflictCheckOptions } from './services/conflicts.js';
export * from './types.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';
export { loadDemoContext } from './seed-context.js';
export { overlappingPairs, type HeldPeriod } from './rules/lesson-overlaps.js';
export { planDemoTerm, DEMO_DAYS } from './seed-plan.js';

/**
 * Planning: planning groups, lessons (EventLessonSchedule) with conflicts made impossible by the database,
 * bulk create/edit/move/cancel/delete as Temporal workflows, bookings, room occupancy, trainer constraints,
 * work-study periods and planning progress.
 */
export default defineModule<PlanningServices>({
  name: 'planning',
  dependsOn: ['identity', 'training-centre', 'trainings', 'students', 'teaching'],
  migrations: [planning, lessonsSchema, bulkSchema, groupsSchema, resourcesSchema, readViews, calendarFeedsSchema, lessonStartIndex, feedVersions, lessonRoomNamesView],
  locales: { fr, en },
  permissions,
  services: planningServices,
  routes,
  graphql,
  history,
  activities,
  register: ({ core }) => registerUsage(core),
  seed: (services, core, knex) => seedPlanning(services, core, knex),
});
