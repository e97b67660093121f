import type { RouteDefinition } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';
import { bulkRoutes } from './bulk.js';
import { calendarFeedsRoutes } from './calendar-feeds.js';
import { timetableRoutes } from './timetable.js';
import { groupsRoutes } from './groups.js';
import { lessonsRoutes } from './lessons.js';
import { resourcesRoutes } from './resources.js';

/** Every planning route (mounted under /api by the core, most specific first). */
export const routes: RouteDefinition<PlanningServices>[] = [...lessonsRoutes, ...bulkRoutes, ...groupsRoutes, ...resourcesRoutes, ...calendarFeedsRoutes, ...timetableRoutes];
