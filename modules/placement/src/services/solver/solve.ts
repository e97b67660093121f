import { construct } from './construct.js';
import { explain } from './explain.js';
import { indexInstance, type Indexed } from './indexed.js';
import { seededRandom } from './random.js';
import { Scorer, softScore } from './score.js';
import { lateAcceptance, snapshot } from './search.js';
import { State, type Lesson } from './state.js';
import type { Instance, PlacedLesson, Proposal, SolveOptions } from './types.js';

const DEFAULT_BUDGET_MS = 10_000;
const PAUSE_EVERY_MS = 50;

/** The instance's lessons of a state as ids. */
export function placedLessons(ix: Indexed, lessons: readonly Lesson[]): PlacedLesson[] {
  const { instance } = ix;
  return lessons.map((lesson) => ({
    demandId: instance.demands[lesson.demand]!.id, day: lesson.day, slotId: instance.slots[lesson.slot]!.id,
    teacherId: instance.teachers[lesson.teacher]!.id, roomId: instance.rooms[lesson.room]!.id, ...(lesson.pinned ? { pinned: true } : {}),
  }));
}

/** A state holding these lessons (those that still fit), for the explanations. */
function restore(ix: Indexed, scorer: Scorer, lessons: readonly Lesson[]): State {
  const state = new State(ix, scorer);
  for (const l of lessons) if (state.fits(l.demand, l.day, l.slot, l.teacher, l.room)) state.add(l.demand, l.day, l.slot, l.teacher, l.room, l.pinned);
  state.commit();
  return state;
}

/**
 * Places the instance's remaining hours: the pinned lessons first (those that still keep every hard rule), then a
 * construction, then late acceptance until the budget, a cancel or nothing left to improve. Answers the best proposal
 * found, its soft score, and why each demand's unplaced hours could not be placed. The same seed and move budget
 * give the same proposal (a time budget ends it at whatever move the machine reached).
 */
export async function solve(instance: Instance, options: SolveOptions = {}): Promise<Proposal> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const ix = indexInstance(instance);
  const scorer = new Scorer(ix, options.weights);
  const random = seededRandom(options.seed ?? 1);
  const state = new State(ix, scorer);
  const droppedPins: PlacedLesson[] = [];
  for (const pin of instance.pinned) {
    const at = [ix.demandIndex.get(pin.demandId), ix.slotIndex.get(pin.slotId), ix.teacherIndex.get(pin.teacherId), ix.roomIndex.get(pin.roomId)];
    const [demand, slot, teacher, room] = at;
    const fits = at.every((value) => value !== undefined) && instance.days[pin.day] && ix.qualified[demand!]!.includes(teacher!) && ix.fitting[demand!]!.includes(room!)
      && state.fits(demand!, pin.day, slot!, teacher!, room!);
    if (fits) state.add(demand!, pin.day, slot!, teacher!, room!, true);
    else droppedPins.push(pin);
  }
  state.commit();
  const budget = options.timeBudgetMs ?? (options.maxIterations === undefined ? DEFAULT_BUDGET_MS : Infinity);
  const targetMinutes = instance.demands.reduce((sum, demand) => sum + Math.max(0, demand.remainingMinutes), 0);
  let stoppedBy: Proposal['stoppedBy'] = 'complete';
  let completeAfterMs: number | null = null;
  let lastPause = now();
  let lastProgress = -Infinity;
  const report = (iterations: number, best: { unplaced: number; soft: number }) => options.onProgress?.({
    placedMinutes: targetMinutes - best.unplaced, targetMinutes, bestScore: best.soft, iterations, elapsedMs: now() - started,
  });
  /** Reports progress when it is time, and now and then lets the event loop run (heartbeats, a cancel). */
  const pause = async (iterations: number, best: { unplaced: number; soft: number }) => {
    const time = now();
    if (time - lastProgress >= (options.progressEveryMs ?? 1000)) {
      lastProgress = time;
      report(iterations, best);
    }
    if (time - lastPause < PAUSE_EVERY_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    lastPause = now();
  };
  const shouldStop = (moves: number) => {
    if (options.signal?.aborted) stoppedBy = 'cancelled';
    else if (moves >= (options.maxIterations ?? Infinity) || now() - started >= budget) stoppedBy = 'budget';
    else return false;
    return true;
  };
  await construct(state, random, async () => {
    await pause(0, state);
    return shouldStop(0);
  });
  const { best, iterations } = await lateAcceptance(state, {
    random,
    history: 500,
    onComplete: () => {
      completeAfterMs ??= now() - started;
    },
    shouldStop,
    pause,
  });
  const finalBest = best.cost <= state.cost ? best : snapshot(state);
  report(iterations, finalBest);
  const lessons = placedLessons(ix, finalBest.lessons);
  const final = restore(ix, scorer, finalBest.lessons);
  return {
    lessons,
    placedMinutes: targetMinutes - final.unplaced,
    targetMinutes,
    score: softScore(instance, lessons, options.weights, ix),
    explanations: explain(final),
    droppedPins,
    iterations,
    completeAfterMs,
    stoppedBy,
    elapsedMs: now() - started,
  };
}
