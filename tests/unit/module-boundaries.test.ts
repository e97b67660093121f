import { describe, expect, it } from 'vitest';
import { crossings, ownedTables, tableReferences } from '../support/module-boundaries.js';

describe('module boundaries', () => {
  it('knows every module\'s tables from its migrations', () => {
    expect(ownedTables('training-centre')).toEqual(expect.arrayContaining(['campuses', 'rooms', 'buildings', 'sites']));
    expect(ownedTables('planning')).toEqual(expect.arrayContaining(['lessons', 'lesson_rooms', 'planning_groups']));
    expect(ownedTables('identity')).toEqual(expect.arrayContaining(['actors', 'actor_access_rules', 'sessions']));
  });

  it('finds a table used in knex builders and raw SQL, and not the same word in a message', () => {
    expect(tableReferences("knex('rooms as r').join('campuses as c', 'c.id', 'r.campus_id')", 'campuses')).toBe(1);
    expect(tableReferences('SELECT 1 FROM lessons l JOIN rooms r ON r.id = l.room_id', 'rooms')).toBe(1);
    expect(tableReferences("t('planning.rooms.title', { from: 'rooms' }) // the campuses of the actor", 'campuses')).toBe(0);
  });

  // Another module's rows are read through its services or the read views its migrations create
  // (`identity_actors`, `training_centre_rooms`…), and written through its services.
  it('lets no module name another module\'s table in its SQL', () => {
    expect(crossings()).toEqual([]);
  });
});
