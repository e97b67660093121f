import type { CoreDeps } from '@alterna/core';

/**
 * "Campus cannot be removed while used" (SPEC §8): trainings offered on a campus and its training groups
 * use it. Registered with training-centre's usage registry; one set query whatever the number of campuses.
 */
export function registerCampusUsage(core: CoreDeps): void {
  core.module('training-centre').usage.registerCampusUsage(async (ids) => {
    const counts = new Map<string, number>();
    if (!ids.length) return counts;
    const list = ids.map(() => '?').join(', ');
    const { rows } = (await core.knex.raw(
      `select campus_id, sum(n) as count from (
         select campus_id, count(*) as n from training_campuses where campus_id in (${list}) group by campus_id
         union all
         select campus_id, count(*) as n from training_groups where campus_id in (${list}) group by campus_id
       ) uses group by campus_id`,
      [...ids, ...ids],
    )) as { rows: { campus_id: string; count: number | string }[] };
    for (const row of rows) counts.set(row.campus_id, Number(row.count));
    return counts;
  });
}
