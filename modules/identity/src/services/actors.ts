import type { AccessRule, Actor, Knex, Typology } from '@alterna/core';

interface ActorRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  language: 'fr' | 'en' | null;
}

/** Loads actors with their access rules in two set queries, whatever the number of actors. */
export async function loadActors(knex: Knex, ids: string[]): Promise<Actor[]> {
  if (!ids.length) return [];
  const [rows, rules] = await Promise.all([
    knex('actors').select<ActorRow[]>('id', 'first_name', 'last_name', 'email', 'language').whereIn('id', ids).where('archived', false),
    knex('actor_access_rules as r')
      .join('campuses as c', 'c.id', 'r.campus_id')
      .select('r.actor_id', 'r.campus_id', 'c.name as campus_name', 'r.typology')
      .whereIn('r.actor_id', ids)
      .orderBy(['c.name', 'r.typology']),
  ]);
  const rulesByActor = new Map<string, AccessRule[]>();
  for (const rule of rules as { actor_id: string; campus_id: string; campus_name: string; typology: Typology }[]) {
    const list = rulesByActor.get(rule.actor_id) ?? [];
    list.push({ campusId: rule.campus_id, campusName: rule.campus_name, typology: rule.typology });
    rulesByActor.set(rule.actor_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    language: row.language,
    rules: rulesByActor.get(row.id) ?? [],
  }));
}

export async function loadActor(knex: Knex, id: string): Promise<Actor | null> {
  return (await loadActors(knex, [id]))[0] ?? null;
}
