import { AccessDeniedError, NotFoundError, type Actor, type CoreDeps, type Knex, type Translate } from '@alterna/core';
import { staffAccessTypologies } from '../validation/index.js';
import { perm } from '../permissions.js';

/** Campus checks shared by the services: who may see which people, who may change them. */
export interface Scope {
  /** Campuses where the viewer holds the permission; Access Denied when none (e.g. a teacher). */
  campusesFor(viewer: Actor | null, permission: string): string[];
  /** The campuses an actor belongs to (its access rules) and whether it holds a staff typology. */
  membership(actorId: string, trx?: Knex): Promise<{ exists: boolean; campusIds: string[]; staff: boolean }>;
  /** Throws unless the actor has a rule on one of the viewer's campuses for that permission. */
  assertVisible(viewer: Actor | null, actorId: string, t: Translate, permission?: string, trx?: Knex): Promise<void>;
  /**
   * Throws unless the viewer may change that actor: the change permission on every campus the actor belongs
   * to, and, for someone with staff access, the staff grant there too (their account opens the staff space).
   */
  assertChangeable(viewer: Actor | null, actorId: string, t: Translate, trx?: Knex): Promise<void>;
}

export function scope(core: CoreDeps): Scope {
  const { knex, permissions } = core;
  const campusesFor = (viewer: Actor | null, permission: string) => permissions.campusesOrDeny(viewer, permission);
  const membership = async (actorId: string, trx: Knex = knex) => {
    const actor = await trx('actors').where({ id: actorId }).first('id');
    const rules: { campus_id: string; typology: string }[] = await trx('actor_access_rules').where({ actor_id: actorId }).select('campus_id', 'typology');
    return {
      exists: !!actor,
      campusIds: [...new Set(rules.map((rule) => rule.campus_id))],
      staff: rules.some((rule) => (staffAccessTypologies as readonly string[]).includes(rule.typology)),
    };
  };
  return {
    campusesFor,
    membership,
    async assertVisible(viewer, actorId, t, permission = perm.actorRead, trx = knex) {
      const campuses = campusesFor(viewer, permission);
      const { exists, campusIds } = await membership(actorId, trx);
      if (!exists) throw new NotFoundError(t('errors.notFound'));
      if (!campusIds.some((id) => campuses.includes(id))) throw new AccessDeniedError();
    },
    async assertChangeable(viewer, actorId, t, trx = knex) {
      campusesFor(viewer, perm.actorUpdate);
      const { exists, campusIds, staff } = await membership(actorId, trx);
      if (!exists) throw new NotFoundError(t('errors.notFound'));
      if (!campusIds.length) throw new AccessDeniedError();
      for (const campusId of campusIds) {
        core.permissions.assert(viewer, perm.actorUpdate, campusId);
        if (staff) core.permissions.assert(viewer, perm.staffGrant, campusId);
      }
    },
  };
}
