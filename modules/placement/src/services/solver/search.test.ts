import { describe, expect, it } from 'vitest';
import { construct } from './construct.js';
import { generateInstance } from './generate.js';
import { indexInstance } from './indexed.js';
import { seededRandom } from './random.js';
import { Scorer, softScore } from './score.js';
import { lateAcceptance } from './search.js';
import { placedLessons } from './solve.js';
import { State } from './state.js';

// The search keeps the soft score as parts it recomputes where a move touched them (and puts back on a rollback):
// after thousands of moves it must equal the score computed from scratch.

describe('placement: the incremental score', () => {
  it('equals the full score after construction and after the search', async () => {
    const { instance } = generateInstance({ seed: 11, groups: 4, weeks: 5, campuses: 2, removed: 0.7 });
    const ix = indexInstance(instance);
    const state = new State(ix, new Scorer(ix));
    const random = seededRandom(4);
    await construct(state, random);
    expect(state.soft).toBeCloseTo(softScore(instance, placedLessons(ix, state.live)).total, 6);
    await lateAcceptance(state, { random, history: 50, shouldStop: (moves) => moves >= 6000, pause: async () => {}, onComplete: () => {} });
    expect(state.soft).toBeCloseTo(softScore(instance, placedLessons(ix, state.live)).total, 6);
    const slot = new Map(instance.slots.map((s) => [s.id, s.end - s.start]));
    expect(instance.demands.reduce((sum, d) => sum + d.remainingMinutes, 0) - state.unplaced)
      .toBe(placedLessons(ix, state.live).reduce((sum, l) => sum + slot.get(l.slotId)!, 0));
  });
});
