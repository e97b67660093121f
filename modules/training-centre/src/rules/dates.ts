import { addDays, eachDate, isIsoDate } from '@alterna/core/dates';
/** Calendar dates as 'YYYY-MM-DD' strings, the way DATE columns come back: the core's helpers. */
export { addDays, eachDate, isIsoDate };

/** A closure may last a single day: start and end may be equal, never reversed. */
export function startNotAfterEnd(startDate: string, endDate: string): boolean {
  return startDate <= endDate;
}

/** The later of two dates, and the earlier. */
export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);
