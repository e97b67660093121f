import { DateTime } from 'luxon';
import { mondayOf as mondayOfDay, parisDay, parisTime, parisToday } from '@alterna/planning/validation';

// Paris days and times come from the planning's own helpers (the server's); this file adds the calendar's forms.
export { parisDay, parisToday };

/** Lessons live on Paris days and hours, whatever the browser's own zone. */
export const CENTRE_ZONE = 'Europe/Paris';

const paris = (iso: string) => DateTime.fromISO(iso, { setZone: false }).setZone(CENTRE_ZONE);

/** 'YYYY-MM-DDTHH:mm' (a datetime-local value) of an instant, in Paris time; '' if invalid. */
export function toParisInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = paris(iso);
  return at.isValid ? at.toFormat("yyyy-LL-dd'T'HH:mm") : '';
}

/** The instant (ISO with the Paris offset of that day) of a datetime-local value read as Paris time; '' if invalid. */
export function fromParisInput(local: string): string {
  if (!local) return '';
  const at = DateTime.fromISO(local, { zone: CENTRE_ZONE });
  return at.isValid ? (at.toISO({ suppressMilliseconds: true }) ?? '') : '';
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
  return paris(iso).toFormat("yyyy-LL-dd'T'HH:mm:ss");
}

/** The instant of a calendar date whose UTC fields hold a Paris wall-clock time. */
export function fromCalendarTime(date: Date): string {
  const wall = DateTime.fromJSDate(date, { zone: 'UTC' });
  const at = DateTime.fromObject(
    { year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute },
    { zone: CENTRE_ZONE },
  );
  return at.toUTC().toISO() ?? '';
}

/** 'YYYY-MM-DD' of a calendar date (UTC fields = Paris day). */
export function calendarDay(date: Date): string {
  return DateTime.fromJSDate(date, { zone: 'UTC' }).toFormat('yyyy-LL-dd');
}

/** Monday (Paris) of the week holding that instant or day. */
export function mondayOf(isoOrDay: string): string {
  return mondayOfDay(isoOrDay.length === 10 ? isoOrDay : parisDay(isoOrDay));
}

/** 'lun. 7 déc. 2026' / 'Mon 7 Dec 2026' for an instant, in Paris. */
export function formatDay(iso: string, lang: string): string {
  return paris(iso).setLocale(lang === 'en' ? 'en-GB' : lang).toLocaleString({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
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
