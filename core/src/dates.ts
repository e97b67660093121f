// Light (no server code): the web's shared Yup schemas import it too. The one place for calendar days
// written 'YYYY-MM-DD' (DATE columns, form fields): modules re-export these rather than keep their own.
import { DateTime } from 'luxon';
import { now } from './clock.js';

/** Today's date in the centre's time zone, as 'YYYY-MM-DD' (a lesson at 00:30 in Paris belongs to that Paris day). */
export function todayIn(timeZone = 'Europe/Paris', at: Date = now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A real calendar day written 'YYYY-MM-DD' (not 2026-02-30, not a date and time). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = DateTime.fromISO(value, { zone: 'UTC' });
  return day.isValid && day.toISODate() === value;
}

/** The day `days` after a 'YYYY-MM-DD' day (negative: before); calendar days, no time zone involved. */
export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** Every day from `from` to `to`, both included. */
export function eachDate(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
