import type { RouteDefinition } from '@alterna/core';
import type { PlacementServices } from '../services/index.js';

/** No route yet: starting a placement, its progress and its proposal come with the workflow (issue #29). */
export const routes: RouteDefinition<PlacementServices>[] = [];
