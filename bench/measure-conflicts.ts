import type { LessonSlot, PlanningServices } from '@alterna/planning';
import type { BenchApp } from './app.js';
import { benchId, daySlots, shape } from './generate.js';
import { parisIso } from './times.js';
import { interleaved, median, type Figure } from './stats.js';

export const PROPOSED = 1_000;
const RUNS = 7;

/**
 * 1,000 proposed lessons over the first four weeks (as busy in both databases), every campus, on the day's
 * slots and at 17:30: most of the day's collide with the generated lessons, the evening ones are free. The
 * same proposals (by resource indexes) in both databases.
 */
export function proposals(app: BenchApp): LessonSlot[] {
  const { days } = app.centre;
  const times: [string, string][] = [...daySlots, ['17:30', '19:00']];
  return Array.from({ length: PROPOSED }, (_, j) => {
    // One proposal per campus, day and time: they never collide with each other.
    const c = j % shape.campuses;
    const cell = Math.floor(j / shape.campuses);
    const day = days[Math.floor(cell / times.length)]!;
    const [start, end] = times[cell % times.length]!;
    return {
      campusId: benchId('campus', c),
      startAt: parisIso(day, start),
      endAt: parisIso(day, end),
      teacherIds: [benchId('teacher', c, (j * 7) % shape.teachersPerCampus)],
      roomIds: [benchId('room', c, (j * 11) % shape.roomsPerCampus)],
      planningGroupIds: [benchId('group', c, (j * 3) % shape.groupsPerCampus)],
    };
  });
}

/** The 1,000 proposals' check in one database, and how many of them conflict. */
async function checker(app: BenchApp): Promise<{ run: () => Promise<unknown>; conflicting: number }> {
  const conflicts = app.core.services<PlanningServices>('planning').conflicts;
  const slots = proposals(app);
  const knex = app.core.db.knex;
  const found = await conflicts.check(knex, slots);
  return { run: () => conflicts.check(knex, slots), conflicting: found.filter((list) => list.length).length };
}

export async function measureConflicts(small: BenchApp, big: BenchApp): Promise<Figure[]> {
  const name = `conflict check of ${PROPOSED} lessons, ${big.centre.lessons} vs ${small.centre.lessons} existing (median of ${RUNS})`;
  try {
    const [base, large] = [await checker(small), await checker(big)];
    const [baseTimes, largeTimes] = await interleaved(RUNS, 1, [base.run, large.run]);
    return [{
      name, value: median(largeTimes!), baseline: median(baseTimes!), unit: 'ms', target: 1.2,
      note: `conflicting proposals: ${large.conflicting} at ${big.centre.lessons}, ${base.conflicting} at ${small.centre.lessons}`,
    }];
  } catch (error) {
    return [{ name, value: null, baseline: null, unit: 'ms', target: 1.2, missing: reason(error) }];
  }
}

export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 120);
