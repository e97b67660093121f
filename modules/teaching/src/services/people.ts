import type { Knex } from '@alterna/core';
import type { Campus } from '@alterna/training-centre';
import type { ServiceContext } from './context.js';

/** An actor seen through some of its typologies (teacher, coach, student…) on the campuses asked for. */
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  archived: boolean;
  /** Its rules with those typologies, by campus name. */
  rules: { campus: Campus; typology: string }[];
}

interface ActorRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  archived: boolean;
}

/** Actors by id with their rules of those typologies (narrowed to campusIds): three set queries, by last then first name. */
export async function peopleByIds(ctx: ServiceContext, ids: readonly string[], typologies: readonly string[], campusIds: readonly string[] | null = null, trx: Knex = ctx.knex): Promise<Person[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const rulesQuery = ctx.visibility().rules(trx, { actors: unique, typologies, campuses: campusIds ?? undefined }).select('r.actor_id', 'r.campus_id', 'r.typology');
  const [rows, rules] = await Promise.all([
    trx('identity_actors').select<ActorRow[]>('id', 'first_name', 'last_name', 'email', 'archived').whereIn('id', unique).orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'id' }]),
    rulesQuery as Promise<{ actor_id: string; campus_id: string; typology: string }[]>,
  ]);
  const campuses = new Map((await ctx.trainingCentre().campuses.list([...new Set(rules.map((r) => r.campus_id))])).map((c) => [c.id, c]));
  const rulesOf = new Map<string, Person['rules']>();
  for (const rule of rules) rulesOf.set(rule.actor_id, [...(rulesOf.get(rule.actor_id) ?? []), { campus: campuses.get(rule.campus_id)!, typology: rule.typology }]);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    archived: row.archived,
    rules: (rulesOf.get(row.id) ?? []).sort((a, b) => a.campus.name.localeCompare(b.campus.name) || a.typology.localeCompare(b.typology)),
  }));
}
