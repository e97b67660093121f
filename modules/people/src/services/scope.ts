import { AccessDeniedError, NotFoundError, seesRecord, type Actor, type CoreDeps, type Knex, type Translate } from '@alterna/core';
import type { Visibility } from '@alterna/identity';
import { staffAccessTypologies } from '../validation/index.js';
import { perm } from '../permissions.js';

/** Campus checks shared by the services: who may see which people, who may change them. */
export interface Scope {
  /** Campuses where the viewer holds the permission; Access Denied when none (e.g. a teacher). */
  campusesFor(viewer: Actor | null, permission: string): string[];
  /** Identity's answer to which people are on which campuses. */
  visibility(): Visibility;
  /** SQL condition on `identity_actors as a`: a rule on one of the campuses (with that typology, when given). */
  onCampuses(campusIds: readonly string[], typology?: string | null): Knex.Raw;
  /** The campuses an actor belongs to (its access rules) and whether it holds a staff typology. */
  membership(actorId: string, trx?: Knex): Promise<{ exists: boolean; campusIds: string[]; staff: boolean }>;
  /** Throws unless the actor has a rule on one of the viewer's campuses for that permission. */
  assertVisible(viewer: Actor | null, actorId: string, t: Translate, permission?: string, trx?: Knex): Promise<void>;
  /**
   * Throws unless the viewer may change that actor: the change permission on every campus the actor belongs
   * to, and, for someone with staff access, the staff grant there too (their account opens the staff space).
   */
  assertChangeable(viewer: Actor | null, actorId: string, t: Translate, trx?: Knex): Promise<void>;
  /** The same rule over many actors in one query: those the viewer may change (none for a viewer without the permission). */
  changeable(viewer: Actor | null, actorIds: readonly string[], trx?: Knex): Promise<Set<string>>;
}

interface Membership {
  campusIds: string[];
  staff: boolean;
}

const isStaffTypology = (typology: string) => (staffAccessTypologies as readonly string[]).includes(typology);

export function scope(core: CoreDeps): Scope {
  const { knex, permissions } = core;
  const visibility = () => core.module('identity').visibility;
  const campusesFor = (viewer: Actor | null, permission: string) => permissions.campusesOrDeny(viewer, permission);
  const toMembership = (rules: { campus_id: string; typology: string }[]): Membership => ({
    campusIds: [...new Set(rules.map((rule) => rule.campus_id))],
    staff: rules.some((rule) => isStaffTypology(rule.typology)),
  });
  const membership = async (actorId: string, trx: Knex = knex) => {
    const actor = await trx('identity_actors').where({ id: actorId }).first('id');
    const rules: { campus_id: string; typology: string }[] = await visibility().rules(trx, { actors: [actorId] }).select('r.campus_id', 'r.typology');
    return { exists: !!actor, ...toMembership(rules) };
  };
  /** The rule: the change permission on every campus of the actor, and the staff grant there too for staff. */
  const mayChange = (viewer: Actor | null, { campusIds, staff }: Membership) =>
    campusIds.length > 0 &&
    campusIds.every((campusId) => permissions.isGranted(viewer, perm.actorUpdate, campusId) && (!staff || permissions.isGranted(viewer, perm.staffGrant, campusId)));
  return {
    campusesFor,
    visibility,
    onCampuses: (campusIds, typology) => visibility().onCampuses('a.id', campusIds, typology ? [typology] : null),
    membership,
    async assertVisible(viewer, actorId, t, permission = perm.actorRead, trx = knex) {
      const campuses = campusesFor(viewer, permission);
      const { exists, campusIds } = await membership(actorId, trx);
      if (!exists) throw new NotFoundError(t('errors.notFound'));
      if (!seesRecord(campusIds, campuses)) throw new AccessDeniedError();
    },
    async assertChangeable(viewer, actorId, t, trx = knex) {
      campusesFor(viewer, perm.actorUpdate);
      const { exists, ...belongs } = await membership(actorId, trx);
      if (!exists) throw new NotFoundError(t('errors.notFound'));
      if (!mayChange(viewer, belongs)) throw new AccessDeniedError();
    },
    async changeable(viewer, actorIds, trx = knex) {
      if (!viewer || !actorIds.length) return new Set();
      const rules: { actor_id: string; campus_id: string; typology: string }[] = await visibility().rules(trx, { actors: actorIds }).select('r.actor_id', 'r.campus_id', 'r.typology');
      const byActor = new Map<string, typeof rules>();
      for (const rule of rules) byActor.set(rule.actor_id, [...(byActor.get(rule.actor_id) ?? []), rule]);
      return new Set([...byActor].filter(([, own]) => mayChange(viewer, toMembership(own))).map(([id]) => id));
    },
  };
}
