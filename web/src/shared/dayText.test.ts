import { describe, expect, it } from 'vitest';
import { parseDayText } from './dayText';

describe('parseDayText', () => {
  it('reads the French order on French pages and the US order on English ones', () => {
    expect(parseDayText('05/03/2027', 'fr')).toBe('2027-03-05');
    expect(parseDayText('05/03/2027', 'en')).toBe('2027-05-03');
    expect(parseDayText('5/3/2027', 'fr')).toBe('2027-03-05');
  });
  it('accepts an ISO day in both languages', () => {
    expect(parseDayText(' 2027-03-05 ', 'fr')).toBe('2027-03-05');
    expect(parseDayText('2027-03-05', 'en')).toBe('2027-03-05');
  });
  it('refuses days that do not exist and other text', () => {
    expect(parseDayText('31/02/2027', 'fr')).toBeNull();
    expect(parseDayText('13/31/2027', 'en')).toBeNull();
    expect(parseDayText('demain', 'fr')).toBeNull();
    expect(parseDayText('', 'en')).toBeNull();
  });
});
