import { insert, relocate, repack, swap } from './moves.js';
import type { Random } from './random.js';
import type { Lesson, State } from './state.js';

// Late acceptance hill climbing (Burke & Bykov): a move is kept when it is no worse than the current cost, or than the
// cost the search had `history` moves ago. Simple, one parameter, and it escapes the local optima of a plain climb.

export interface SearchControl {
  random: Random;
  history: number;
  /** Asked every few hundred moves: whether to stop now. */
  shouldStop: (iterations: number) => boolean;
  /** Called every few hundred moves; may wait (the event loop gets a turn: heartbeats, cancels). */
  pause: (iterations: number, best: Best) => Promise<void>;
  /** Called when every hour is placed (first of all after the construction, or before the best has them all). */
  onComplete: () => void;
}

export interface Best {
  cost: number;
  unplaced: number;
  soft: number;
  lessons: Lesson[];
}

export const snapshot = (state: State): Best => ({
  cost: state.cost, unplaced: state.unplaced, soft: state.soft, lessons: state.live.map((lesson) => ({ ...lesson })),
});

/** Demands with minutes left that they could use: a whole slot's (`whole`), or any (`some`). */
function wanting(state: State): { whole: number[]; some: number[] } {
  const shortest = Math.min(...state.ix.slotMinutes);
  const whole: number[] = [];
  const some: number[] = [];
  for (let d = 0; d < state.placed.length; d++) {
    if (state.left(d) <= 0 || !state.ix.qualified[d]!.length || !state.ix.fitting[d]!.length) continue;
    some.push(d);
    if (state.left(d) >= shortest) whole.push(d);
  }
  return { whole, some };
}

/** Improves the state until told to stop; answers the best state seen and how many moves were tried. */
export async function lateAcceptance(state: State, control: SearchControl): Promise<{ best: Best; iterations: number }> {
  const { random } = control;
  let current = state.cost;
  const history = new Float64Array(control.history).fill(current);
  let best = snapshot(state);
  let want = wanting(state);
  let iterations = 0;
  if (state.unplaced === 0) control.onComplete();
  for (;;) {
    if ((iterations & 255) === 0) {
      if (control.shouldStop(iterations) || (state.unplaced === 0 && state.soft <= 1e-9)) break;
      await control.pause(iterations, best);
      want = wanting(state);
    }
    iterations++;
    const roll = random.int(20);
    const moved = want.some.length && roll === 0 ? repack(state, random, want.some)
      : want.whole.length && roll < 8 ? insert(state, random, want.whole) : roll < 16 ? relocate(state, random) : swap(state, random);
    if (!moved) continue;
    const cost = state.evaluate();
    const slot = iterations % history.length;
    if (cost <= current || cost <= history[slot]!) {
      state.accept();
      current = cost;
      if (state.unplaced === 0 && best.unplaced > 0) control.onComplete();
      if (cost < best.cost - 1e-9) best = snapshot(state);
    } else {
      state.rollback();
    }
    if (current < history[slot]!) history[slot] = current;
  }
  return { best, iterations };
}
