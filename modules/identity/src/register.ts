import type { CoreDeps, Typology } from '@alterna/core';

/**
 * Access rules point at campuses: a campus where someone else holds a rule is in use and cannot be
 * removed; whoever creates a campus gets a rule on it (else nobody could see it), and its own rules go
 * with the campus it removes.
 */
export function registerCampusHooks(core: CoreDeps): void {
  const centre = core.module('training-centre');
  centre.registerCampusUsage(async (campusIds, { actor }) => {
    const query = core.knex('actor_access_rules').whereIn('campus_id', campusIds).groupBy('campus_id').select('campus_id').count<{ campus_id: string; count: number }[]>({ count: '*' });
    if (actor) query.whereNot('actor_id', actor.id);
    return new Map((await query).map((row) => [row.campus_id, Number(row.count)]));
  });
  centre.registerCampusListener({
    async created({ campusId, actor, typologies, trx }) {
      if (typologies.length) await trx('actor_access_rules').insert(typologies.map((typology) => ({ actor_id: actor.id, campus_id: campusId, typology: typology as Typology })));
    },
    async removing({ campusId, actor, trx }) {
      await trx('actor_access_rules').where({ campus_id: campusId, actor_id: actor.id }).delete();
    },
  });
}
