import { describe, expect, it } from 'vitest';
import { addDays, eachDate, isIsoDate, startNotAfterEnd } from './dates.js';

describe('closure dates', () => {
  it('takes real calendar dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-1-01')).toBe(false);
    expect(isIsoDate(20270101)).toBe(false);
  });

  it('lets a closure last one day, never end before it starts', () => {
    expect(startNotAfterEnd('2027-05-07', '2027-05-07')).toBe(true);
    expect(startNotAfterEnd('2027-05-07', '2027-05-06')).toBe(false);
  });

  it('walks the days across months and years', () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(eachDate('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(eachDate('2028-03-02', '2028-03-01')).toEqual([]);
  });
});
