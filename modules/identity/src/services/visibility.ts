import type { Knex } from '@alterna/core';

/** Which access rules to read: of these people, on these campuses, with these typologies (a filter left out keeps all). */
export interface RuleFilter {
  actors?: readonly string[];
  campuses?: readonly string[];
  typologies?: readonly string[] | null;
  /** Also select each rule's typology name, as `typology_name` (the builder's other columns are the caller's to select). */
  named?: boolean;
}

/**
 * Who is seen where, person by person: the one place other modules learn a person's campuses from (their access
 * rules). Campus-level checks are the core's (`core.permissions`: campusesFor, campusesOrDeny, isGranted, assertOnAll);
 * a module asks this service which people are on those campuses (core/API.md, "Visibility").
 */
export interface Visibility {
  /**
   * SQL condition: the person whose id is in `column` (`'a.id'`) holds a rule on one of `campuses`, with one of
   * `typologies` when given. Takes its place in `.where(…)`, a select list or a `?` of raw SQL.
   */
  onCampuses(column: string, campuses: readonly string[], typologies?: readonly string[] | null): Knex.Raw;
  /** The rules matching the filter, a builder over them (alias `r`: actor_id, campus_id, typology) to select from, join or embed. */
  rules(db: Knex, filter?: RuleFilter): Knex.QueryBuilder;
  /** The campuses of each person (of their rules with one of `typologies` when given); every id asked is a key. One query. */
  campusesOf(actorIds: readonly string[], typologies?: readonly string[] | null, db?: Knex): Promise<Map<string, string[]>>;
  /** The people holding one of `typologies` on one of `campuses`. One query. */
  peopleOn(campuses: readonly string[], typologies: readonly string[], db?: Knex): Promise<string[]>;
}

export function visibilityService(knex: Knex): Visibility {
  const rules = (db: Knex, { actors, campuses, typologies, named }: RuleFilter = {}) => {
    const query = db('actor_access_rules as r');
    if (named) query.join('actor_typologies as r_typology', 'r_typology.reference', 'r.typology').select('r_typology.name as typology_name');
    if (actors) query.whereIn('r.actor_id', [...new Set(actors)]);
    if (campuses) query.whereIn('r.campus_id', [...campuses]);
    if (typologies) query.whereIn('r.typology', [...typologies]);
    return query;
  };
  return {
    onCampuses(column, campuses, typologies) {
      // Its own alias, so that an outer query's `r` stays the outer one.
      const typed = typologies ? ' AND visible_rule.typology = ANY(?::text[])' : '';
      return knex.raw(
        `EXISTS (SELECT 1 FROM actor_access_rules visible_rule WHERE visible_rule.actor_id = ?? AND visible_rule.campus_id = ANY(?::uuid[])${typed})`,
        [column, [...campuses], ...(typologies ? [[...typologies]] : [])],
      );
    },
    rules,
    async campusesOf(actorIds, typologies, db = knex) {
      const map = new Map<string, string[]>(actorIds.map((id) => [id, []]));
      if (!actorIds.length) return map;
      const rows: { actor_id: string; campus_id: string }[] = await rules(db, { actors: actorIds, typologies }).distinct('r.actor_id', 'r.campus_id');
      for (const row of rows) map.get(row.actor_id)?.push(row.campus_id);
      return map;
    },
    async peopleOn(campuses, typologies, db = knex) {
      if (!campuses.length || !typologies.length) return [];
      const rows: { actor_id: string }[] = await rules(db, { campuses, typologies }).distinct('r.actor_id');
      return rows.map((row) => row.actor_id);
    },
  };
}
