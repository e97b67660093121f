import { DateTime } from 'luxon';
import { CENTRE_TIME_ZONE } from '../types.js';
import { addDays } from '@alterna/core/dates';
import { now } from '@alterna/core/clock';

// Lesson days are Paris days: a lesson at 00:30 Paris belongs to that day whatever UTC says, and DST moves
// the UTC offset twice a year. These run for every slot of a bulk run (20,000 of them), so they use one
// cached Intl formatter and an offset cache per hour instead of building luxon objects (75 µs each).

const HOUR = 3_600_000;
const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
const offsets = new Map<number, number>();

/** Paris offset from UTC (ms) at an instant; offsets only change on the hour, so one computation per hour. */
export function parisOffset(at: number): number {
  const bucket = Math.floor(at / HOUR);
  let offset = offsets.get(bucket);
  if (offset === undefined) {
    const instant = bucket * HOUR;
    const match = /^(\d{4})-(\d{2})-(\d{2}),? (\d{2}):(\d{2})/.exec(wallClock.format(new Date(instant)))!;
    const [, y, mo, d, h, mi] = match.map(Number) as number[];
    offset = Date.UTC(y!, mo! - 1, d!, h!, mi!) - instant;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(bucket, offset);
  }
  return offset;
}

const millis = (at: string | Date | number) => (typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime());

/** The Paris day ('YYYY-MM-DD') of an instant. */
export function parisDay(at: string | Date | number): string {
  const ms = millis(at);
  return new Date(ms + parisOffset(ms)).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday) of a 'YYYY-MM-DD' day. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The instant (ms) of a Paris wall-clock time on a Paris day: `parisInstant('2026-12-07', 9, 30)`. */
export function parisInstant(day: string, hour: number, minute = 0): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * HOUR + minute * 60_000;
  const guess = wall - parisOffset(wall);
  const offset = parisOffset(guess);
  return wall - offset;
}

/** A Paris wall-clock time ('HH:mm') of a Paris day as an ISO UTC instant (09:00 is 08:00Z in winter, 07:00Z in summer). */
export function parisWallClock(day: string, time = '00:00'): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(parisInstant(day, hour, minute)).toISOString();
}

/** The Paris wall-clock time 'HH:mm' of an instant. */
export function parisTime(at: string | Date | number): string {
  const ms = millis(at);
  return new Date(ms + parisOffset(ms)).toISOString().slice(11, 16);
}

/** Today in Paris ('YYYY-MM-DD'). */
export function parisToday(at: Date = now()): string {
  return parisDay(at);
}

/** Minutes since Paris midnight of an instant. */
export function parisMinuteOfDay(at: string | Date | number): number {
  const ms = millis(at);
  const local = new Date(ms + parisOffset(ms));
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The day `days` after a 'YYYY-MM-DD' day (negative: before): the core's. */
export { addDays };

/** The Monday of the ISO week holding a 'YYYY-MM-DD' day. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** A luxon DateTime in Paris (for formatting messages, not for hot loops). */
export function toParis(at: string | Date | number): DateTime {
  const value = typeof at === 'string' ? DateTime.fromISO(at, { zone: 'utc', setZone: true }) : typeof at === 'number' ? DateTime.fromMillis(at) : DateTime.fromJSDate(at);
  return value.setZone(CENTRE_TIME_ZONE);
}

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** An ISO 8601 date and time (offset optional: UTC when none). */
export function isInstant(value: unknown): value is string {
  return typeof value === 'string' && instantPattern.test(value) && utcIso(value) !== null;
}

const utcIsoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An ISO string with any offset (UTC when none) as UTC ISO ('2026-12-07T08:00:00.000Z'); null when it is not a date. */
export function utcIso(value: string | Date): string | null {
  // What browsers send (toISOString): already in this form when Date writes it back unchanged, no luxon needed.
  if (typeof value === 'string' && utcIsoPattern.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()) && date.toISOString() === value) return value;
  }
  const parsed = typeof value === 'string' ? DateTime.fromISO(value, { zone: 'utc', setZone: true }) : DateTime.fromJSDate(value);
  return parsed.isValid ? parsed.toUTC().toISO() : null;
}
