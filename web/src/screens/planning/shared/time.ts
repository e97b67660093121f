import { mondayOf as mondayOfDay, parisDay, parisInstant, parisOffset, parisTime, parisToday } from '@alterna/planning/validation';
import { dayjs } from '../../../shared/dayjs';

// Paris days and times come from the planning's own helpers (the server's, on Intl, right whatever the browser's
// zone); this file adds the calendar's forms. Not dayjs's timezone plugin: in a browser whose own zone changes
// hour on another day (New York, 8 March) it reads some Paris hours an hour off.
export { parisDay, parisToday };

/** Lessons live on Paris days and hours, whatever the browser's own zone. */
export const CENTRE_ZONE = 'Europe/Paris';

/** An instant's Paris wall clock, 'YYYY-MM-DDTHH:mm:ss'; null when the text is no date. */
function parisWall(iso: string): string | null {
  const at = dayjs(iso);
  if (!at.isValid()) return null;
  return dayjs.utc(at.valueOf() + parisOffset(at.valueOf())).format('YYYY-MM-DD[T]HH:mm:ss');
}

/** '+01:00' / '+02:00': Paris's offset at an instant. */
function offsetText(at: number): string {
  const minutes = parisOffset(at) / 60_000;
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** 'YYYY-MM-DDTHH:mm' (a datetime-local value) of an instant, in Paris time; '' if invalid. */
export function toParisInput(iso: string | null | undefined): string {
  if (!iso) return '';
  return parisWall(iso)?.slice(0, 16) ?? '';
}

/** A datetime-local value: a day, then optionally hours, minutes, seconds (and milliseconds, dropped). */
const localPattern = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?)?$/;

/** The instant (ISO with the Paris offset of that day) of a datetime-local value read as Paris time; '' if invalid. */
export function fromParisInput(local: string): string {
  const [, day, h = '0', m = '0', s = '0'] = localPattern.exec(local) ?? [];
  // dayjs rolls 30 February over to March: a day that does not write back the same is no day.
  if (!day || dayjs.utc(day).format('YYYY-MM-DD') !== day || +h > 23 || +m > 59 || +s > 59) return '';
  // A time the spring change skips (02:30) reads an hour later (03:30+02:00), as the server reads it.
  const at = parisInstant(day, +h, +m) + +s * 1000;
  return `${dayjs.utc(at + parisOffset(at)).format('YYYY-MM-DD[T]HH:mm:ss')}${offsetText(at)}`;
}

/** A Paris date and 'HH:mm' as an ISO instant with offset. */
export function parisDateTime(date: string, time: string): string {
  return fromParisInput(`${date}T${time}`);
}

/**
 * The calendar runs in UTC "coerced" mode (no named-zone plugin): it is given Paris wall-clock strings
 * without offset, so it draws Paris hours on any machine. These two convert to and from that form.
 */
export function toCalendarTime(iso: string): string {
  return parisWall(iso) ?? '';
}

/** The instant of a calendar date whose UTC fields hold a Paris wall-clock time. */
export function fromCalendarTime(date: Date): string {
  const wall = dayjs.utc(date);
  if (!wall.isValid()) return '';
  return new Date(parisInstant(wall.format('YYYY-MM-DD'), wall.hour(), wall.minute())).toISOString();
}

/** 'YYYY-MM-DD' of a calendar date (UTC fields = Paris day). */
export function calendarDay(date: Date): string {
  return dayjs.utc(date).format('YYYY-MM-DD');
}

/** Monday (Paris) of the week holding that instant or day. */
export function mondayOf(isoOrDay: string): string {
  return mondayOfDay(isoOrDay.length === 10 ? isoOrDay : parisDay(isoOrDay));
}

/** 'lun. 7 déc. 2026' / 'Mon 7 Dec 2026' for an instant, in Paris. */
export function formatDay(iso: string, lang: string): string {
  const at = dayjs(iso);
  if (!at.isValid()) return '';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: CENTRE_ZONE }).format(at.toDate());
}

/** 'HH:mm' in Paris. */
export function formatTime(iso: string): string {
  return parisTime(iso);
}

/** 'lun. 7 déc. 2026, 09:00–12:00' (same day) or both ends in full. */
export function formatSlot(startIso: string, endIso: string, lang: string): string {
  if (!startIso) return '';
  if (!endIso) return `${formatDay(startIso, lang)}, ${formatTime(startIso)}`;
  if (parisDay(startIso) === parisDay(endIso)) return `${formatDay(startIso, lang)}, ${formatTime(startIso)}–${formatTime(endIso)}`;
  return `${formatDay(startIso, lang)} ${formatTime(startIso)} – ${formatDay(endIso, lang)} ${formatTime(endIso)}`;
}

/** Whole minutes between two instants. */
export function minutesBetween(startIso: string, endIso: string): number {
  return Math.round((Date.parse(endIso) - Date.parse(startIso)) / 60_000);
}
