/** One day a lesson may be placed on: its opening hours and the asked wall-clock start on that day (ms). */
export interface DayWindow {
  day: string;
  open: number;
  close: number;
  target: number;
}

export interface Period {
  start: number;
  end: number;
}

/** Day offsets searched outward from the asked day: 0, +1, -1, +2, -2… up to `reach`. */
export function outwardOffsets(reach: number): number[] {
  const offsets = [0];
  for (let step = 1; step <= reach; step += 1) offsets.push(step, -step);
  return offsets;
}

/** Busy periods sorted and merged, so gaps are read in one pass. */
export function mergePeriods(periods: readonly Period[]): Period[] {
  const sorted = [...periods].sort((a, b) => a.start - b.start);
  const merged: Period[] = [];
  for (const period of sorted) {
    const last = merged[merged.length - 1];
    if (last && period.start <= last.end) last.end = Math.max(last.end, period.end);
    else merged.push({ ...period });
  }
  return merged;
}

/**
 * The nearest free periods of `duration`: days in the given (outward) order, on each day one candidate per
 * free gap, as close as the gap allows to the asked start, nearest first; stops at `count`.
 */
export function nearestFreeSlots(days: readonly DayWindow[], busy: readonly Period[], duration: number, count: number): Period[] {
  const merged = mergePeriods(busy);
  const found: Period[] = [];
  for (const window of days) {
    if (found.length >= count) break;
    const candidates: Period[] = [];
    let cursor = window.open;
    for (const period of merged) {
      if (period.end <= cursor) continue;
      if (period.start >= window.close) break;
      if (period.start - cursor >= duration) candidates.push(fit(cursor, period.start, window.target, duration));
      cursor = Math.max(cursor, period.end);
    }
    if (window.close - cursor >= duration) candidates.push(fit(cursor, window.close, window.target, duration));
    candidates.sort((a, b) => Math.abs(a.start - window.target) - Math.abs(b.start - window.target));
    found.push(...candidates.slice(0, count - found.length));
  }
  return found;
}

/** The start inside the gap nearest to the target. */
function fit(gapStart: number, gapEnd: number, target: number, duration: number): Period {
  const start = Math.min(Math.max(target, gapStart), gapEnd - duration);
  return { start, end: start + duration };
}
