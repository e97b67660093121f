import type { PlanningDeps } from './deps.js';

// Placeholder: replaced by its owner.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PlanningGroupsService {}

export function planningGroupsService(_deps: PlanningDeps): PlanningGroupsService {
  return {};
}
