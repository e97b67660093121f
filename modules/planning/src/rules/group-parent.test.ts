import { describe, expect, it } from 'vitest';
import { createsCycle, descendantsOf } from './group-parent.js';

// a ← b ← c (c's parent is b, b's parent is a); d stands alone.
const parentOf = new Map<string, string | null>([['a', null], ['b', 'a'], ['c', 'b'], ['d', null]]);

describe('a planning group and its parent', () => {
  it('refuses a parent that sits below the group, or the group itself', () => {
    expect(createsCycle('a', 'c', parentOf)).toBe(true);
    expect(createsCycle('a', 'b', parentOf)).toBe(true);
    expect(createsCycle('b', 'b', parentOf)).toBe(true);
  });

  it('accepts a parent above or beside the group, no parent, and any parent for a new group', () => {
    expect(createsCycle('c', 'a', parentOf)).toBe(false);
    expect(createsCycle('b', 'd', parentOf)).toBe(false);
    expect(createsCycle('b', null, parentOf)).toBe(false);
    expect(createsCycle(null, 'c', parentOf)).toBe(false);
  });

  it('stops on a loop already in the data', () => {
    expect(createsCycle('z', 'x', new Map([['x', 'y'], ['y', 'x']]))).toBe(true);
  });

  it('lists the groups below a group, which the parent choice leaves out', () => {
    expect([...descendantsOf('a', parentOf)].sort()).toEqual(['b', 'c']);
    expect([...descendantsOf('c', parentOf)]).toEqual([]);
  });
});
