import { describe, expect, it } from 'vitest';
import { bookletItemSchema } from './index.js';
import { averageMark, formFillers, itemDateViolations, repeatedModule } from './rules.js';

describe('average mark (SPEC §5)', () => {
  it('is the mean of the non-empty skill marks, rounded to 2 decimals', () => {
    expect(averageMark([{ mark: 12 }, { mark: 15 }, { mark: 16 }])).toBe(14.33);
    expect(averageMark([{ mark: 10 }, { mark: null }, {}, { mark: 11 }])).toBe(10.5);
    expect(averageMark([{ mark: 13.335 }])).toBe(13.34);
    expect(averageMark([{ mark: 0 }, { mark: 20 }])).toBe(10);
  });
  it('is 0 when no skill is marked', () => {
    expect(averageMark([])).toBe(0);
    expect(averageMark([{ mark: null }, {}])).toBe(0);
  });
});

describe('booklet item dates (SPEC §5)', () => {
  it('takes a single date, or start and end together', () => {
    expect(itemDateViolations({ date: '2027-01-01' })).toEqual([]);
    expect(itemDateViolations({ startDate: '2027-01-01', endDate: '2027-01-01' })).toEqual([]);
    expect(itemDateViolations({})).toEqual([{ path: 'date', key: 'booklets.validation.dateRequired' }]);
    expect(itemDateViolations({ startDate: '2027-01-01' })).toEqual([{ path: 'endDate', key: 'booklets.validation.endRequired' }]);
    expect(itemDateViolations({ endDate: '2027-01-01' })).toEqual([{ path: 'startDate', key: 'booklets.validation.startRequired' }]);
    expect(itemDateViolations({ date: '2027-01-01', endDate: '2027-01-02' })).toEqual([{ path: 'date', key: 'booklets.validation.dateOrPeriod' }]);
    expect(itemDateViolations({ startDate: '2027-01-03', endDate: '2027-01-02' })).toEqual([{ path: 'endDate', key: 'booklets.validation.endBeforeStart' }]);
  });
  it('the shared schema reports the same path', async () => {
    await expect(bookletItemSchema.validate({ title: 'x', modules: ['coach-meeting'], startDate: '2027-01-01' })).rejects.toMatchObject({ path: 'endDate' });
    await expect(bookletItemSchema.validate({ title: 'x', modules: ['coach-meeting'], date: '2027-02-30' })).rejects.toMatchObject({ path: 'date' });
  });
});

describe('booklet item modules (SPEC §5)', () => {
  it('first meeting, intermediate evaluation, mission and thesis evaluation appear in one item only', () => {
    const others = [{ modules: ['mission-definition', 'coach-meeting'] as const }, { modules: ['intermediate-evaluation'] as const }];
    expect(repeatedModule(['coach-meeting'], others)).toBeNull();
    expect(repeatedModule(['final-evaluation', 'mission-definition'], others)).toBe('mission-definition');
    expect(repeatedModule(['intermediate-evaluation'], others)).toBe('intermediate-evaluation');
    expect(repeatedModule(['thesis-evaluation', 'first-meeting'], others)).toBeNull();
  });
  it('names who fills a form', () => {
    expect(formFillers(['mission-definition'])).toEqual(['tutor', 'student']);
    expect(formFillers(['coach-meeting', 'first-meeting'])).toEqual(['coach']);
    expect(formFillers(['intermediate-evaluation']).sort()).toEqual(['coach', 'tutor']);
  });
});
