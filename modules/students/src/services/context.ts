import type { Actor, CoreDeps } from '@alterna/core';
import type { Visibility } from '@alterna/identity';
import { todayIn } from '../rules/age.js';

/** What every service of the module shares: the core, the clock, and the campus checks. */
export interface ServiceContext {
  core: CoreDeps;
  today(): string;
  /** Identity's answer to which people are on which campuses. */
  visibility(): Visibility;
  /** Campuses where the actor holds the permission; Access Denied when none (e.g. a teacher). */
  campusesFor(actor: Actor | null, permission: string): string[];
  /** Throws unless the actor holds the permission on every campus given (and on one at least). */
  assertOnAll(actor: Actor | null, permission: string, campusIds: readonly string[]): asserts actor is Actor;
}

export function serviceContext(core: CoreDeps, today: () => string = () => todayIn()): ServiceContext {
  return {
    core,
    today,
    visibility: () => core.module('identity').visibility,
    campusesFor: (actor, permission) => core.permissions.campusesOrDeny(actor, permission),
    assertOnAll: (actor, permission, campusIds) => core.permissions.assertOnAll(actor, permission, campusIds),
  };
}

export { dateText } from '@alterna/core';
