import { DateTime } from 'luxon';
import { CENTRE_TIME_ZONE } from '../types.js';

// Bookings, trainer constraints and the occupancy plan speak in Paris days and wall-clock times; the
// database holds instants. Light (luxon only): the web's forms use the same functions.

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
// A full date and time with seconds optional and an explicit offset (or Z): never a floating local time.
const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' (not 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !isoDatePattern.test(value)) return false;
  const day = DateTime.fromISO(value, { zone: 'UTC' });
  return day.isValid && day.toISODate() === value;
}

/** A wall-clock time 'HH:mm'. */
export function isTimeOfDay(value: unknown): value is string {
  return typeof value === 'string' && timePattern.test(value);
}

/** An ISO 8601 instant with its offset ('2026-12-07T09:00:00+01:00', '…Z'). */
export function isIsoInstant(value: unknown): value is string {
  return typeof value === 'string' && isoDateTimePattern.test(value) && DateTime.fromISO(value, { setZone: true }).isValid;
}

/** Milliseconds of an ISO instant. */
export function instantMillis(value: string): number {
  return DateTime.fromISO(value, { setZone: true }).toMillis();
}

/** An ISO instant (any offset) or a Date, as UTC ISO ('2026-12-07T08:00:00.000Z'). */
export function toUtcIso(value: string | Date): string {
  const at = typeof value === 'string' ? DateTime.fromISO(value, { setZone: true }) : DateTime.fromJSDate(value);
  return at.toUTC().toISO()!;
}

function inParis(value: string | Date): DateTime {
  const at = typeof value === 'string' ? DateTime.fromISO(value, { setZone: true }) : DateTime.fromJSDate(value);
  return at.setZone(CENTRE_TIME_ZONE);
}

/** The Paris day of an instant. */
export function parisDayOf(value: string | Date): string {
  return inParis(value).toISODate()!;
}

/** The Paris wall-clock time 'HH:mm' of an instant. */
export function parisTimeOf(value: string | Date): string {
  return inParis(value).toFormat('HH:mm');
}

/** The instant (UTC ISO) of a Paris wall-clock time on a Paris day; DST decides the offset. */
export function parisInstant(day: string, time = '00:00'): string {
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromISO(day, { zone: CENTRE_TIME_ZONE }).set({ hour, minute, second: 0, millisecond: 0 }).toUTC().toISO()!;
}

/** The day `days` after a 'YYYY-MM-DD' day (negative: before). */
export function shiftDay(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** Days from `from` to `to` counted both ends included (1 for the same day, 0 or less when reversed). */
export function daysIncluded(from: string, to: string): number {
  return Math.round(DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days) + 1;
}

/** Minutes since midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Today in Paris. */
export function parisToday(now: Date = new Date()): string {
  return parisDayOf(now);
}
