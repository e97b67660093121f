import knexLib from 'knex';
import { describe, expect, it } from 'vitest';
import { visibilityService } from './visibility.js';

// The SQL the visibility service hands other modules, as PostgreSQL receives it (no database: the statements are
// compiled only; tests/api/visibility.test.ts runs them on the seeded people).
const knex = knexLib({ client: 'pg' });
const visibility = visibilityService(knex);
const native = (query: { toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } } }) => query.toSQL().toNative();

describe('visibility SQL', () => {
  it('writes the person condition as one EXISTS over the rules, with the typologies only when given', () => {
    expect(native(knex('identity_actors as a').where(visibility.onCampuses('a.id', ['c1', 'c2'], ['teacher', 'trainer'])))).toEqual({
      sql: 'select * from "identity_actors" as "a" where EXISTS (SELECT 1 FROM actor_access_rules visible_rule WHERE visible_rule.actor_id = "a"."id" AND visible_rule.campus_id = ANY($1::uuid[]) AND visible_rule.typology = ANY($2::text[]))',
      bindings: [['c1', 'c2'], ['teacher', 'trainer']],
    });
    expect(native(knex('identity_actors as a').where(visibility.onCampuses('a.id', ['c1'])))).toEqual({
      sql: 'select * from "identity_actors" as "a" where EXISTS (SELECT 1 FROM actor_access_rules visible_rule WHERE visible_rule.actor_id = "a"."id" AND visible_rule.campus_id = ANY($1::uuid[]))',
      bindings: [['c1']],
    });
  });

  it('quotes the column as an identifier, so a column name never becomes SQL', () => {
    const { sql } = native(knex('x').where(visibility.onCampuses('a.id) OR (1=1', ['c1'])));
    expect(sql).toContain('visible_rule.actor_id = "a"."id) OR (1=1"');
  });

  it('takes its place in raw SQL with the statement\'s own bindings around it', () => {
    expect(native(knex.raw('SELECT a.id FROM identity_actors a WHERE a.id = ANY(?::uuid[]) AND (? OR false)', [['p'], visibility.onCampuses('a.id', ['c'])]))).toEqual({
      sql: 'SELECT a.id FROM identity_actors a WHERE a.id = ANY($1::uuid[]) AND (EXISTS (SELECT 1 FROM actor_access_rules visible_rule WHERE visible_rule.actor_id = "a"."id" AND visible_rule.campus_id = ANY($2::uuid[])) OR false)',
      bindings: [['p'], ['c']],
    });
  });

  it('narrows the rules builder by each filter given, people once each', () => {
    expect(native(visibility.rules(knex, { actors: ['p1', 'p1', 'p2'], campuses: ['c'], typologies: ['student'] }).select('r.actor_id'))).toEqual({
      sql: 'select "r"."actor_id" from "actor_access_rules" as "r" where "r"."actor_id" in ($1, $2) and "r"."campus_id" in ($3) and "r"."typology" in ($4)',
      bindings: ['p1', 'p2', 'c', 'student'],
    });
    expect(native(visibility.rules(knex).select('r.id')).sql).toBe('select "r"."id" from "actor_access_rules" as "r"');
    expect(native(visibility.rules(knex, { actors: ['p1'], named: true }).select('r.actor_id', 'r.typology')).sql).toBe(
      'select "r_typology"."name" as "typology_name", "r"."actor_id", "r"."typology" from "actor_access_rules" as "r" inner join "actor_typologies" as "r_typology" on "r_typology"."reference" = "r"."typology" where "r"."actor_id" in ($1)',
    );
  });

  it('answers no campus and no person without a query when nothing is asked', async () => {
    expect(await visibility.campusesOf([])).toEqual(new Map());
    expect(await visibility.peopleOn([], ['teacher'])).toEqual([]);
    expect(await visibility.peopleOn(['c'], [])).toEqual([]);
  });
});
