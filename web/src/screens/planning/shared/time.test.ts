import { describe, expect, it } from 'vitest';
import { formatSlot, fromCalendarTime, fromParisInput, mondayOf, parisDateTime, toCalendarTime, toParisInput } from './time';

describe('Paris time of lessons', () => {
  it('reads and writes datetime-local values as Paris wall-clock time, winter and summer', () => {
    expect(toParisInput('2026-12-07T08:00:00.000Z')).toBe('2026-12-07T09:00');
    expect(toParisInput('2026-06-08T07:00:00.000Z')).toBe('2026-06-08T09:00');
    expect(new Date(fromParisInput('2026-12-07T09:00')).toISOString()).toBe('2026-12-07T08:00:00.000Z');
    expect(new Date(parisDateTime('2026-06-08', '09:00')).toISOString()).toBe('2026-06-08T07:00:00.000Z');
    expect(fromParisInput('')).toBe('');
  });

  it('round-trips the calendar coerced times across the DST change', () => {
    // 29 March 2026: clocks go forward in Paris.
    const before = '2026-03-27T08:00:00.000Z';
    const after = '2026-03-30T07:00:00.000Z';
    expect(toCalendarTime(before)).toBe('2026-03-27T09:00:00');
    expect(toCalendarTime(after)).toBe('2026-03-30T09:00:00');
    expect(fromCalendarTime(new Date('2026-03-30T09:00:00Z'))).toBe('2026-03-30T07:00:00.000Z');
    expect(fromCalendarTime(new Date('2026-03-27T09:00:00Z'))).toBe('2026-03-27T08:00:00.000Z');
  });

  it('finds the Monday of a week and formats a slot', () => {
    expect(mondayOf('2026-12-10')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13T22:30:00.000Z')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13T23:30:00.000Z')).toBe('2026-12-14');
    expect(formatSlot('2026-12-07T08:00:00.000Z', '2026-12-07T11:00:00.000Z', 'en')).toMatch(/7 Dec 2026, 09:00–12:00$/);
  });
});
