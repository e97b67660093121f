import type { CoreDeps, Knex, PermissionMatrix } from '@alterna/core';
import type { AttendanceHook } from './attendance.js';
import type { PlanningServices } from './index.js';

/** What every planning service factory receives. */
export interface PlanningDeps {
  core: CoreDeps;
  knex: Knex;
  permissions: PermissionMatrix;
  attendance: AttendanceHook;
  /** The sibling services, resolved lazily (factories run before all of them exist). */
  services(): PlanningServices;
}
