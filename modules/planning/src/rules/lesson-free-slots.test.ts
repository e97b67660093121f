import { describe, expect, it } from 'vitest';
import { mergePeriods, nearestFreeSlots, outwardOffsets, type DayWindow } from './lesson-free-slots.js';

const hour = 3_600_000;
// Day n opens at n*24+8 h and closes at n*24+20 h; the asked start is 9:00.
const day = (n: number, targetHour = 9): DayWindow => ({ day: `d${n}`, open: (n * 24 + 8) * hour, close: (n * 24 + 20) * hour, target: (n * 24 + targetHour) * hour });
const at = (n: number, h: number) => (n * 24 + h) * hour;
const hours = (slots: { start: number; end: number }[]) => slots.map((s) => [s.start / hour, s.end / hour]);

describe('outwardOffsets', () => {
  it('searches the same day, then the next and the previous, further and further', () => {
    expect(outwardOffsets(2)).toEqual([0, 1, -1, 2, -2]);
  });
});

describe('mergePeriods', () => {
  it('merges overlapping and touching periods', () => {
    expect(mergePeriods([{ start: 5, end: 7 }, { start: 1, end: 3 }, { start: 3, end: 4 }, { start: 6, end: 9 }])).toEqual([{ start: 1, end: 4 }, { start: 5, end: 9 }]);
  });
});

describe('nearestFreeSlots', () => {
  it('answers the asked slot when it is free', () => {
    expect(hours(nearestFreeSlots([day(0)], [], 2 * hour, 1))).toEqual([[9, 11]]);
  });

  it('proposes the same day first, nearest to the asked start, one per free gap, then the next days', () => {
    const busy = [{ start: at(0, 9), end: at(0, 11) }, { start: at(0, 14), end: at(0, 16) }];
    const found = nearestFreeSlots([day(0), day(1), day(-1)], busy, 2 * hour, 4);
    // Gaps on day 0: 08–09 (too short), 11–14, 16–20.
    expect(hours(found)).toEqual([[11, 13], [16, 18], [33, 35], [-15, -13]]);
  });

  it('skips a full day and keeps within the opening hours', () => {
    const busy = [{ start: at(0, 7), end: at(0, 21) }, { start: at(1, 8), end: at(1, 19) }];
    expect(hours(nearestFreeSlots([day(0), day(1), day(2, 19)], busy, 2 * hour, 1))).toEqual([[2 * 24 + 18, 2 * 24 + 20]]);
  });

  it('returns at most `count` slots, none overlapping a busy period', () => {
    const busy = [{ start: at(0, 10), end: at(0, 12) }];
    const found = nearestFreeSlots([day(0), day(1)], busy, 3 * hour, 2);
    expect(found).toHaveLength(2);
    for (const slot of found) expect(busy.some((b) => slot.start < b.end && b.start < slot.end)).toBe(false);
  });
});
