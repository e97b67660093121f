import { indexInstance } from './indexed.js';
import { Scorer } from './score.js';
import { placedLessons } from './solve.js';
import { State } from './state.js';
import type { Instance, PlacedLesson, SoftWeights } from './types.js';

/**
 * The baseline the bench compares with: greedy first fit. Each demand in the given order takes the first day, slot,
 * qualified teacher and fitting room where its next lesson keeps every hard rule, until its hours are placed or
 * nothing fits. No look-ahead, no score.
 */
export function greedyFirstFit(instance: Instance, weights: Partial<SoftWeights> = {}): PlacedLesson[] {
  const ix = indexInstance(instance);
  const state = new State(ix, new Scorer(ix, weights));
  instance.demands.forEach((_demand, d) => {
    const group = ix.demandGroup[d]!;
    for (let day = 0; day < ix.days; day++) {
      if (!ix.open[group]![day]) continue;
      for (const slot of ix.groupSlots[group]!) {
        if (state.left(d) < ix.slotMinutes[slot]!) continue;
        placing: for (const teacher of ix.qualified[d]!) {
          for (const room of ix.fitting[d]!) {
            if (state.fits(d, day, slot, teacher, room)) {
              state.add(d, day, slot, teacher, room);
              state.commit();
              break placing;
            }
          }
        }
      }
    }
  });
  return placedLessons(ix, state.live);
}
