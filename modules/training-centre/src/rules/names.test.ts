import { describe, expect, it } from 'vitest';
import { cleanName, nameKey, nameTaken, repeatedNames } from './names.js';

describe('names unique per parent', () => {
  it('compares names as people read them: spaces, case and accents aside', () => {
    expect(nameKey('  Bâtiment   A ')).toBe(nameKey('batiment a'));
    expect(cleanName('  Salle   1 ')).toBe('Salle 1');
  });

  it('finds a sibling holding the name, leaving out the one being renamed', () => {
    const siblings = [{ id: '1', name: 'Paris Nation' }, { id: '2', name: 'Paris Bercy' }];
    expect(nameTaken('paris nation', siblings)).toBe(true);
    expect(nameTaken('Paris Nation', siblings, '1')).toBe(false);
    expect(nameTaken('Paris Nord', siblings)).toBe(false);
  });

  it('points at the later of two equal names', () => {
    expect(repeatedNames(['A', 'B', 'a', 'B '])).toEqual([2, 3]);
  });
});
