import { describe, expect, it } from 'vitest';
import { constraintFormTimes, constraintInstants, wholePeriodDays } from './trainer-constraint.js';

describe('trainer constraint times', () => {
  it('holds whole Paris days from the first midnight to the midnight after the last day', () => {
    expect(constraintInstants({ allDay: true, startDate: '2026-12-07', endDate: '2026-12-08' })).toEqual({
      startAt: '2026-12-06T23:00:00.000Z',
      endAt: '2026-12-08T23:00:00.000Z',
    });
    // Across the change to summer time the last midnight is at +02:00.
    expect(constraintInstants({ allDay: true, startDate: '2026-03-28', endDate: '2026-03-29' })).toEqual({
      startAt: '2026-03-27T23:00:00.000Z',
      endAt: '2026-03-29T22:00:00.000Z',
    });
    expect(wholePeriodDays('2026-12-07', '2026-12-08')).toBe(2);
  });

  it('holds one day between two times otherwise', () => {
    expect(constraintInstants({ allDay: false, startDate: '2026-07-07', startTime: '08:30', endTime: '12:00', endDate: '2026-07-20' })).toEqual({
      startAt: '2026-07-07T06:30:00.000Z',
      endAt: '2026-07-07T10:00:00.000Z',
    });
  });

  it('gives the form its days and times back', () => {
    expect(constraintFormTimes(true, new Date('2026-12-06T23:00:00.000Z'), new Date('2026-12-08T23:00:00.000Z'))).toEqual({
      startDate: '2026-12-07', endDate: '2026-12-08', startTime: '', endTime: '',
    });
    expect(constraintFormTimes(false, '2026-07-07T06:30:00.000Z', '2026-07-07T10:00:00.000Z')).toEqual({
      startDate: '2026-07-07', endDate: '2026-07-07', startTime: '08:30', endTime: '12:00',
    });
  });
});
