import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeSeconds, formatDayMonth, formatLongDate, formatNumber, formatPercent, formatTime, formatWeekdayDate, formatWeekdayDateTime, instantOfWallTime, personName, typography } from './format.js';

const nnbsp = '\u202f';

describe('dates and times in the campus zone and the reader language', () => {
  // 22:26:58 UTC on 28 November is 23:26 in Paris (winter, +01:00).
  const winter = '2026-11-28T22:26:58Z';
  // 22:26 UTC on 30 June is 00:26 on 1 July in Paris (summer, +02:00): the Paris day, not the UTC one.
  const summer = '2026-06-30T22:26:00Z';

  it('writes a date-time in Paris, French and English', () => {
    expect(formatDateTime(winter, 'fr')).toBe('28/11/2026 23:26');
    expect(formatDateTime(winter, 'en')).toBe('28/11/2026, 23:26');
    expect(formatDateTime(summer, 'fr')).toBe('01/07/2026 00:26');
    expect(formatDateTime(new Date(winter), 'fr')).toBe('28/11/2026 23:26');
    expect(formatDateTime(Date.parse(winter), 'fr')).toBe('28/11/2026 23:26');
  });

  it('writes a message\'s instant with its weekday, the first of the month as French writes it', () => {
    expect(formatWeekdayDateTime('2026-12-01T07:30:00Z', 'fr')).toBe('mardi 1er décembre 2026 à 08:30');
    expect(formatWeekdayDateTime('2026-12-01T07:30:00Z', 'en')).toBe('Tuesday, 1 December 2026 at 08:30');
    expect(formatWeekdayDateTime(winter, 'fr')).toBe('samedi 28 novembre 2026 à 23:26');
  });

  it('writes an instant to the second for a proof', () => {
    expect(formatDateTimeSeconds(winter, 'fr')).toBe('28/11/2026 23:26:58');
    expect(formatDateTimeSeconds(winter, 'en')).toBe('28/11/2026, 23:26:58');
    expect(formatDateTimeSeconds(summer, 'fr')).toBe('01/07/2026 00:26:00');
    expect(formatDateTimeSeconds('', 'fr')).toBe('');
  });

  it('reads an instant in another campus zone when given one', () => {
    expect(formatDateTime(winter, 'fr', 'America/Cayenne')).toBe('28/11/2026 19:26');
  });

  it('writes a date and a time', () => {
    expect(formatDate(summer, 'fr')).toBe('01/07/2026');
    expect(formatDate(summer, 'en')).toBe('01/07/2026');
    expect(formatTime(winter, 'fr')).toBe('23:26');
    expect(formatTime(winter, 'en')).toBe('23:26');
  });

  it('keeps a calendar day the same day in any zone', () => {
    expect(formatDate('2026-12-01', 'fr')).toBe('01/12/2026');
    expect(formatDate('2026-12-01', 'fr', 'Pacific/Kiritimati')).toBe('01/12/2026');
    expect(formatDate('2026-12-01', 'en', 'America/Los_Angeles')).toBe('01/12/2026');
    expect(formatDateTime('2026-12-01', 'fr')).toBe('01/12/2026');
  });

  it('writes the first of the month 1er in French', () => {
    expect(formatDayMonth('2026-12-01', 'fr')).toBe('1er décembre');
    expect(formatDayMonth('2026-12-11', 'fr')).toBe('11 décembre');
    expect(formatDayMonth('2026-12-01', 'en')).toBe('1 December');
    expect(formatLongDate('2026-12-01', 'fr')).toBe('1er décembre 2026');
    expect(formatLongDate('2026-12-21', 'fr')).toBe('21 décembre 2026');
    expect(formatWeekdayDate('2026-12-01', 'fr')).toBe('mardi 1er décembre 2026');
    expect(formatWeekdayDate('2026-12-01', 'en')).toBe('Tuesday, 1 December 2026');
  });

  it('gives an empty text for nothing or no date', () => {
    for (const value of [null, undefined, '', 'not a date', '2026-02-30x']) {
      expect(formatDateTime(value, 'fr')).toBe('');
      expect(formatDate(value, 'en')).toBe('');
      expect(formatTime(value, 'fr')).toBe('');
    }
  });

  it('reads any other language as French', () => {
    expect(formatDateTime(winter, 'de')).toBe('28/11/2026 23:26');
    expect(formatDateTime(winter, undefined)).toBe('28/11/2026 23:26');
    expect(formatDateTime(winter, 'en-US')).toBe('28/11/2026, 23:26');
  });
});

