import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityServices, Visibility } from '@alterna/identity';
import { startTestApp, type TestApp } from '../support/app.js';

// Identity's visibility service (who is on which campus), against the seeded people: its SQL condition and reads.
let app: TestApp;
let visibility: Visibility;
const campuses: Record<string, string> = {};
const people: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  visibility = app.core.services<IdentityServices>('identity').visibility;
  const knex = app.core.db.knex;
  for (const row of await knex('campuses').select('id', 'name')) campuses[row.name] = row.id;
  for (const row of await knex('actors').select('id', 'email')) people[row.email] = row.id;
});
afterAll(() => app.close());

const demo = (typology: string) => people[`${typology}@demo.alterna.school`]!;

/** Ids of the demo people a condition keeps, as a query of another module would (on `identity_actors as a`). */
async function kept(condition: ReturnType<Visibility['onCampuses']>): Promise<string[]> {
  const rows: { id: string }[] = await app.core.db.knex('identity_actors as a').where(condition).where('a.email', 'like', '%@demo.alterna.school').select('a.id');
  return rows.map((row) => row.id);
}

describe('identity visibility', () => {
  it('keeps the people with a rule on one of the campuses, of one of the typologies when given', async () => {
    const lyon = campuses.Lyon!;
    const teacher = demo('teacher');
    const rules: { campus_id: string; typology: string }[] = await app.core.db.knex('actor_access_rules').where({ actor_id: teacher }).select('campus_id', 'typology');
    const own = [...new Set(rules.map((rule) => rule.campus_id))];
    const other = Object.values(campuses).filter((id) => !own.includes(id));
    expect(own.length).toBeGreaterThan(0);

    expect(await kept(visibility.onCampuses('a.id', own))).toContain(teacher);
    expect(await kept(visibility.onCampuses('a.id', own, ['teacher', 'trainer']))).toContain(teacher);
    expect(await kept(visibility.onCampuses('a.id', own, ['student']))).not.toContain(teacher);
    expect(await kept(visibility.onCampuses('a.id', other))).not.toContain(teacher);
    expect(await kept(visibility.onCampuses('a.id', []))).toEqual([]);
    // The campus manager of the seed runs Lyon only.
    expect(await kept(visibility.onCampuses('a.id', [lyon], ['campus-manager']))).toEqual([demo('campus-manager')]);
  });

  it('takes its place in raw SQL and a select list, whatever alias the outer query gives its own rules', async () => {
    const student = demo('student');
    const [campus] = (await visibility.campusesOf([student], ['student'])).get(student)!;
    const { rows } = await app.core.db.knex.raw(
      'SELECT r.id, ? AS on_campus FROM identity_actors r WHERE r.id = ?',
      [visibility.onCampuses('r.id', [campus!], ['student']), student],
    );
    expect(rows).toEqual([{ id: student, on_campus: true }]);
  });

  it('reads campuses per person, every id asked a key, and the people on campuses', async () => {
    const [teacher, student, nobody] = [demo('teacher'), demo('student'), '00000000-0000-4000-8000-000000000000'];
    const map = await visibility.campusesOf([teacher, student, nobody], ['teacher', 'trainer']);
    expect([...map.keys()]).toEqual([teacher, student, nobody]);
    expect(map.get(teacher)!.length).toBeGreaterThan(0);
    expect(map.get(student)).toEqual([]);
    expect(map.get(nobody)).toEqual([]);
    expect(await visibility.peopleOn(map.get(teacher)!, ['teacher', 'trainer'])).toContain(teacher);
    expect(await visibility.peopleOn(map.get(teacher)!, ['student'])).not.toContain(teacher);
    expect(await visibility.peopleOn([], ['teacher'])).toEqual([]);
  });

  it('hands a builder over the rules to select from or join, narrowed by each filter given', async () => {
    const knex = app.core.db.knex;
    const manager = demo('campus-manager');
    const all: { campus_id: string; typology: string }[] = await visibility.rules(knex, { actors: [manager] }).select('r.campus_id', 'r.typology');
    expect(all).toEqual([{ campus_id: campuses.Lyon, typology: 'campus-manager' }]);
    const named = await visibility.rules(knex, { actors: [manager], campuses: [campuses.Lyon!], typologies: ['campus-manager'] })
      .join('identity_actors as a', 'a.id', 'r.actor_id').select('a.email');
    expect(named).toEqual([{ email: 'campus-manager@demo.alterna.school' }]);
    expect(await visibility.rules(knex, { actors: [manager], typologies: ['student'] }).select('r.id')).toEqual([]);
  });
});
