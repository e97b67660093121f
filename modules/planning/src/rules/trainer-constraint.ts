import { daysIncluded } from './resource-time.js';
import { addDays, parisDay, parisTime, parisWallClock } from './lesson-time.js';

/** SPEC §5/§9: a constraint over the whole period covers at least two days. */
export const MIN_WHOLE_PERIOD_DAYS = 2;

/** A trainer constraint as its form writes it: whole days, or one day between two times (Paris). */
export interface ConstraintTimes {
  allDay: boolean;
  /** The first day (whole period) or the day (times). */
  startDate: string;
  /** The last day, included (whole period only). */
  endDate?: string | null;
  startTime?: string | null;
  endTime?: string | null;
}

/** Whole-period days chosen: `startDate` to `endDate`, both included. */
export function wholePeriodDays(startDate: string, endDate: string): number {
  return daysIncluded(startDate, endDate);
}

/** The instants a constraint holds: Paris midnight to midnight after the last day, or the day's two times. */
export function constraintInstants(input: ConstraintTimes): { startAt: string; endAt: string } {
  if (input.allDay) return { startAt: parisWallClock(input.startDate), endAt: parisWallClock(addDays(input.endDate ?? input.startDate, 1)) };
  return { startAt: parisWallClock(input.startDate, input.startTime ?? '00:00'), endAt: parisWallClock(input.startDate, input.endTime ?? '00:00') };
}

/** What the constraint form shows: days and times, all as text ('' for times of a whole period). */
export interface ConstraintFormTimes {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
}

/** Back from instants to what the form shows (the last day of a whole period is the day before its end). */
export function constraintFormTimes(allDay: boolean, startAt: string | Date, endAt: string | Date): ConstraintFormTimes {
  const startDate = parisDay(startAt);
  if (allDay) return { startDate, endDate: addDays(parisDay(endAt), -1), startTime: '', endTime: '' };
  return { startDate, endDate: startDate, startTime: parisTime(startAt), endTime: parisTime(endAt) };
}
