import i18n from 'i18next';
import * as shared from '@alterna/core/validation';

// The web's one formatting module (issue #25): the core's (shared with the PDFs, e-mails and xlsx) in the page's
// language, in the campus's zone (Europe/Paris by default). Nothing a page shows is an ISO string or a UTC time;
// API JSON and form values stay ISO.

type When = string | number | Date | null | undefined;

/** The page's language, or the one given. */
const languageOf = (language?: string): string => language ?? i18n.language ?? 'fr';

export const CAMPUS_ZONE = shared.CAMPUS_ZONE;
export const NARROW_NBSP = shared.NARROW_NBSP;

/** '28/11/2026 23:26' (fr), '28/11/2026, 23:26' (en) in Paris time; '' for empty or invalid input. */
export function formatDateTime(value: When, language?: string, zone = CAMPUS_ZONE): string {
  return shared.formatDateTime(value, languageOf(language), zone);
}

/** '28/11/2026': a calendar day as is, an instant's Paris day; '' for empty or invalid input. */
export function formatDate(value: When, language?: string, zone = CAMPUS_ZONE): string {
  return shared.formatDate(value, languageOf(language), zone);
}

/** '01/12/2026' for one day, '01/12/2026 → 15/12/2026' for a period; an open end reads '…'. */
export function formatDateRange(start: When, end: When, language?: string): string {
  const from = formatDate(start, language);
  const to = formatDate(end, language);
  if (!to || to === from) return from;
  return `${from || '…'} → ${to}`;
}

/** '23:26' in Paris time. */
export function formatTime(value: When, language?: string, zone = CAMPUS_ZONE): string {
  return shared.formatTime(value, languageOf(language), zone);
}

/** '1er décembre' / '1 December'. */
export function formatDayMonth(value: When, language?: string, zone = CAMPUS_ZONE): string {
  return shared.formatDayMonth(value, languageOf(language), zone);
}

/** '1er décembre 2026' / '1 December 2026'. */
export function formatLongDate(value: When, language?: string, zone = CAMPUS_ZONE): string {
  return shared.formatLongDate(value, languageOf(language), zone);
}

/** '13,5' (fr), '13.5' (en); '' for none. */
export function formatNumber(value: number | null | undefined, options?: shared.NumberOptions, language?: string): string {
  return shared.formatNumber(value, languageOf(language), options);
}

/** A ratio 0.991 as '99,1 %' (fr) or '99.1%' (en). */
export function formatPercent(ratio: number | null | undefined, maximumFractionDigits = 1, language?: string): string {
  return shared.formatPercent(ratio, languageOf(language), maximumFractionDigits);
}

/** French typography (a narrow no-break space before ? ! ; :) in text the page composes. */
export function typography(text: string, language?: string): string {
  return shared.typography(text, languageOf(language));
}

/** 'Lucas Girard': every page names a person this way. */
export const personName = shared.personName;

/** Whole percentage of done/total, clamped to 0..100 (0 when total is 0). */
export function percent(done: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((done / total) * 100)));
}
