// Light (no server code): the web's sheet page computes the same window from what the server sends.
import { yup } from '@alterna/core/validation';

/**
 * When a lesson's sheet takes attendance (issue #24): from a short time before the lesson's start to a number of
 * days after its end, both set per campus. Later, only staff holding `attendance.sheet.correct` change it.
 */
export const defaultSheetSettings = { opensBeforeMinutes: 30, correctionDays: 7 };

/** Self check-in (the QR code) ends this long after the lesson's end (issue #11: its duration + 15 min). */
export const checkInAfterEndMinutes = 15;

const bounded = (max: number) => yup.number().typeError('attendance.validation.number').integer('attendance.validation.number')
  .required('attendance.validation.required').min(0, 'attendance.alerts.range').max(max, 'attendance.alerts.range');

export const sheetSettingsSchema = yup.object({
  /** Minutes before the lesson's start from which its sheet opens (4 hours at most). */
  opensBeforeMinutes: bounded(240),
  /** Days after the lesson's end during which its teachers still change and close its sheet. */
  correctionDays: bounded(60),
});
export type SheetSettings = yup.InferType<typeof sheetSettingsSchema>;

/** A sheet's window as instants (ISO): it opens, the QR code is shown from the lesson's start until `checkInUntil`, it closes for changes. */
export interface SheetWindow {
  opensAt: string;
  checkInFrom: string;
  checkInUntil: string;
  closesAt: string;
}

const minute = 60_000;
const day = 24 * 60 * minute;
const ms = (at: string | Date) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/** The window of a lesson under its campus's settings. */
export function sheetWindow(lesson: { startAt: string | Date; endAt: string | Date }, settings: SheetSettings): SheetWindow {
  const start = ms(lesson.startAt);
  const end = ms(lesson.endAt);
  const closesAt = end + settings.correctionDays * day;
  return {
    opensAt: new Date(start - settings.opensBeforeMinutes * minute).toISOString(),
    checkInFrom: new Date(start).toISOString(),
    // Never past the window's end (a campus that allows no day after the lesson).
    checkInUntil: new Date(Math.min(end + checkInAfterEndMinutes * minute, closesAt)).toISOString(),
    closesAt: new Date(closesAt).toISOString(),
  };
}

/** Where an instant falls: before the sheet opens, while it takes attendance, or after (corrections only). */
export function windowState(window: SheetWindow, atMs: number): 'before' | 'open' | 'after' {
  if (atMs < ms(window.opensAt)) return 'before';
  if (atMs > ms(window.closesAt)) return 'after';
  return 'open';
}

/** Whether the QR code may be shown and scanned at an instant. */
export function checkInOpen(window: SheetWindow, atMs: number): boolean {
  return atMs >= ms(window.checkInFrom) && atMs <= ms(window.checkInUntil);
}
