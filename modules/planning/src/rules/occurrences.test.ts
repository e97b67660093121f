import { describe, expect, it } from 'vitest';
import { expandOccurrences, isClosedDay, lastAllowedDate, occurrenceDates, type OccurrenceRule } from './occurrences.js';
import { isoWeekday } from './lesson-time.js';
import { shiftPeriod } from './bulk-shift.js';

const rule = (values: Partial<OccurrenceRule>): OccurrenceRule => ({
  frequency: 'daily', startDate: '2026-12-07', endDate: '2026-12-13', startTime: '09:00', endTime: '11:00', ...values,
});

describe('occurrence expansion', () => {
  it('every day: each day from start to end, both included', () => {
    expect(occurrenceDates(rule({}))).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13']);
    expect(occurrenceDates(rule({ endDate: '2026-12-07' }))).toEqual(['2026-12-07']);
    expect(occurrenceDates(rule({ startDate: '2026-12-08', endDate: '2026-12-07' }))).toEqual([]);
  });

  it('every day: the days the campus is closed are known, to be reported as skipped', () => {
    const days = expandOccurrences(rule({}));
    const monToFri = [1, 2, 3, 4, 5];
    expect(days.filter((d) => isClosedDay(d.date, monToFri)).map((d) => d.date)).toEqual(['2026-12-12', '2026-12-13']);
    expect(days.filter((d) => isClosedDay(d.date, [1, 2, 3, 4, 5, 6])).map((d) => d.date)).toEqual(['2026-12-13']);
    expect(days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('every week: only the chosen ISO weekdays', () => {
    expect(occurrenceDates(rule({ frequency: 'weekly', days: [1, 3], endDate: '2026-12-20' }))).toEqual(['2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16']);
    expect(occurrenceDates(rule({ frequency: 'weekly', days: [7], endDate: '2026-12-20' }))).toEqual(['2026-12-13', '2026-12-20']);
    expect(occurrenceDates(rule({ frequency: 'weekly', days: [] }))).toEqual([]);
  });

  it('every month: the ordinal weekday of each month inside the range', () => {
    const secondTuesday = rule({ frequency: 'monthly', ordinal: 2, weekday: 2, startDate: '2027-01-01', endDate: '2027-06-30' });
    expect(occurrenceDates(secondTuesday)).toEqual(['2027-01-12', '2027-02-09', '2027-03-09', '2027-04-13', '2027-05-11', '2027-06-08']);
    // The range cuts the first and last months.
    expect(occurrenceDates({ ...secondTuesday, startDate: '2027-01-13', endDate: '2027-06-07' })).toEqual(['2027-02-09', '2027-03-09', '2027-04-13', '2027-05-11']);
  });

  it('every month: ordinals 1 to 4 exist in every month, February of a common year included', () => {
    // February 2027 starts on a Monday and has exactly four of each weekday.
    expect(occurrenceDates(rule({ frequency: 'monthly', ordinal: 4, weekday: 1, startDate: '2027-02-01', endDate: '2027-02-28' }))).toEqual(['2027-02-22']);
    expect(occurrenceDates(rule({ frequency: 'monthly', ordinal: 4, weekday: 7, startDate: '2027-02-01', endDate: '2027-02-28' }))).toEqual(['2027-02-28']);
    expect(occurrenceDates(rule({ frequency: 'monthly', ordinal: 1, weekday: 1, startDate: '2026-09-01', endDate: '2027-08-31' }))).toHaveLength(12);
    for (let ordinal = 1; ordinal <= 4; ordinal++) {
      for (let weekday = 1; weekday <= 7; weekday++) {
        const dates = occurrenceDates(rule({ frequency: 'monthly', ordinal, weekday, startDate: '2026-01-01', endDate: '2026-12-31' }));
        expect(dates).toHaveLength(12);
        for (const date of dates) {
          expect(isoWeekday(date)).toBe(weekday);
          expect(Math.ceil(Number(date.slice(8, 10)) / 7)).toBe(ordinal);
        }
      }
    }
  });

  it('a month without ordinal or weekday gives nothing', () => {
    expect(occurrenceDates(rule({ frequency: 'monthly', ordinal: null, weekday: 2 }))).toEqual([]);
  });

  it('converts the Paris wall-clock to UTC across the spring change (last Sunday of March)', () => {
    const days = expandOccurrences(rule({ frequency: 'daily', startDate: '2027-03-27', endDate: '2027-03-29' }));
    expect(days.map((d) => [d.date, d.startAt, d.endAt])).toEqual([
      ['2027-03-27', '2027-03-27T08:00:00.000Z', '2027-03-27T10:00:00.000Z'],
      ['2027-03-28', '2027-03-28T07:00:00.000Z', '2027-03-28T09:00:00.000Z'],
      ['2027-03-29', '2027-03-29T07:00:00.000Z', '2027-03-29T09:00:00.000Z'],
    ]);
    const mondays = expandOccurrences(rule({ frequency: 'weekly', days: [1], startDate: '2027-03-22', endDate: '2027-04-05' }));
    expect(mondays.map((d) => d.startAt)).toEqual(['2027-03-22T08:00:00.000Z', '2027-03-29T07:00:00.000Z', '2027-04-05T07:00:00.000Z']);
  });

  it('converts the Paris wall-clock to UTC across the autumn change (last Sunday of October)', () => {
    const mondays = expandOccurrences(rule({ frequency: 'weekly', days: [1], startDate: '2027-10-25', endDate: '2027-11-08' }));
    expect(mondays.map((d) => d.startAt)).toEqual(['2027-10-25T07:00:00.000Z', '2027-11-01T08:00:00.000Z', '2027-11-08T08:00:00.000Z']);
    const sunday = expandOccurrences(rule({ frequency: 'daily', startDate: '2027-10-31', endDate: '2027-10-31', startTime: '01:30', endTime: '04:00' }));
    // 01:30 is still summer time; 04:00 is winter time: the lesson lasts three and a half hours that night.
    expect(sunday.map((d) => [d.startAt, d.endAt])).toEqual([['2027-10-30T23:30:00.000Z', '2027-10-31T03:00:00.000Z']]);
  });

  it('allows at most one year', () => {
    expect(lastAllowedDate('2026-09-01')).toBe('2027-09-01');
    expect(lastAllowedDate('2028-02-29')).toBe('2029-02-28');
  });
});

describe('a mass move', () => {
  const lesson = { startAt: '2027-03-22T08:00:00.000Z', endAt: '2027-03-22T10:00:00.000Z' };

  it('keeps the Paris wall-clock for days and weeks across a change of time', () => {
    expect(shiftPeriod(lesson, { delay: 1, unit: 'weeks', direction: 'later' })).toEqual({ startAt: '2027-03-29T07:00:00.000Z', endAt: '2027-03-29T09:00:00.000Z' });
    expect(shiftPeriod(lesson, { delay: 7, unit: 'days', direction: 'later' })).toEqual({ startAt: '2027-03-29T07:00:00.000Z', endAt: '2027-03-29T09:00:00.000Z' });
    expect(shiftPeriod(lesson, { delay: 1, unit: 'days', direction: 'earlier' })).toEqual({ startAt: '2027-03-21T08:00:00.000Z', endAt: '2027-03-21T10:00:00.000Z' });
  });

  it('adds elapsed time for minutes and hours', () => {
    expect(shiftPeriod(lesson, { delay: 90, unit: 'minutes', direction: 'later' })).toEqual({ startAt: '2027-03-22T09:30:00.000Z', endAt: '2027-03-22T11:30:00.000Z' });
    expect(shiftPeriod(lesson, { delay: 2, unit: 'hours', direction: 'earlier' })).toEqual({ startAt: '2027-03-22T06:00:00.000Z', endAt: '2027-03-22T08:00:00.000Z' });
  });
});
