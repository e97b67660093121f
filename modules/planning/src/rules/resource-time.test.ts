import { describe, expect, it } from 'vitest';
import { daysIncluded, isIsoDate, isIsoInstant, isTimeOfDay } from './resource-time.js';

describe('resource time', () => {
  it('knows real days, times and instants with an offset', () => {
    expect(isIsoDate('2026-12-07')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('07/12/2026')).toBe(false);
    expect(isTimeOfDay('09:30')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(isIsoInstant('2026-12-07T09:00:00+01:00')).toBe(true);
    expect(isIsoInstant('2026-12-07T08:00:00.000Z')).toBe(true);
    // A floating local time would be read in the server's zone: refused.
    expect(isIsoInstant('2026-12-07T09:00:00')).toBe(false);
    expect(isIsoInstant('2026-13-07T09:00:00Z')).toBe(false);
  });

  it('counts days both ends included', () => {
    expect(daysIncluded('2026-12-07', '2026-12-07')).toBe(1);
    expect(daysIncluded('2026-12-07', '2026-12-08')).toBe(2);
    expect(daysIncluded('2026-03-01', '2026-04-01')).toBe(32);
    expect(daysIncluded('2026-12-08', '2026-12-07')).toBe(0);
  });
});
