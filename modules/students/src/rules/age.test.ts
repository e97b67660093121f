import { describe, expect, it } from 'vitest';
import { addYears, isUnder18 } from './age.js';
import { isMinor } from '../validation/index.js';

describe('the 18-year boundary (years of 365.25 days)', () => {
  it('is under 18 the day before the 18th birthday and of age on the day itself', () => {
    // 2008-06-15 → 2026-06-15 holds four leap days: 6574 days.
    expect(isUnder18('2008-06-15', '2026-06-14')).toBe(true);
    expect(isUnder18('2008-06-15', '2026-06-15')).toBe(false);
    // 2004-01-10 → 2022-01-10 holds five: 6575 days.
    expect(isUnder18('2004-01-10', '2022-01-09')).toBe(true);
    expect(isUnder18('2004-01-10', '2022-01-10')).toBe(false);
  });

  it('counts a 29 February birthday from 1 March in a common year', () => {
    expect(addYears('2008-02-29', 18)).toBe('2026-03-01');
    expect(isUnder18('2008-02-29', '2026-02-28')).toBe(true);
    expect(isUnder18('2008-02-29', '2026-03-01')).toBe(false);
  });

  it('treats a 17-year-old as a minor and a 30-year-old as an adult', () => {
    expect(isUnder18('2009-01-01', '2026-11-22')).toBe(true);
    expect(isUnder18('1996-05-04', '2026-11-22')).toBe(false);
  });

  it('only judges a valid date', () => {
    expect(isMinor('', '2026-11-22')).toBe(false);
    expect(isMinor('2026-02-30', '2026-11-22')).toBe(false);
    expect(isMinor('2010-02-03', '2026-11-22')).toBe(true);
  });
});
