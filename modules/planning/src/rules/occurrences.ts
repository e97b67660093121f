// The days of a mass creation (SPEC §5 "Frequencies: every day, every week, every month") and their Paris
// wall-clock times in UTC. Pure: the validation (web and server) and the workflow's prepare step share it.
import { isoWeekday, parisWallClock } from './lesson-time.js';

export const frequencies = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof frequencies)[number];

/** Step 1 of the mass creation wizard, as far as dates go. Dates 'YYYY-MM-DD', times 'HH:mm', weekdays ISO (1 = Monday). */
export interface OccurrenceRule {
  frequency: Frequency;
  /** Weekly: the chosen weekdays. */
  days?: readonly number[] | null;
  /** Monthly: "the 2nd Tuesday" is ordinal 2, weekday 2. */
  ordinal?: number | null;
  weekday?: number | null;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
}

export interface Occurrence {
  /** The Paris day. */
  date: string;
  /** ISO weekday of that day. */
  weekday: number;
  startAt: string;
  endAt: string;
}

const dayMs = 86_400_000;
const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every 'YYYY-MM-DD' from `from` to `to`, both included. */
function* daysBetween(from: string, to: string): Generator<string> {
  for (let ms = utcDay(from), end = utcDay(to); ms <= end; ms += dayMs) yield isoDate(ms);
}

/** The `ordinal`-th `weekday` of the month of `monthStart` ('YYYY-MM-01'); ordinals 1..4 exist in every month. */
function nthWeekday(monthStart: string, ordinal: number, weekday: number): string {
  const first = isoWeekday(monthStart);
  return isoDate(utcDay(monthStart) + (((weekday - first + 7) % 7) + (ordinal - 1) * 7) * dayMs);
}

/** The days the rule picks between its start and end dates (both included), in order. No time zone involved. */
export function occurrenceDates(rule: OccurrenceRule): string[] {
  const { startDate, endDate } = rule;
  if (!(utcDay(startDate) <= utcDay(endDate))) return [];
  if (rule.frequency === 'daily') return [...daysBetween(startDate, endDate)];
  if (rule.frequency === 'weekly') {
    const chosen = new Set(rule.days ?? []);
    return [...daysBetween(startDate, endDate)].filter((date) => chosen.has(isoWeekday(date)));
  }
  const { ordinal, weekday } = rule;
  if (!ordinal || !weekday) return [];
  const dates: string[] = [];
  let [year, month] = [Number(startDate.slice(0, 4)), Number(startDate.slice(5, 7))];
  for (;;) {
    const monthStart = `${year}-${String(month).padStart(2, '0')}-01`;
    if (monthStart > endDate) break;
    const date = nthWeekday(monthStart, ordinal, weekday);
    if (date >= startDate && date <= endDate) dates.push(date);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return dates;
}

/** The rule's occurrences with their UTC periods. */
export function expandOccurrences(rule: OccurrenceRule): Occurrence[] {
  return occurrenceDates(rule).map((date) => ({
    date,
    weekday: isoWeekday(date),
    startAt: parisWallClock(date, rule.startTime),
    endAt: parisWallClock(date, rule.endTime),
  }));
}

/** Whether a campus is closed that day (its open days are ISO weekdays): a mass creation skips it as `closedDay`. */
export function isClosedDay(date: string, openDays: readonly number[]): boolean {
  return !openDays.includes(isoWeekday(date));
}

/** The last day a series may reach: one year after its start (a longer range is refused). */
export function lastAllowedDate(startDate: string): string {
  const [year, month, day] = [Number(startDate.slice(0, 4)), startDate.slice(5, 7), startDate.slice(8, 10)];
  // 29 February plus a year is 28 February (or 1 March would exceed a year).
  const candidate = `${year + 1}-${month}-${day}`;
  return Number.isNaN(utcDay(candidate)) || isoDate(utcDay(candidate)) !== candidate ? `${year + 1}-${month}-28` : candidate;
}
