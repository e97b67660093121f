import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, parisDay, parisInstant, parisMinuteOfDay, parisTime, parisWallClock, utcIso } from './lesson-time.js';

describe('Paris days and times', () => {
  it('a lesson at 00:30 in Paris belongs to that Paris day, in winter and in summer', () => {
    expect(parisDay('2026-12-06T23:30:00.000Z')).toBe('2026-12-07');
    expect(parisDay('2027-06-06T22:30:00.000Z')).toBe('2027-06-07');
    expect(parisDay('2027-06-06T21:30:00.000Z')).toBe('2027-06-06');
  });

  it('places wall-clock times across the DST changes (last Sundays of March and October)', () => {
    expect(new Date(parisInstant('2027-03-27', 9)).toISOString()).toBe('2027-03-27T08:00:00.000Z');
    expect(new Date(parisInstant('2027-03-29', 9)).toISOString()).toBe('2027-03-29T07:00:00.000Z');
    expect(new Date(parisInstant('2027-03-28', 12)).toISOString()).toBe('2027-03-28T10:00:00.000Z');
    expect(new Date(parisInstant('2026-10-25', 12)).toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(new Date(parisInstant('2026-10-24', 12)).toISOString()).toBe('2026-10-24T10:00:00.000Z');
    expect(parisMinuteOfDay('2027-03-29T07:15:00.000Z')).toBe(9 * 60 + 15);
  });

  it('weekdays, day arithmetic and ISO input with offsets', () => {
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-13')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-28', -1)).toBe('2027-03-27');
    expect(utcIso('2026-12-07T09:00:00+01:00')).toBe('2026-12-07T08:00:00.000Z');
    expect(utcIso('2026-12-07T08:00:00Z')).toBe('2026-12-07T08:00:00.000Z');
    expect(utcIso('nope')).toBeNull();
  });

  it('takes what toISOString writes as it is, and still refuses what only looks like it', () => {
    expect(utcIso('2026-12-07T08:00:00.000Z')).toBe('2026-12-07T08:00:00.000Z');
    expect(utcIso('2028-02-29T23:59:59.999Z')).toBe('2028-02-29T23:59:59.999Z');
    // Date rolls these over or refuses them: luxon answers, as it did for every string before.
    expect(utcIso('2026-02-30T08:00:00.000Z')).toBeNull();
    expect(utcIso('2026-13-01T08:00:00.000Z')).toBeNull();
    expect(utcIso('2026-12-07T24:00:00.000Z')).toBe('2026-12-08T00:00:00.000Z');
  });
});

describe('Paris days and wall-clock times', () => {
  it('turns Paris wall-clock times into instants, winter and summer', () => {
    expect(parisWallClock('2026-12-07', '09:00')).toBe('2026-12-07T08:00:00.000Z');
    expect(parisWallClock('2026-07-07', '09:00')).toBe('2026-07-07T07:00:00.000Z');
    // The night the clocks go forward (29 March 2026): midnight is still +01:00, 09:00 is +02:00.
    expect(parisWallClock('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(parisWallClock('2026-03-29', '09:00')).toBe('2026-03-29T07:00:00.000Z');
  });

  it('reads the Paris day and time of an instant', () => {
    expect(parisDay('2026-12-06T23:30:00Z')).toBe('2026-12-07');
    expect(parisTime('2026-12-06T23:30:00Z')).toBe('00:30');
    expect(parisDay(new Date('2026-07-01T22:15:00Z'))).toBe('2026-07-02');
    expect(utcIso('2026-12-07T09:00:00+01:00')).toBe('2026-12-07T08:00:00.000Z');
  });

  it('shifts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads instants back as Paris days', () => {
    expect(parisWallClock('2026-12-07', '00:30')).toBe('2026-12-06T23:30:00.000Z');
    expect(parisDay('2026-12-06T23:30:00.000Z')).toBe('2026-12-07');
  });
});
