import { describe, expect, it } from 'vitest';
import { changesRecord, narrowCampuses, seesRecord } from './visibility.js';

describe('campus rules of a record on several campuses', () => {
  it('is seen when one of its campuses is the actor\'s', () => {
    expect(seesRecord(['paris', 'lyon'], ['paris'])).toBe(true);
    expect(seesRecord(['lyon'], ['paris'])).toBe(false);
    expect(seesRecord([], ['paris'])).toBe(false);
  });

  it('is changed only when all of its campuses are, and it has one', () => {
    expect(changesRecord(['paris'], ['paris', 'lyon'])).toBe(true);
    expect(changesRecord(['paris', 'lyon'], ['paris', 'lyon'])).toBe(true);
    expect(changesRecord(['paris', 'lyon'], ['lyon'])).toBe(false);
    expect(changesRecord([], ['paris'])).toBe(false);
  });

  it('narrows the campuses asked for to the actor\'s, each once; none asked is all of them', () => {
    expect(narrowCampuses(['paris', 'lyon', 'paris'], ['paris'])).toEqual(['paris']);
    expect(narrowCampuses([], ['paris'])).toEqual([]);
    expect(narrowCampuses(null, ['paris', 'lyon'])).toEqual(['paris', 'lyon']);
  });
});
