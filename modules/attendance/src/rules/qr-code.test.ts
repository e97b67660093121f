import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkInRefusal, qrCode, qrWindowMs, windowAt } from './qr-code.js';

const secret = crypto.randomBytes(32);
const lessonId = crypto.randomUUID();
const start = Date.parse('2026-11-25T08:00:00Z');
const lesson = { startAt: new Date(start), endAt: new Date(start + 90 * 60_000) };
const scanAt = (atMs: number, windowMs = atMs) => ({ lessonId, window: windowAt(windowMs), code: qrCode(secret, lessonId, windowAt(windowMs)) });

describe('rotating QR check-in', () => {
  it('changes the code every window and never shows the secret', () => {
    const a = qrCode(secret, lessonId, 100);
    expect(qrCode(secret, lessonId, 101)).not.toBe(a);
    expect(qrCode(secret, lessonId, 100)).toBe(a);
    expect(a).not.toContain(secret.toString('base64url').slice(0, 8));
    expect(qrCode(crypto.randomBytes(32), lessonId, 100)).not.toBe(a);
  });

  it('accepts a fresh code during the lesson and a code one window old', () => {
    const now = start + 20 * 60_000;
    expect(checkInRefusal(secret, scanAt(now), lesson, now)).toBeNull();
    expect(checkInRefusal(secret, scanAt(now, now - qrWindowMs), lesson, now)).toBeNull();
  });

  it('refuses a code copied after its window (replay) and a code of the future', () => {
    const now = start + 20 * 60_000;
    expect(checkInRefusal(secret, scanAt(now, now - 2 * qrWindowMs), lesson, now)).toBe('expiredCode');
    expect(checkInRefusal(secret, scanAt(now, now + qrWindowMs), lesson, now)).toBe('expiredCode');
  });

  it('refuses a forged code, a code of another lesson and a code under another secret', () => {
    const now = start + 20 * 60_000;
    expect(checkInRefusal(secret, { ...scanAt(now), code: 'x'.repeat(22) }, lesson, now)).toBe('badCode');
    expect(checkInRefusal(secret, { ...scanAt(now), code: 'short' }, lesson, now)).toBe('badCode');
    expect(checkInRefusal(secret, { ...scanAt(now), lessonId: crypto.randomUUID() }, lesson, now)).toBe('badCode');
    const other = crypto.randomBytes(32);
    expect(checkInRefusal(other, scanAt(now), lesson, now)).toBe('badCode');
  });

  it('is open from the start to 15 minutes after the end', () => {
    expect(checkInRefusal(secret, scanAt(start - 1000), lesson, start - 1000)).toBe('outsideLesson');
    expect(checkInRefusal(secret, scanAt(start), lesson, start)).toBeNull();
    const lastMinute = lesson.endAt.getTime() + 15 * 60_000;
    expect(checkInRefusal(secret, scanAt(lastMinute), lesson, lastMinute)).toBeNull();
    expect(checkInRefusal(secret, scanAt(lastMinute + 1000), lesson, lastMinute + 1000)).toBe('outsideLesson');
  });
});
