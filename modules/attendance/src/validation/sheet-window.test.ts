import { describe, expect, it } from 'vitest';
import { checkInOpen, defaultSheetSettings, sheetSettingsSchema, sheetWindow, windowState } from './sheet-window.js';

const lesson = { startAt: '2026-12-09T08:00:00.000Z', endAt: '2026-12-09T09:30:00.000Z' };
const at = (iso: string) => Date.parse(iso);

describe('a sheet’s window (issue #24)', () => {
  it('opens 30 minutes before the lesson and takes changes until 7 days after its end, by default', () => {
    const window = sheetWindow(lesson, defaultSheetSettings);
    expect(window).toEqual({
      opensAt: '2026-12-09T07:30:00.000Z', checkInFrom: '2026-12-09T08:00:00.000Z', checkInUntil: '2026-12-09T09:45:00.000Z', closesAt: '2026-12-16T09:30:00.000Z',
    });
    expect(windowState(window, at('2026-12-06T23:30:00Z'))).toBe('before');
    expect(windowState(window, at('2026-12-09T07:29:59Z'))).toBe('before');
    expect(windowState(window, at('2026-12-09T07:30:00Z'))).toBe('open');
    expect(windowState(window, at('2026-12-16T09:30:00Z'))).toBe('open');
    expect(windowState(window, at('2026-12-17T09:30:00Z'))).toBe('after');
  });

  it('shows the QR code from the lesson’s start to 15 minutes after its end, never past the window', () => {
    const window = sheetWindow(lesson, defaultSheetSettings);
    expect(checkInOpen(window, at('2026-12-09T07:45:00Z'))).toBe(false);
    expect(checkInOpen(window, at('2026-12-09T08:00:00Z'))).toBe(true);
    expect(checkInOpen(window, at('2026-12-09T09:45:00Z'))).toBe(true);
    expect(checkInOpen(window, at('2026-12-09T09:46:00Z'))).toBe(false);
    expect(sheetWindow(lesson, { opensBeforeMinutes: 0, correctionDays: 0 }).checkInUntil).toBe(lesson.endAt);
  });

  it('takes each campus’s settings, within bounds', async () => {
    expect(sheetWindow(lesson, { opensBeforeMinutes: 120, correctionDays: 10 })).toMatchObject({ opensAt: '2026-12-09T06:00:00.000Z', closesAt: '2026-12-19T09:30:00.000Z' });
    await expect(sheetSettingsSchema.validate({ opensBeforeMinutes: 241, correctionDays: 7 })).rejects.toThrow('attendance.alerts.range');
    await expect(sheetSettingsSchema.validate({ opensBeforeMinutes: 30, correctionDays: 1.5 })).rejects.toThrow('attendance.validation.number');
  });
});
