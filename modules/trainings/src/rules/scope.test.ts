import { describe, expect, it } from 'vitest';
import { canChangeTraining, isTrainingVisible, scopeCampuses } from './scope.js';
import { isOutsideSession } from './groups.js';

describe('campus rules of trainings', () => {
  it('shows a training offered on one of the actor campuses only', () => {
    expect(isTrainingVisible(['paris', 'lyon'], ['paris'])).toBe(true);
    expect(isTrainingVisible(['lyon'], ['paris'])).toBe(false);
    expect(isTrainingVisible([], ['paris'])).toBe(false);
  });

  it('lets an actor change a training only when it holds every campus offering it', () => {
    expect(canChangeTraining(['paris'], ['paris', 'lyon'])).toBe(true);
    expect(canChangeTraining(['paris', 'lyon'], ['paris', 'lyon'])).toBe(true);
    expect(canChangeTraining(['paris', 'lyon'], ['lyon'])).toBe(false);
    expect(canChangeTraining([], ['paris'])).toBe(false);
  });

  it('keeps of the campuses asked only those allowed, all allowed when none asked', () => {
    expect(scopeCampuses(['paris', 'lyon', 'paris'], ['paris'])).toEqual(['paris']);
    expect(scopeCampuses([], ['paris'])).toEqual([]);
    expect(scopeCampuses(null, ['paris', 'lyon'])).toEqual(['paris', 'lyon']);
  });
});

describe('training group dates', () => {
  const session = { startDate: '2026-09-01', endDate: '2027-08-31' };
  it('must lie within the session', () => {
    expect(isOutsideSession({ startDate: '2026-09-01', endDate: '2027-08-31' }, session)).toBe(false);
    expect(isOutsideSession({ startDate: '2026-10-01', endDate: '2027-06-30' }, session)).toBe(false);
    expect(isOutsideSession({ startDate: '2026-08-31', endDate: '2027-06-30' }, session)).toBe(true);
    expect(isOutsideSession({ startDate: '2026-10-01', endDate: '2027-09-01' }, session)).toBe(true);
  });
});
