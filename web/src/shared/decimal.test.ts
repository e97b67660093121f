import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal, sameDecimal } from './decimal';

describe('parseDecimal (what a numeric field reports as the person types)', () => {
  it('takes a comma or a point as the decimal separator, whatever the language', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('8,75')).toBe(8.75);
    expect(parseDecimal(' 0,25 ')).toBe(0.25);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('-3,5')).toBe(-3.5);
  });

  it('keeps the number while the decimals are still to come: 12, and 12. are 12', () => {
    expect(parseDecimal('1')).toBe(1);
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal('12,')).toBe(12);
    expect(parseDecimal('12.')).toBe(12);
  });

  it('never clamps or rounds: the schema says what is out of range', () => {
    expect(parseDecimal('21')).toBe(21);
    expect(parseDecimal('1,234')).toBe(1.234);
  });

  it('reads blank as none and anything else as not a number', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('   ')).toBeNull();
    for (const text of ['abc', ',', '.', '-', '12,5,3', '12.5.3', '1 000', '1e3', '12a', '0x10']) expect(parseDecimal(text), text).toBeNaN();
  });
});

describe('formatDecimal', () => {
  it('writes the language\'s way, without grouping', () => {
    expect(formatDecimal(12.5, 'fr')).toBe('12,5');
    expect(formatDecimal(12.5, 'en')).toBe('12.5');
    expect(formatDecimal(1500, 'fr')).toBe('1500');
    expect(formatDecimal(20, 'en')).toBe('20');
  });

  it('writes nothing for none or not a number', () => {
    expect(formatDecimal(null, 'fr')).toBe('');
    expect(formatDecimal(undefined, 'en')).toBe('');
    expect(formatDecimal(Number.NaN, 'fr')).toBe('');
  });

  it('reads back what it writes', () => {
    for (const value of [0, 0.5, 8.75, 12.5, 20, 999.99]) for (const language of ['fr', 'en'] as const) expect(parseDecimal(formatDecimal(value, language))).toBe(value);
  });
});

describe('sameDecimal', () => {
  it('compares numbers, none and not-a-number', () => {
    expect(sameDecimal(12.5, 12.5)).toBe(true);
    expect(sameDecimal(null, undefined)).toBe(true);
    expect(sameDecimal(Number.NaN, Number.NaN)).toBe(true);
    expect(sameDecimal(12, 12.5)).toBe(false);
    expect(sameDecimal(null, 0)).toBe(false);
    expect(sameDecimal(Number.NaN, null)).toBe(false);
  });
});
