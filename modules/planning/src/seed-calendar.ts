import { publicHolidaysBetween } from '@alterna/training-centre';
import { addDays, isoWeekday } from './rules/lesson-time.js';

// Pure calendar helpers of the demo planning seed: which days get lessons, and the day's slots in UTC.

/** The demo day: two morning and two afternoon slots, Paris wall-clock (09:00–12:30 / 13:30–17:00). */
export const demoSlots: readonly [start: string, end: string][] = [
  ['09:00', '10:30'],
  ['10:45', '12:30'],
  ['13:30', '15:15'],
  ['15:30', '17:00'],
];

export interface Closure {
  campusId: string;
  startDate: string;
  endDate: string;
}

/**
 * The `count` working days (Monday to Friday, inside [from, to], no public holiday, not skipped) nearest to
 * `today`, in date order: "about eight weeks around today", kept inside the session even at its edges.
 */
export function daysAround(today: string, from: string, to: string, count: number, skip: (day: string) => boolean = () => false): string[] {
  const holidays = new Set(publicHolidaysBetween(from, to).map((h) => h.date));
  const picked: string[] = [];
  for (let distance = 0; picked.length < count && distance < 400; distance++) {
    for (const day of distance === 0 ? [today] : [addDays(today, -distance), addDays(today, distance)]) {
      if (day < from || day > to || isoWeekday(day) > 5 || holidays.has(day) || skip(day)) continue;
      if (picked.length < count) picked.push(day);
    }
  }
  return picked.sort();
}

/** Whether a campus is closed that day (a closure holds both of its dates). */
export function isClosed(closures: readonly Closure[], campusId: string, day: string): boolean {
  return closures.some((c) => c.campusId === campusId && c.startDate <= day && day <= c.endDate);
}
