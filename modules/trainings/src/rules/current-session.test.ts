import { describe, expect, it } from 'vitest';
import { pickCurrentSession, schoolYearOf, todayIn } from './current-session.js';

const sessions = [
  { id: 'previous', startDate: '2025-09-01', endDate: '2026-08-31' },
  { id: 'current', startDate: '2026-09-01', endDate: '2027-08-31' },
  { id: 'later', startDate: '2028-09-01', endDate: '2029-08-31' },
];

describe('current training session', () => {
  it('is the session containing today, first and last days included', () => {
    expect(pickCurrentSession(sessions, '2026-11-22')?.id).toBe('current');
    expect(pickCurrentSession(sessions, '2026-09-01')?.id).toBe('current');
    expect(pickCurrentSession(sessions, '2026-08-31')?.id).toBe('previous');
  });

  it('is the next one to start when none contains today', () => {
    expect(pickCurrentSession(sessions, '2027-12-01')?.id).toBe('later');
    expect(pickCurrentSession([...sessions].reverse(), '2020-01-01')?.id).toBe('previous');
  });

  it('is none when every session has ended', () => {
    expect(pickCurrentSession(sessions, '2030-01-01')).toBeNull();
    expect(pickCurrentSession([], '2026-01-01')).toBeNull();
  });

  it('takes today in Paris, not in UTC', () => {
    expect(todayIn('Europe/Paris', new Date('2026-08-31T22:30:00Z'))).toBe('2026-09-01');
    expect(todayIn('UTC', new Date('2026-08-31T22:30:00Z'))).toBe('2026-08-31');
  });

  it('knows the school year of a date (1 September to 31 August)', () => {
    expect(schoolYearOf('2026-11-22')).toEqual({ name: '2026-2027', startDate: '2026-09-01', endDate: '2027-08-31' });
    expect(schoolYearOf('2027-08-31')).toEqual({ name: '2026-2027', startDate: '2026-09-01', endDate: '2027-08-31' });
    expect(schoolYearOf('2026-09-01').name).toBe('2026-2027');
  });
});
