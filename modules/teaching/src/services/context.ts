import type { Actor, CoreDeps, Knex } from '@alterna/core';
import type { TrainingsServices } from '@alterna/trainings';
import type { TrainingCentreServices } from '@alterna/training-centre';
import { teacherTypologies } from '../permissions.js';

/** What every service of the module shares: the core, the sibling modules' services and the campus checks. */
export interface ServiceContext {
  core: CoreDeps;
  knex: Knex;
  trainings(): TrainingsServices;
  trainingCentre(): TrainingCentreServices;
  /** Campuses where the actor holds the permission, narrowed to campusList when given; Access Denied when none at all. */
  campusesFor(actor: Actor | null, permission: string, campusList?: readonly string[] | null): string[];
  /** Campuses of each actor where it holds one of the typologies (one set query). */
  campusesOfActors(actorIds: readonly string[], typologies: readonly string[], trx?: Knex): Promise<Map<string, string[]>>;
}

export function serviceContext(core: CoreDeps): ServiceContext {
  return {
    core,
    knex: core.knex,
    trainings: () => core.module('trainings'),
    trainingCentre: () => core.module('training-centre'),
    campusesFor: (actor, permission, campusList) => core.permissions.campusesOrDeny(actor, permission, campusList),
    async campusesOfActors(actorIds, typologies, trx = core.knex) {
      const map = new Map<string, string[]>();
      if (!actorIds.length) return map;
      const rows: { actor_id: string; campus_id: string }[] = await trx('identity_actor_access_rules')
        .distinct('actor_id', 'campus_id')
        .whereIn('actor_id', [...new Set(actorIds)])
        .whereIn('typology', typologies as string[]);
      for (const row of rows) map.set(row.actor_id, [...(map.get(row.actor_id) ?? []), row.campus_id]);
      return map;
    },
  };
}

export { teacherTypologies };

export { dateText } from '@alterna/core';

/** NUMERIC columns come back as strings from pg. */
export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}
