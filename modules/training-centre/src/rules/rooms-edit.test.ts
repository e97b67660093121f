import { describe, expect, it } from 'vitest';
import { planRoomsEdit } from './rooms-edit.js';

const existing = [
  { id: 'r1', name: 'A101', size: 30 },
  { id: 'r2', name: 'A102', size: 24 },
  { id: 'r3', name: 'A201', size: 40 },
];

describe('the rooms form of a building', () => {
  it('keeps rows with an id, adds rows without one, removes the rooms left out', () => {
    const plan = planRoomsEdit(existing, [
      { id: 'r1', name: ' A101 ', size: 30 },
      { id: 'r2', name: 'A103', size: 26 },
      { name: 'Labo', size: 12 },
    ]);
    expect(plan.changed).toEqual([{ index: 1, id: 'r2', name: 'A103', size: 26 }]);
    expect(plan.added).toEqual([{ index: 2, name: 'Labo', size: 12 }]);
    expect(plan.removed).toEqual([existing[2]]);
    expect(plan.problems).toEqual([]);
  });

  it('reports a name given twice and an id that is not a room of the building', () => {
    const plan = planRoomsEdit(existing, [
      { id: 'r1', name: 'Salle', size: 1 },
      { name: 'salle', size: 2 },
      { id: 'elsewhere', name: 'X', size: 3 },
      { id: 'r1', name: 'Y', size: 3 },
    ]);
    expect(plan.problems).toEqual([
      { index: 1, field: 'name', kind: 'nameRepeated', name: 'salle' },
      { index: 2, field: 'id', kind: 'unknownRoom', name: 'X' },
      { index: 3, field: 'id', kind: 'unknownRoom', name: 'Y' },
    ]);
  });

  it('lets two rooms swap names', () => {
    const plan = planRoomsEdit(existing.slice(0, 2), [
      { id: 'r1', name: 'A102', size: 30 },
      { id: 'r2', name: 'A101', size: 24 },
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.changed.map((room) => room.name)).toEqual(['A102', 'A101']);
  });

  it('removes every room of an empty list', () => {
    expect(planRoomsEdit(existing, []).removed).toHaveLength(3);
  });
});
