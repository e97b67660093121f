import { describe, expect, it } from 'vitest';
import { daysIncluded, isIsoDate, isIsoInstant, isTimeOfDay, parisDayOf, parisInstant, parisTimeOf, shiftDay, toUtcIso } from './resource-time.js';

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

  it('turns Paris wall-clock times into instants, winter and summer', () => {
    expect(parisInstant('2026-12-07', '09:00')).toBe('2026-12-07T08:00:00.000Z');
    expect(parisInstant('2026-07-07', '09:00')).toBe('2026-07-07T07:00:00.000Z');
    // The night the clocks go forward (29 March 2026): midnight is still +01:00, 09:00 is +02:00.
    expect(parisInstant('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(parisInstant('2026-03-29', '09:00')).toBe('2026-03-29T07:00:00.000Z');
  });

  it('reads the Paris day and time of an instant', () => {
    expect(parisDayOf('2026-12-06T23:30:00Z')).toBe('2026-12-07');
    expect(parisTimeOf('2026-12-06T23:30:00Z')).toBe('00:30');
    expect(parisDayOf(new Date('2026-07-01T22:15:00Z'))).toBe('2026-07-02');
    expect(toUtcIso('2026-12-07T09:00:00+01:00')).toBe('2026-12-07T08:00:00.000Z');
  });

  it('counts days both ends included and shifts days across months', () => {
    expect(daysIncluded('2026-12-07', '2026-12-07')).toBe(1);
    expect(daysIncluded('2026-12-07', '2026-12-08')).toBe(2);
    expect(daysIncluded('2026-03-01', '2026-04-01')).toBe(32);
    expect(daysIncluded('2026-12-08', '2026-12-07')).toBe(0);
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});
