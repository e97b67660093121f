import { todayIn } from '@alterna/core/dates';
export { todayIn };
/** SPEC §9: of age at 18, a year being 365.25 days. */
export const ADULT_AGE = 18;
export const DAYS_PER_YEAR = 365.25;

const DAY_MS = 86_400_000;

function utcDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

/** The calendar date `years` after a date ('YYYY-MM-DD'); 29 February falls on 1 March in a common year. */
export function addYears(iso: string, years: number): string {
  const date = new Date(utcDay(iso));
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  if (date.getUTCMonth() !== month) date.setUTCDate(1);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one date to another ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

/**
 * Under 18 on `today` (SPEC §4/§5): less than 18 years of 365.25 days. On the 18th birthday itself the
 * person is of age, even when only four leap days make those years 6574 days, half a day short of 18 × 365.25.
 */
export function isUnder18(dateOfBirth: string, today: string): boolean {
  return daysBetween(dateOfBirth, today) < ADULT_AGE * DAYS_PER_YEAR && today < addYears(dateOfBirth, ADULT_AGE);
}


export { isIsoDate } from '@alterna/core/dates';
