import { describe, expect, it } from 'vitest';
import { firstNamePattern, lastNamePattern, normalizeSiret, sameText, wildcard } from './matching.js';

describe('duplicate matching (SPEC §5)', () => {
  it('removes spaces and dashes from a SIRET', () => {
    expect(normalizeSiret(' 362 521 879-00034 ')).toBe('36252187900034');
  });
  it('wraps search terms in % wildcards', () => {
    expect(wildcard('Dupont')).toBe('%Dupont%');
  });
  it('joins first names with % in place of dashes and spaces', () => {
    expect(firstNamePattern(' Jean-Marc ')).toBe('%Jean%Marc%');
    expect(firstNamePattern('Marie  Claire')).toBe('%Marie%Claire%');
  });
  it('cuts last names at the first dash or space', () => {
    expect(lastNamePattern('Martin-Dupont')).toBe('%Martin%');
    expect(lastNamePattern(' Le Goff')).toBe('%Le%');
  });
  it('compares exactly but without case for the strict flag', () => {
    expect(sameText(' ÉLISE ', 'élise')).toBe(true);
    expect(sameText('Elise', 'Élise')).toBe(false);
  });
});
