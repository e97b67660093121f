import type { ServiceContext } from './context.js';
import type { CampusRef } from './types.js';

/** Campus names through the training-centre module's service (one set query). */
export async function campusRefs(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, CampusRef>> {
  if (!ids.length) return new Map();
  const campuses = await ctx.core.module('training-centre').campuses.list([...new Set(ids)]);
  return new Map(campuses.map((c) => [c.id, { id: c.id, uuid: c.id, name: c.name }]));
}
