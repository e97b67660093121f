import { DateTime } from 'luxon';
import { daysIncluded } from './resource-time.js';
import { addDays } from './lesson-time.js';

/** How the occupancy plan shows its period: one day by hours, a week or a month by days. */
export const occupancyTypes = ['day', 'week', 'month'] as const;
export type OccupancyType = (typeof occupancyTypes)[number];

/** The longest period the occupancy plan reads at once (two months and a bit): keeps the read bounded. */
export const OCCUPANCY_MAX_DAYS = 62;

export interface OccupancyPeriod {
  startDate: string;
  endDate: string;
  type: OccupancyType;
}

export function isOccupancyType(value: unknown): value is OccupancyType {
  return typeof value === 'string' && (occupancyTypes as readonly string[]).includes(value);
}

/** The period of that type containing a day: the day itself, its Monday-to-Sunday week, or its month. */
export function periodContaining(type: OccupancyType, day: string): OccupancyPeriod {
  const date = DateTime.fromISO(day, { zone: 'UTC' });
  if (type === 'day') return { type, startDate: day, endDate: day };
  if (type === 'week') {
    const monday = date.minus({ days: date.weekday - 1 });
    return { type, startDate: monday.toISODate()!, endDate: monday.plus({ days: 6 }).toISODate()! };
  }
  return { type, startDate: date.startOf('month').toISODate()!, endDate: date.endOf('month').toISODate()! };
}

/** The previous (-1) or next (+1) period of the same type. */
export function shiftPeriod(period: OccupancyPeriod, direction: -1 | 1): OccupancyPeriod {
  if (period.type === 'day') return periodContaining('day', addDays(period.startDate, direction));
  if (period.type === 'week') return periodContaining('week', addDays(period.startDate, 7 * direction));
  const month = DateTime.fromISO(period.startDate, { zone: 'UTC' }).startOf('month').plus({ months: direction });
  return periodContaining('month', month.toISODate()!);
}

/** Every day of a period, in order. */
export function daysOf(startDate: string, endDate: string): string[] {
  const count = Math.max(0, Math.min(daysIncluded(startDate, endDate), OCCUPANCY_MAX_DAYS));
  return Array.from({ length: count }, (_, i) => addDays(startDate, i));
}
