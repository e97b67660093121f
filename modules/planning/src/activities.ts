import type { CoreDeps } from '@alterna/core';
import type { PlanningServices } from './services/index.js';

// Placeholder: replaced by the bulk helper (what the planning workflows call; each activity safe to retry).
export function planningActivities(_services: PlanningServices, _core: CoreDeps): Record<string, (...args: any[]) => Promise<unknown>> {
  return {};
}
