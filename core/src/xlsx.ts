// What every xlsx export writes in a date cell. Excel has no time zones: a cell holds a wall time, and exceljs writes
// a Date's UTC fields, so a day is that day at 00:00 UTC and an instant is its campus wall time read as UTC.
import { DateTime } from 'luxon';

/**
 * What a date cell shows: the day and time as the app writes them to a person (issue #25: 28/11/2026 23:26, the
 * shared format's French and British English alike), not ISO. Cells stay real dates, so Excel sorts and filters them.
 */
export const xlsxFormats = { date: 'dd/mm/yyyy', dateTime: 'dd/mm/yyyy hh:mm' } as const;

/** A day ('YYYY-MM-DD') as a date cell's value; an empty cell when there is none. */
export function xlsxDay(day: string | null | undefined): Date | '' {
  if (!day) return '';
  const value = DateTime.fromISO(day.slice(0, 10), { zone: 'UTC' });
  return value.isValid ? value.toJSDate() : '';
}

/** An instant as a date-and-time cell's value: its wall time in `zone` (the campus's). */
export function xlsxWallTime(instant: Date | string | null | undefined, zone = 'Europe/Paris'): Date | '' {
  if (!instant) return '';
  const at = typeof instant === 'string' ? DateTime.fromISO(instant) : DateTime.fromJSDate(instant);
  if (!at.isValid) return '';
  return at.setZone(zone).setZone('UTC', { keepLocalTime: true }).toJSDate();
}

/** Gives a worksheet's columns (by key) a date format; the cells added after inherit it. */
export function xlsxDateColumns(sheet: { getColumn(key: string): { numFmt?: string } }, keys: readonly string[], format: keyof typeof xlsxFormats = 'date'): void {
  for (const key of keys) sheet.getColumn(key).numFmt = xlsxFormats[format];
}
