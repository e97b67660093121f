import { describe, expect, it } from 'vitest';
import type { LessonEvent } from './api';
import { toEvent } from './events';

const lesson = (status: string, color: string | null = '#1c7ed6'): LessonEvent => ({
  uuid: 'l1',
  startDate: '2026-12-07T08:00:00.000Z',
  endDate: '2026-12-07T11:00:00.000Z',
  remote: 'present',
  lessonType: 'course',
  lessonStatus: status,
  lessonCancellationType: status === 'cancelled' ? 'disease' : null,
  cancelDesc: null,
  description: null,
  campus: { uuid: 'c1', name: 'Paris' },
  teachers: [{ uuid: 't1', firstName: 'Jean', lastName: 'Dupont' }],
  rooms: [{ uuid: 'r1', name: 'S101', size: 24, building: { uuid: 'b1', name: 'A' } }],
  schoolSubject: { uuid: 's1', name: 'Culture générale', shortName: 'CGE', color },
  planningGroups: [{ uuid: 'g1', name: 'BTS 1' }],
  attendanceStarted: false,
});

describe('lessons in the calendar', () => {
  it('draws an active lesson at Paris hours in its subject colour, editable', () => {
    const event = toEvent(lesson('active'), true);
    // #1c7ed6 a shade darker: white on it reads at 4.5:1 (WCAG AA).
    expect(event).toMatchObject({ id: 'l1', start: '2026-12-07T09:00:00', end: '2026-12-07T12:00:00', backgroundColor: '#1b79cd', textColor: '#ffffff', editable: true });
    expect(toEvent(lesson('active', '#fab005'), true)).toMatchObject({ backgroundColor: '#fab005', textColor: '#1a1b1e' });
    expect(event.title).toBe('CGE · BTS 1 · S101 · Dupont Jean');
  });

  it('keeps cancelled and locked lessons in place, cancelled ones grey', () => {
    const cancelled = toEvent(lesson('cancelled'), true);
    expect(cancelled.editable).toBe(false);
    expect(cancelled.backgroundColor).toBe('#ced4da');
    expect(cancelled.classNames).toContain('lesson-cancelled');
    expect(toEvent(lesson('locked'), true).editable).toBe(false);
    expect(toEvent(lesson('active'), false).editable).toBe(false);
  });
});
