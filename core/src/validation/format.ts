// The one way a person reads dates, times, numbers and names (issue #25), shared by the web's pages and the
// server's PDFs, e-mails, xlsx and messages. Light (Intl only): the web imports it through @alterna/core/validation.
// API JSON keeps ISO 8601; these are for text a person reads: the campus's zone (Europe/Paris unless the campus
// says otherwise) and the reader's language, French `28/11/2026 23:26`, « 1er décembre », `13,5`, `99,1 %`.

/** The languages text is written in; any other reads as French. */
export type FormatLanguage = 'fr' | 'en';

/** The campus's time zone when none is given. */
export const CAMPUS_ZONE = 'Europe/Paris';

/** The Intl locale of a language: French as written in France, English as in Britain (day before month, 24 h). */
export function localeOf(language: string | null | undefined): 'fr-FR' | 'en-GB' {
  return language === 'en' || language?.startsWith('en-') ? 'en-GB' : 'fr-FR';
}

type When = string | number | Date | null | undefined;

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant to format and the zone to read it in: a calendar day 'YYYY-MM-DD' is that day wherever the reader
 * is (noon UTC read in UTC), an instant is read in the campus's zone; null for empty or invalid input.
 */
function instantOf(value: When, zone: string): { at: Date; zone: string } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && calendarDay.test(value)) {
    const at = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(at.getTime()) ? null : { at, zone: 'UTC' };
  }
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : { at, zone };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string | null | undefined, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

/** '28/11/2026' (fr and en): a day, or an instant's day in the campus's zone; '' for empty or invalid input. */
export function formatDate(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  return when ? dateFormat(language, when.zone, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(when.at) : '';
}

/** '28/11/2026 23:26' (fr), '28/11/2026, 23:26' (en), in the campus's zone; '' for empty or invalid input. */
export function formatDateTime(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  if (!when) return '';
  if (when.zone === 'UTC' && zone !== 'UTC') return formatDate(value, language, zone);
  return dateFormat(language, when.zone, { dateStyle: 'short', timeStyle: 'short' }).format(when.at);
}

/** '28/11/2026 23:26:58' (fr), '28/11/2026, 23:26:58' (en): to the second, for proofs (a signature's server time). */
export function formatDateTimeSeconds(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  if (!when) return '';
  return dateFormat(language, when.zone, { dateStyle: 'short', timeStyle: 'medium' }).format(when.at);
}

/** '23:26' in the campus's zone (24 h in both languages); '' for empty or invalid input. */
export function formatTime(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  return when ? dateFormat(language, when.zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(when.at) : '';
}

/** French writes the first of the month '1er'. */
function firstOfMonth(text: string, language: string | null | undefined): string {
  return localeOf(language) === 'fr-FR' ? text.replace(/^(\D*)\b1(?= )/, '$11er') : text;
}

/** '1er décembre' (fr), '1 December' (en); '' for empty or invalid input. */
export function formatDayMonth(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  return when ? firstOfMonth(dateFormat(language, when.zone, { day: 'numeric', month: 'long' }).format(when.at), language) : '';
}

/** '1er décembre 2026' (fr), '1 December 2026' (en); '' for empty or invalid input. */
export function formatLongDate(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  return when ? firstOfMonth(dateFormat(language, when.zone, { day: 'numeric', month: 'long', year: 'numeric' }).format(when.at), language) : '';
}

/** 'mardi 1er décembre 2026' (fr), 'Tuesday, 1 December 2026' (en); '' for empty or invalid input. */
export function formatWeekdayDate(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  if (!when) return '';
  const text = dateFormat(language, when.zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(when.at);
  return localeOf(language) === 'fr-FR' ? text.replace(/^(\S+ )1 /, '$11er ') : text;
}

/** 'mardi 1er décembre 2026 à 08:30' (fr), 'Tuesday, 1 December 2026 at 08:30' (en), in the campus's zone: a message's instant. */
export function formatWeekdayDateTime(value: When, language: string | null | undefined, zone: string = CAMPUS_ZONE): string {
  const when = instantOf(value, zone);
  if (!when) return '';
  const text = dateFormat(language, when.zone, { dateStyle: 'full', timeStyle: 'short' }).format(when.at);
  return localeOf(language) === 'fr-FR' ? text.replace(/^(\S+ )1 /, '$11er ') : text;
}

export interface NumberOptions {
  /** At most this many decimals (2 by default). */
  maximumFractionDigits?: number;
  /** At least this many decimals (0 by default): 2 for marks and averages shown as 13,50. */
  minimumFractionDigits?: number;
}

/** French groups thousands and sets % apart with a narrow no-break space, whichever space the engine's ICU uses. */
const narrowSpaces = (text: string): string => text.replace(/[ \u00a0]/g, '\u202f');

/** '13,5' / '1 234,5' (fr), '13.5' / '1,234.5' (en); '' for none or not a number. */
export function formatNumber(value: number | null | undefined, language: string | null | undefined, options: NumberOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const maximumFractionDigits = options.maximumFractionDigits ?? Math.max(2, options.minimumFractionDigits ?? 0);
  return narrowSpaces(new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: options.minimumFractionDigits ?? 0, maximumFractionDigits }).format(value));
}

/** A ratio (0.991) as '99,1 %' (fr, a narrow no-break space) or '99.1%' (en); '' for none or not a number. */
export function formatPercent(ratio: number | null | undefined, language: string | null | undefined, maximumFractionDigits = 1): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '';
  return narrowSpaces(new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits }).format(ratio));
}

/** A person as every page names them: 'Lucas Girard' (first name, last name); '' for nobody. */
export function personName(person: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  if (!person) return '';
  return [person.firstName, person.lastName].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');
}

/** U+202F, the narrow no-break space French sets before ? ! ; : (and inside « »). */
export const NARROW_NBSP = '\u202f';

/**
 * French typography in text the app composes: a narrow no-break space before ? ! ; and : (replacing a plain or
 * no-break space there, or added when none), not inside a URL or a time ('https://', '10:30'). English unchanged.
 */
export function typography(text: string, language: string | null | undefined): string {
  if (localeOf(language) !== 'fr-FR') return text;
  return text.replace(/([^\s?!;:])[ \u00a0\u202f]*([?!;:]+)(?=\s|$)/g, `$1${NARROW_NBSP}$2`);
}

const specDateTime = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** How far `zone`'s wall clock is ahead of UTC at an instant (ms). */
function zoneOffset(at: number, zone: string): number {
  const parts = Object.fromEntries(dateFormat('en', zone, {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(at / 1000) * 1000;
}

/**
 * SPEC §9's way a person writes an instant, 'YYYY-MM-DD HH:MM:SS', read as the campus's wall clock (Europe/Paris
 * by default), as an ISO 8601 UTC instant: '2026-12-07 09:00:00' is '2026-12-07T08:00:00.000Z' in winter. Null
 * for any other text or an impossible date or time (31 February, 24:00).
 */
export function instantOfWallTime(text: string, zone: string = CAMPUS_ZONE): string | null {
  const match = specDateTime.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over to March: the fields must come back as written.
  if (new Date(wall).toISOString().slice(0, 19) !== `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`) return null;
  // The offset at the wall time read as UTC, then at the instant it gives: right on both sides of a DST change.
  const guess = wall - zoneOffset(wall, zone);
  return new Date(wall - zoneOffset(guess, zone)).toISOString();
}
