import { dayjs } from '../../../shared/dayjs';
import { daysOf, type OccupancyType } from '@alterna/planning/validation';
import { parisDay, parisWallClock } from '@alterna/planning/validation';

/** The hours a day view shows (Paris): the centre's day, 07:00 to 22:00. */
export const DAY_FIRST_HOUR = 7;
export const DAY_LAST_HOUR = 22;

export interface OccupancyColumn {
  key: string;
  day: string;
  /** Hour of a day view's column, null for a day column. */
  hour: number | null;
  /** ISO weekday (1 = Monday) of the day. */
  weekday: number;
}

/** One column per hour (day view) or per day (week, month). */
export function columnsOf(type: OccupancyType, startDate: string, endDate: string): OccupancyColumn[] {
  const weekday = (day: string) => dayjs.utc(day).day() || 7; // Sunday, 0 for dayjs, is 7 in ISO
  if (type === 'day') {
    return Array.from({ length: DAY_LAST_HOUR - DAY_FIRST_HOUR }, (_, i) => ({ key: `${startDate}-${i}`, day: startDate, hour: DAY_FIRST_HOUR + i, weekday: weekday(startDate) }));
  }
  return daysOf(startDate, endDate).map((day) => ({ key: day, day, hour: null, weekday: weekday(day) }));
}

/** Where a period sits on a day view's track, in % of the 07:00–22:00 width (clipped to it), or null if outside. */
export function placeOnDay(day: string, startAt: string, endAt: string): { left: number; width: number } | null {
  const from = Date.parse(parisWallClock(day, `${String(DAY_FIRST_HOUR).padStart(2, '0')}:00`));
  const to = Date.parse(parisWallClock(day, `${String(DAY_LAST_HOUR).padStart(2, '0')}:00`));
  const start = Math.max(Date.parse(startAt), from);
  const end = Math.min(Date.parse(endAt), to);
  if (end <= start) return null;
  return { left: ((start - from) / (to - from)) * 100, width: ((end - start) / (to - from)) * 100 };
}

/** The hour (07 to 21) under a horizontal position of a day view's track (0 to 1). */
export function hourAt(ratio: number): number {
  const hours = DAY_LAST_HOUR - DAY_FIRST_HOUR;
  return DAY_FIRST_HOUR + Math.min(hours - 1, Math.max(0, Math.floor(ratio * hours)));
}

/** Items whose Paris day is `day`, by start. */
export function onDay<T extends { startAt: string }>(items: T[], day: string): T[] {
  return items.filter((item) => parisDay(item.startAt) === day).sort((a, b) => a.startAt.localeCompare(b.startAt));
}

/** Rooms grouped by building, in the order the server gives them (site, building, room). */
export function byBuilding<R extends { building: { id: string } }>(rooms: R[]): R[][] {
  const groups = new Map<string, R[]>();
  for (const room of rooms) groups.set(room.building.id, [...(groups.get(room.building.id) ?? []), room]);
  return [...groups.values()];
}
