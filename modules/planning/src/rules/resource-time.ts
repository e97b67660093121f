import { DateTime } from 'luxon';
import { isIsoDate } from '@alterna/core/dates';

// Bookings, trainer constraints and the occupancy plan speak in Paris days and wall-clock times; the
// database holds instants. Light (luxon only): the web's forms use the same functions.

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
// A full date and time with seconds optional and an explicit offset (or Z): never a floating local time.
const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' (not 2026-02-30): the core's. */
export { isIsoDate };

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

/** Days from `from` to `to` counted both ends included (1 for the same day, 0 or less when reversed). */
export function daysIncluded(from: string, to: string): number {
  return Math.round(DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days) + 1;
}

/** Minutes since midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

