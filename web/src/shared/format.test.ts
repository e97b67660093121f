import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatNumber, formatPercent, formatTime, percent, personName, typography } from './format';

const nnbsp = '\u202f';
const original = i18n.language;
afterEach(() => {
  i18n.language = original;
});

describe('the web formats in the page language and Paris time', () => {
  it('follows the page language when none is given', () => {
    i18n.language = 'fr';
    expect(formatDateTime('2026-11-28T22:26:58Z')).toBe('28/11/2026 23:26');
    expect(formatNumber(13.5)).toBe('13,5');
    expect(formatPercent(0.991)).toBe(`99,1${nnbsp}%`);
    expect(typography('Envoyer ?')).toBe(`Envoyer${nnbsp}?`);
    i18n.language = 'en';
    expect(formatDateTime('2026-11-28T22:26:58Z')).toBe('28/11/2026, 23:26');
    expect(formatNumber(13.5)).toBe('13.5');
    expect(formatPercent(0.991)).toBe('99.1%');
    expect(typography('Send?')).toBe('Send?');
  });

  it('takes a language when given', () => {
    expect(formatDate('2026-12-01', 'fr')).toBe('01/12/2026');
    expect(formatDayMonth('2026-12-01', 'fr')).toBe('1er décembre');
    expect(formatDayMonth('2026-12-01', 'en')).toBe('1 December');
    expect(formatTime('2026-07-01T07:05:00Z', 'en')).toBe('09:05');
    expect(formatNumber(13.834, { minimumFractionDigits: 2 }, 'fr')).toBe('13,83');
  });

  it('never shows an ISO text', () => {
    for (const language of ['fr', 'en']) {
      for (const value of ['2026-11-28T22:26:58Z', '2026-11-28T22:26:58.123+00:00', '2026-11-28']) {
        expect(formatDateTime(value, language)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        expect(formatDate(value, language)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      }
    }
  });

  it('returns an empty string for empty or invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names people first name, last name', () => {
    expect(personName({ firstName: 'Lucas', lastName: 'Girard' })).toBe('Lucas Girard');
  });
});

describe('percent', () => {
  it('rounds and clamps', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 0)).toBe(0);
    expect(percent(7, 5)).toBe(100);
  });
});
