import { AccessDeniedError, NotLoggedInError, type Actor, type CoreDeps } from '@alterna/core';
import { todayIn } from '../rules/age.js';

/** What every service of the module shares: the core, the clock, and the campus checks. */
export interface ServiceContext {
  core: CoreDeps;
  today(): string;
  /** Campuses where the actor holds the permission; Access Denied when none (e.g. a teacher). */
  campusesFor(actor: Actor | null, permission: string): string[];
  /** Throws unless the actor holds the permission on every campus given (and on one at least). */
  assertOnAll(actor: Actor | null, permission: string, campusIds: readonly string[]): asserts actor is Actor;
}

export function serviceContext(core: CoreDeps, today: () => string = () => todayIn()): ServiceContext {
  return {
    core,
    today,
    campusesFor(actor, permission) {
      if (!actor) throw new NotLoggedInError();
      const campuses = core.permissions.campusesFor(actor, permission);
      if (!campuses.length) throw new AccessDeniedError();
      return campuses;
    },
    assertOnAll(actor, permission, campusIds) {
      core.permissions.assert(actor, permission);
      for (const campusId of campusIds) core.permissions.assert(actor, permission, campusId);
    },
  };
}

/** DATE columns as 'YYYY-MM-DD' whatever the driver (pg or PGlite) would make of them. */
export function dateText(column: string, alias: string): string {
  return `to_char(${column}, 'YYYY-MM-DD') as ${alias}`;
}
