import type { AccessRule, Actor, Knex, Typology } from '@alterna/core';
import { now } from '@alterna/core/clock';

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
      .join('training_centre_campuses as c', 'c.id', 'r.campus_id')
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

/**
 * The actor of a live session, with its access rules, in one statement: every request asks it, so it costs
 * one round trip (not one per table).
 */
export async function loadSessionActor(knex: Knex, tokenHash: string): Promise<Actor | null> {
  const { rows } = await knex.raw<{ rows: (ActorRow & { rules: { campusId: string; campusName: string; typology: Typology }[] })[] }>(
    `SELECT a.id, a.first_name, a.last_name, a.email, a.language,
       coalesce(json_agg(json_build_object('campusId', r.campus_id, 'campusName', c.name, 'typology', r.typology)
         ORDER BY c.name, r.typology) FILTER (WHERE r.actor_id IS NOT NULL), '[]') AS rules
     FROM sessions s
     JOIN actors a ON a.id = s.actor_id AND NOT a.archived
     LEFT JOIN actor_access_rules r ON r.actor_id = a.id
     LEFT JOIN training_centre_campuses c ON c.id = r.campus_id
     WHERE s.token_hash = ? AND s.expires_at > ?
     GROUP BY a.id`,
    [tokenHash, now()],
  );
  const row = rows[0];
  if (!row) return null;
  const rules = typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules;
  return { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, language: row.language, rules };
}