describe('numbers', () => {
  it('writes decimals the language way', () => {
    expect(formatNumber(13.5, 'fr')).toBe('13,5');
    expect(formatNumber(13.5, 'en')).toBe('13.5');
    expect(formatNumber(13.834, 'fr')).toBe('13,83');
    expect(formatNumber(13.5, 'fr', { minimumFractionDigits: 2 })).toBe('13,50');
    expect(formatNumber(1234.5, 'fr')).toBe(`1${nnbsp}234,5`);
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(null, 'fr')).toBe('');
    expect(formatNumber(Number.NaN, 'fr')).toBe('');
  });

  it('writes percentages with a narrow no-break space in French', () => {
    expect(formatPercent(0.991, 'fr')).toBe(`99,1${nnbsp}%`);
    expect(formatPercent(0.991, 'en')).toBe('99.1%');
    expect(formatPercent(1, 'fr')).toBe(`100${nnbsp}%`);
    expect(formatPercent(undefined, 'fr')).toBe('');
  });
});

describe('names', () => {
  it('writes first name then last name', () => {
    expect(personName({ firstName: 'Lucas', lastName: 'Girard' })).toBe('Lucas Girard');
    expect(personName({ firstName: ' Lucas ', lastName: null })).toBe('Lucas');
    expect(personName(null)).toBe('');
  });
});

describe('French typography', () => {
  it('puts a narrow no-break space before ? ! ; :', () => {
    expect(typography('Envoyer à 214 personnes ?', 'fr')).toBe(`Envoyer à 214 personnes${nnbsp}?`);
    expect(typography('Attention!', 'fr')).toBe(`Attention${nnbsp}!`);
    expect(typography('Moyenne : 13,5 ; rang: 2', 'fr')).toBe(`Moyenne${nnbsp}: 13,5${nnbsp}; rang${nnbsp}: 2`);
    expect(typography('Vraiment ?!', 'fr')).toBe(`Vraiment${nnbsp}?!`);
  });

  it('leaves times, addresses and English alone', () => {
    expect(typography('à 10:30 sur https://example.org', 'fr')).toBe('à 10:30 sur https://example.org');
    expect(typography('Send to 214 people?', 'en')).toBe('Send to 214 people?');
  });
});

describe('SPEC §9 date and time read on the campus clock', () => {
  it('reads YYYY-MM-DD HH:MM:SS in Paris, winter and summer, or another zone', () => {
    expect(instantOfWallTime('2026-12-07 09:00:00')).toBe('2026-12-07T08:00:00.000Z');
    expect(instantOfWallTime('2026-07-01 00:26:30')).toBe('2026-06-30T22:26:30.000Z');
    expect(instantOfWallTime('2026-12-07 09:00:00', 'America/Cayenne')).toBe('2026-12-07T12:00:00.000Z');
    // The last Sunday of October: 03:30 is after the change back to winter time.
    expect(instantOfWallTime('2026-10-25 03:30:00')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('refuses any other text and impossible dates or times', () => {
    for (const text of ['2026-12-07T09:00:00', '2026-12-07 09:00', '2026-02-30 09:00:00', '2026-12-07 24:00:00', '2026-12-07 09:60:00', '07/12/2026 09:00:00', '']) {
      expect(instantOfWallTime(text), text).toBeNull();
    }
  });
});
