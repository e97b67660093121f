import type { Knex } from 'knex';

/** Where a page read in (created_at, id) order ended: the time as PostgreSQL writes it, and the row's id. */
export interface CreationCursor {
  createdAt: string;
  id: string;
}

/**
 * The ids of the next `limit` rows of `rows` after `after`, in (created_at, id) order, and the cursor past them (null
 * once a page comes back short): a long list read a page at a time, in a workflow's activities, never whole.
 */
export async function pageByCreation(knex: Knex, rows: Knex.QueryBuilder, after: CreationCursor | null, limit: number): Promise<{ ids: string[]; next: CreationCursor | null }> {
  const page: { id: string; at: string }[] = await rows
    .modify((query) => {
      if (after) query.whereRaw('(created_at, id) > (?::timestamptz, ?::uuid)', [after.createdAt, after.id]);
    })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(limit)
    // The time as PostgreSQL writes it: microseconds kept (a Date would round them, and a page would repeat or skip).
    .select('id', knex.raw('created_at::text AS at'));
  const last = page.at(-1);
  return { ids: page.map((row) => row.id), next: last && page.length === limit ? { createdAt: last.at, id: last.id } : null };
}
