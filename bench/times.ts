import { DateTime } from 'luxon';

/** A Paris wall-clock time of a day as an ISO UTC instant (lesson days are Paris days). */
export function parisIso(day: string, time: string): string {
  return DateTime.fromISO(`${day}T${time}`, { zone: 'Europe/Paris' }).toUTC().toISO()!;
}

/** The Monday of the ISO week holding the day. */
export function mondayOf(day: string): string {
  const date = DateTime.fromISO(day, { zone: 'UTC' });
  return date.minus({ days: date.weekday - 1 }).toISODate()!;
}

export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
}
