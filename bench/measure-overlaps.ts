import { overlappingPairs, type HeldPeriod } from '@alterna/planning';
import { interleaved, median, type Figure } from './stats.js';

const RUNS = 7;

/** `slots` periods of 50 resources, 600 long every 10: each overlaps its resource's previous and next period. */
const periods = (slots: number): HeldPeriod[] =>
  Array.from({ length: slots }, (_, i) => ({ index: i, key: `r${i % 50}`, start: i * 10, end: i * 10 + 600 }));

/** The in-memory overlap sweep of a conflict check: 50,000 slots against 5,000 should cost about ten times (n log n), not a hundred. */
export async function measureOverlaps(): Promise<Figure[]> {
  const [small, large] = [periods(5_000), periods(50_000)];
  const [smallTimes, largeTimes] = await interleaved(RUNS, 1, [async () => overlappingPairs(small, small), async () => overlappingPairs(large, large)]);
  return [{
    name: `overlap sweep of 50,000 slots vs 5,000 (median of ${RUNS}; 10x the slots)`,
    value: median(largeTimes!), baseline: median(smallTimes!), unit: 'ms', target: 20,
    note: 'a sort and a bounded walk per key: about 10-13x (n log n); a pairwise scan would be 100x',
  }];
}
