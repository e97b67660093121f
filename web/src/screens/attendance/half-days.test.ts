import { describe, expect, it } from 'vitest';
import type { MyAttendanceLine } from '@alterna/attendance/types';
import { halfDays } from './half-days';

const line = (startAt: string, over: Partial<MyAttendanceLine> = {}): MyAttendanceLine => ({
  lessonId: startAt, startAt, endAt: startAt, schoolSubject: null, status: 'present', checkedIn: false, signed: true, closed: true, ...over,
});

describe('a student’s half-days', () => {
  it('splits Paris days at 13:00 and says whether each half-day is signed', () => {
    const rows = halfDays([
      line('2026-11-24T08:00:00Z'), // 09:00 in Paris
      line('2026-11-24T10:00:00Z', { signed: false }),
      line('2026-11-24T13:30:00Z'), // 14:30
      line('2026-11-25T13:00:00Z', { status: 'absent', signed: false }),
      line('2026-11-26T07:00:00Z', { status: 'without-signature', signed: false }),
    ]);
    expect(rows).toEqual([
      { day: '2026-11-26', morning: 'signed', afternoon: null },
      { day: '2026-11-25', morning: null, afternoon: 'absent' },
      { day: '2026-11-24', morning: 'unsigned', afternoon: 'signed' },
    ]);
  });

  it('leaves a half-day open while a sheet is not closed, and counts lateness as attending', () => {
    expect(halfDays([line('2026-11-24T08:00:00Z', { closed: false }), line('2026-11-24T14:00:00Z', { status: 'late' })])).toEqual([
      { day: '2026-11-24', morning: 'open', afternoon: 'signed' },
    ]);
  });
});
