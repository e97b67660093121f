import { describe, expect, it } from 'vitest';
import { isOutsideSession } from './groups.js';

describe('training group dates', () => {
  const session = { startDate: '2026-09-01', endDate: '2027-08-31' };
  it('must lie within the session', () => {
    expect(isOutsideSession({ startDate: '2026-09-01', endDate: '2027-08-31' }, session)).toBe(false);
    expect(isOutsideSession({ startDate: '2026-10-01', endDate: '2027-06-30' }, session)).toBe(false);
    expect(isOutsideSession({ startDate: '2026-08-31', endDate: '2027-06-30' }, session)).toBe(true);
    expect(isOutsideSession({ startDate: '2026-10-01', endDate: '2027-09-01' }, session)).toBe(true);
  });
});
