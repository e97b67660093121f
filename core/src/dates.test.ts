import { describe, expect, it } from 'vitest';
import { addDays, eachDate, isIsoDate, todayIn } from './dates.js';

describe('calendar days', () => {
  it('knows a real day written YYYY-MM-DD from anything else', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    for (const value of ['2027-02-29', '2026-13-01', '2026-9-1', '2026-09-01T00:00:00Z', 20260901, null]) expect(isIsoDate(value)).toBe(false);
  });

  it('adds days across months, years and the clock changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(eachDate('2026-10-24', '2026-10-27')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27']);
    expect(eachDate('2026-10-27', '2026-10-24')).toEqual([]);
  });

  it('gives today in the centre\'s time zone', () => {
    expect(todayIn('Europe/Paris', new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
  });
});
