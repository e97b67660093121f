import type { PlanningDeps } from './deps.js';

// Placeholder: replaced by its owner.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OccupancyService {}

export function occupancyService(_deps: PlanningDeps): OccupancyService {
  return {};
}
