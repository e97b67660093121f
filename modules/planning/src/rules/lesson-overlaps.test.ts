import { describe, expect, it } from 'vitest';
import { groupFamilies, overlappingPairs, type HeldPeriod } from './lesson-overlaps.js';

const h = (index: number, key: string, start: number, end: number): HeldPeriod => ({ index, key, start, end });
const pairs = (held: HeldPeriod[], probes = held) => overlappingPairs(held, probes).map(({ probe, held: other }) => [probe.index, other.index]).sort();

describe('overlappingPairs', () => {
  it('finds slots of the same key whose periods overlap, both ways, never a slot with itself', () => {
    expect(pairs([h(0, 'room', 9, 11), h(1, 'room', 10, 12), h(2, 'room', 12, 13)])).toEqual([[0, 1], [1, 0]]);
  });

  it('treats periods as half-open: one ending when the other starts is free', () => {
    expect(pairs([h(0, 'room', 9, 11), h(1, 'room', 11, 12)])).toEqual([]);
  });

  it('ignores other keys', () => {
    expect(pairs([h(0, 'a', 9, 11), h(1, 'b', 9, 11)])).toEqual([]);
  });

  it('finds a long period started well before the probe (walk back bounded by the longest period)', () => {
    expect(pairs([h(0, 'room', 0, 100), h(1, 'room', 10, 20), h(2, 'room', 30, 40), h(3, 'room', 150, 160)])).toEqual([[0, 1], [0, 2], [1, 0], [2, 0]]);
  });

  it('finds every pair among 20,000 slots (its speed is a figure of `npm run bench`)', () => {
    const held = Array.from({ length: 20_000 }, (_, i) => h(i, `r${i % 50}`, i * 10, i * 10 + 600));
    // Same key every 50 slots (500 apart), 600 long: each overlaps its key's previous and next slot only.
    const found = overlappingPairs(held, held);
    expect(found).toHaveLength(2 * (20_000 - 50));
    expect(found.every(({ probe, held: other }) => probe.key === other.key && Math.abs(probe.index - other.index) === 50)).toBe(true);
  });
});

describe('groupFamilies', () => {
  const parents = new Map<string, string | null>([['child', 'parent'], ['sibling', 'parent'], ['parent', null], ['grandchild', 'child']]);
  const family = groupFamilies(parents);

  it('a group collides with itself, its parent and its children, one level up and down', () => {
    expect([...family(['child'])].sort()).toEqual(['child', 'grandchild', 'parent']);
    expect([...family(['parent'])].sort()).toEqual(['child', 'parent', 'sibling']);
  });

  it('siblings do not collide through their parent', () => {
    expect(family(['child']).has('sibling')).toBe(false);
  });
});
