import { describe, expect, it } from 'vitest';
import { formatDateTime, percent } from './format';

describe('formatDateTime', () => {
  it('formats YYYY-MM-DD HH:MM:SS in local time', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 7, 8, 9))).toBe('2024-03-05 07:08:09');
  });
  it('returns an empty string for empty or invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('percent', () => {
  it('rounds and clamps', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 0)).toBe(0);
    expect(percent(7, 5)).toBe(100);
  });
});
