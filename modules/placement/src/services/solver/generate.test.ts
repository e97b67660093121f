import { describe, expect, it } from 'vitest';
import { checkProposal } from './checker.js';
import { generateInstance } from './generate.js';
import { greedyFirstFit } from './greedy.js';
import { softScore } from './score.js';

describe('placement: planted instances and the greedy baseline', () => {
  it('plants a complete placement that keeps every hard rule', () => {
    for (const seed of [1, 2, 3]) {
      const { instance, planted } = generateInstance({ seed, groups: 4, weeks: 6, campuses: 2, removed: 0.6 });
      expect(checkProposal(instance, planted)).toEqual([]);
      expect(instance.fixed.length).toBeGreaterThan(0);
      const slot = new Map(instance.slots.map((s) => [s.id, s.end - s.start]));
      for (const d of instance.demands) expect(planted.filter((l) => l.demandId === d.id).reduce((sum, l) => sum + slot.get(l.slotId)!, 0)).toBe(d.remainingMinutes);
    }
  });

  it('is the same instance for the same seed', () => {
    expect(generateInstance({ seed: 9, groups: 2, weeks: 3 })).toEqual(generateInstance({ seed: 9, groups: 2, weeks: 3 }));
  });

  it('has the greedy baseline keep every hard rule', () => {
    const { instance } = generateInstance({ seed: 4, groups: 3, weeks: 4 });
    const lessons = greedyFirstFit(instance);
    expect(lessons.length).toBeGreaterThan(0);
    expect(checkProposal(instance, lessons)).toEqual([]);
    expect(softScore(instance, lessons).total).toBeGreaterThan(0);
  });
});
