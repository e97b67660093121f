import { describe, expect, it } from 'vitest';
import { nextRanges } from './bulk-run.js';

const at = (nextSeq: number, total: number, itemsPerDay?: number) => ({ nextSeq, total, counts: {}, ...(itemsPerDay ? { itemsPerDay } : {}) });

describe('the next batches of a planning run', () => {
  it('one at a time: batchSize items from the next seq, the last one short', () => {
    expect(nextRanges(at(0, 1200), 500, 1)).toEqual([[0, 499]]);
    expect(nextRanges(at(1000, 1200), 500, 1)).toEqual([[1000, 1199]]);
    // Days known but one at a time: the same ranges as before days were known (a run started before replays them).
    expect(nextRanges(at(0, 1200, 40), 500, 1)).toEqual([[0, 499]]);
  });

  it('side by side: whole days in each batch, so two batches never share a day', () => {
    // 40 lines a day: 480 items (12 days) per batch, not 500.
    expect(nextRanges(at(0, 10_280, 40), 500, 2)).toEqual([[0, 479], [480, 959]]);
    expect(nextRanges(at(9600, 10_280, 40), 500, 2)).toEqual([[9600, 10_079], [10_080, 10_279]]);
    for (const [from, to] of nextRanges(at(960, 10_280, 40), 500, 2)) expect([from % 40, (to + 1) % 40]).toEqual([0, 0]);
    // More lines than a batch holds: one day per batch.
    expect(nextRanges(at(0, 3000, 600), 500, 2)).toEqual([[0, 599], [600, 1199]]);
    // The last batch alone when one is left.
    expect(nextRanges(at(960, 1000, 40), 500, 2)).toEqual([[960, 999]]);
  });

  it('one at a time when the items are not numbered by day (a run continued from one started before)', () => {
    expect(nextRanges(at(0, 1200), 500, 2)).toEqual([[0, 499]]);
  });
});
