import type { Actor, CoreDeps, Knex } from '@alterna/core';
import type { Visibility } from '@alterna/identity';
import type { TrainingsServices } from '@alterna/trainings';
import type { TrainingCentreServices } from '@alterna/training-centre';
import { teacherTypologies } from '../permissions.js';

/** What every service of the module shares: the core, the sibling modules' services and the campus checks. */
export interface ServiceContext {
  core: CoreDeps;
  knex: Knex;
  trainings(): TrainingsServices;
  trainingCentre(): TrainingCentreServices;
  /** Identity's answer to which people are on which campuses. */
  visibility(): Visibility;
  /** Campuses where the actor holds the permission, narrowed to campusList when given; Access Denied when none at all. */
  campusesFor(actor: Actor | null, permission: string, campusList?: readonly string[] | null): string[];
  /** Campuses of each actor where it holds one of the typologies (one set query; every id a key). */
  campusesOfActors(actorIds: readonly string[], typologies: readonly string[], trx?: Knex): Promise<Map<string, string[]>>;
}

export function serviceContext(core: CoreDeps): ServiceContext {
  return {
    core,
    knex: core.knex,
    trainings: () => core.module('trainings'),
    trainingCentre: () => core.module('training-centre'),
    visibility: () => core.module('identity').visibility,
    campusesFor: (actor, permission, campusList) => core.permissions.campusesOrDeny(actor, permission, campusList),
    campusesOfActors: (actorIds, typologies, trx = core.knex) => core.module('identity').visibility.campusesOf(actorIds, typologies, trx),
  };
}

export { teacherTypologies };

export { dateText } from '@alterna/core';

/** NUMERIC columns come back as strings from pg. */
export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}
