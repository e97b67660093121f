import { describe, expect, it } from 'vitest';
import { companyDuplicates, companySearchTerms } from './company-duplicates.js';

const existing = [
  { id: 'a', siret: '73282932000074', name: 'Formation Conseil Durand' },
  { id: 'b', siret: '55210055400013', name: 'Atelier Numérique' },
];

describe('teacher company duplicates (SPEC §5)', () => {
  it('finds the same SIRET written with spaces or dashes', () => {
    for (const siret of ['73282932000074', '732 829 320 00074', '732-829-320-00074', ' 732 829 320 00074 ', '732 - 829 - 320 - 00074']) {
      expect(companyDuplicates({ siret, name: 'Autre' }, existing).siret.map((c) => c.id)).toEqual(['a']);
    }
  });

  it('finds the same name trimmed, whatever its case', () => {
    for (const name of ['Formation Conseil Durand', '  formation conseil durand ', 'FORMATION CONSEIL DURAND', 'atelier numérique', 'ATELIER NUMÉRIQUE']) {
      expect(companyDuplicates({ siret: '40483304800022', name }, existing).name).toHaveLength(1);
    }
  });

  it('does not take a partial name or a longer SIRET for a duplicate', () => {
    expect(companyDuplicates({ siret: '7328293200007', name: 'Formation Conseil' }, existing)).toEqual({ siret: [], name: [] });
    expect(companyDuplicates({ siret: '732829320000745', name: 'Formation Conseil Durand SARL' }, existing)).toEqual({ siret: [], name: [] });
    // Inner spaces of a name count: the name is trimmed, not squeezed.
    expect(companyDuplicates({ siret: '40483304800022', name: 'Atelier  Numérique' }, existing).name).toEqual([]);
  });

  it('never reports the company being edited as its own duplicate', () => {
    expect(companyDuplicates({ id: 'a', siret: '732 829 320 00074', name: 'formation conseil durand' }, existing)).toEqual({ siret: [], name: [] });
    expect(companyDuplicates({ id: 'a', siret: '55210055400013', name: 'Atelier numérique' }, existing)).toEqual({ siret: [existing[1]], name: [existing[1]] });
  });

  it('ignores empty fields', () => {
    expect(companyDuplicates({ siret: '  ', name: '' }, [...existing, { id: 'c', siret: '', name: '' }])).toEqual({ siret: [], name: [] });
  });

  it('builds the popup search terms: SIRET normalized, name trimmed, blanks dropped', () => {
    expect(companySearchTerms(' 732 829-320 00074 ', '  Atelier ')).toEqual({ siret: '73282932000074', name: 'Atelier' });
    expect(companySearchTerms('', '   ')).toEqual({ siret: null, name: null });
    expect(companySearchTerms(null, undefined)).toEqual({ siret: null, name: null });
  });
});
