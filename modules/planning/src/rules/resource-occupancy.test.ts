import { describe, expect, it } from 'vitest';
import { daysOf, isOccupancyType, OCCUPANCY_MAX_DAYS, periodContaining, shiftPeriod } from './resource-occupancy.js';

describe('occupancy periods', () => {
  it('finds the day, the Monday-to-Sunday week and the month containing a day', () => {
    expect(periodContaining('day', '2026-12-09')).toEqual({ type: 'day', startDate: '2026-12-09', endDate: '2026-12-09' });
    expect(periodContaining('week', '2026-12-09')).toEqual({ type: 'week', startDate: '2026-12-07', endDate: '2026-12-13' });
    expect(periodContaining('week', '2026-12-13')).toEqual({ type: 'week', startDate: '2026-12-07', endDate: '2026-12-13' });
    expect(periodContaining('month', '2027-02-14')).toEqual({ type: 'month', startDate: '2027-02-01', endDate: '2027-02-28' });
  });

  it('moves to the previous and next period of the same kind', () => {
    expect(shiftPeriod({ type: 'day', startDate: '2026-12-31', endDate: '2026-12-31' }, 1)).toEqual({ type: 'day', startDate: '2027-01-01', endDate: '2027-01-01' });
    expect(shiftPeriod({ type: 'week', startDate: '2026-12-28', endDate: '2027-01-03' }, -1)).toEqual({ type: 'week', startDate: '2026-12-21', endDate: '2026-12-27' });
    expect(shiftPeriod({ type: 'month', startDate: '2027-01-01', endDate: '2027-01-31' }, 1)).toEqual({ type: 'month', startDate: '2027-02-01', endDate: '2027-02-28' });
    expect(shiftPeriod({ type: 'month', startDate: '2027-01-01', endDate: '2027-01-31' }, -1)).toEqual({ type: 'month', startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('lists the days of a period, never more than the limit', () => {
    expect(daysOf('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysOf('2026-01-01', '2026-12-31')).toHaveLength(OCCUPANCY_MAX_DAYS);
    expect(daysOf('2026-12-02', '2026-12-01')).toEqual([]);
    expect(isOccupancyType('week')).toBe(true);
    expect(isOccupancyType('year')).toBe(false);
  });
});
