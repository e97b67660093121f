import { describe, expect, it } from 'vitest';
import { publicHolidays, publicHolidaysBetween } from './holidays.js';

describe('public holidays of metropolitan France', () => {
  it('has the eleven days of a year, moving feasts included, without the Alsace-Moselle ones', () => {
    const days = publicHolidays(2025);
    expect(days).toHaveLength(11);
    expect(days.map((d) => `${d.date} ${d.key}`)).toEqual([
      '2025-01-01 newYear',
      '2025-04-21 easterMonday',
      '2025-05-01 labourDay',
      '2025-05-08 victoryDay',
      '2025-05-29 ascension',
      '2025-06-09 whitMonday',
      '2025-07-14 bastilleDay',
      '2025-08-15 assumption',
      '2025-11-01 allSaints',
      '2025-11-11 armistice',
      '2025-12-25 christmas',
    ]);
    expect(days.find((d) => d.key === 'whitMonday')?.frenchName).toBe('Lundi de Pentecôte');
  });

  it('keeps the right dates whatever the server time zone', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(publicHolidays(2027).find((d) => d.key === 'easterMonday')?.date).toBe('2027-03-29');
      process.env.TZ = 'America/Los_Angeles';
      expect(publicHolidays(2027).find((d) => d.key === 'easterMonday')?.date).toBe('2027-03-29');
    } finally {
      process.env.TZ = before;
    }
  });

  it('gives the holidays of a period spanning two years', () => {
    expect(publicHolidaysBetween('2026-12-20', '2027-01-04').map((d) => d.date)).toEqual(['2026-12-25', '2027-01-01']);
    expect(publicHolidays(1)).toEqual([]);
  });
});
