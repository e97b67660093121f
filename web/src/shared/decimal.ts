import type { Language } from './constants';

/**
 * A number as a person types it: a comma or a point as the decimal separator, whatever the interface language
 * ('12,5', '12.5', '12,' while typing, ',5'); blank is null; anything else is NaN, which the form's schema refuses
 * with its own message (never silently dropped, rounded or clamped here).
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(trimmed);
  if (!match || !(match[2] || match[3])) return Number.NaN;
  return Number(`${match[1]}${match[2] || '0'}.${match[3] || '0'}`);
}

/** A number the way the language writes it (12,5 in French, 12.5 in English), without grouping; blank for none. */
export function formatDecimal(value: number | null | undefined, language: Language): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = String(value);
  return language === 'fr' ? text.replace('.', ',') : text;
}

/** The same number, or both none, or both not a number. */
export function sameDecimal(a: number | null | undefined, b: number | null | undefined): boolean {
  return (a ?? null) === (b ?? null) || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}
