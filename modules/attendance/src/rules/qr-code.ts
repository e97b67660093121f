import crypto from 'node:crypto';
import { checkInAfterEndMinutes } from '../validation/sheet-window.js';

/** A QR code lives this long; the teacher's screen asks for the next one before it ends. */
export const qrWindowMs = 10_000;
/** A scan may arrive this many windows late (the time to point a phone and send). */
export const qrGraceWindows = 1;
/** Self check-in is open from the lesson's start to its end plus this (issue #11: its duration + 15 min). */
export const checkInAfterEndMs = checkInAfterEndMinutes * 60_000;

export const windowAt = (atMs: number) => Math.floor(atMs / qrWindowMs);

/** The code of a lesson's window: an HMAC of lesson and window under the sheet's secret (the page never sees the secret). */
export function qrCode(secret: Buffer, lessonId: string, window: number): string {
  return crypto.createHmac('sha256', secret).update(`${lessonId}:${window}`).digest('base64url').slice(0, 22);
}

export type CheckInRefusal = 'badCode' | 'expiredCode' | 'outsideLesson';

/**
 * Whether a scanned code lets a student check in now: the right HMAC, of the current window or `qrGraceWindows`
 * before (a copied code stops working within seconds), while the lesson is on (start to end + 15 min).
 */
export function checkInRefusal(
  secret: Buffer, scan: { lessonId: string; window: number; code: string }, lesson: { startAt: Date; endAt: Date }, nowMs: number,
): CheckInRefusal | null {
  const expected = Buffer.from(qrCode(secret, scan.lessonId, scan.window));
  const given = Buffer.from(scan.code);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'badCode';
  const current = windowAt(nowMs);
  if (scan.window > current || scan.window < current - qrGraceWindows) return 'expiredCode';
  if (nowMs < lesson.startAt.getTime() || nowMs > lesson.endAt.getTime() + checkInAfterEndMs) return 'outsideLesson';
  return null;
}
