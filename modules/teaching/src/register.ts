import type { CoreDeps } from '@alterna/core';

/**
 * "Campus cannot be removed while used" (SPEC §8): contracts, attributions and follow-ups hold their campus.
 * Registered with training-centre's usage registry; one set query per table whatever the number of campuses.
 */
export function registerUsage(core: CoreDeps): void {
  core.module('training-centre').usage.registerCampusUsage(async (ids) => {
    const counts = new Map<string, number>();
    if (!ids.length) return counts;
    for (const table of ['teacher_contracts', 'coach_contracts', 'coach_attributions', 'coaching_follow_ups']) {
      const rows: { campus_id: string; count: string | number }[] = await core.knex(table).select('campus_id').count({ count: '*' }).whereIn('campus_id', ids).groupBy('campus_id');
      for (const row of rows) counts.set(row.campus_id, (counts.get(row.campus_id) ?? 0) + Number(row.count));
    }
    return counts;
  });
}
