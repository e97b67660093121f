import type { RouteDefinition } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';

// Placeholder: replaced by its owner.
export const resourcesRoutes: RouteDefinition<PlanningServices>[] = [];
