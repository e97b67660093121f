import { describe, expect, it } from 'vitest';
import { corporationClashes, corporationKeys, emailPattern, escapeLike, keepEmailMatches, keepNameMatches, namePatterns } from './duplicates.js';

const person = (id: string, lastName: string, firstName: string, email = `${id}@x.fr`) => ({ id, lastName, firstName, email });

describe('actor duplicates by name (SPEC §5)', () => {
  it('cuts the last name at the first dash or space and joins first names with %', () => {
    expect(namePatterns('Martin-Dupont', 'Jean-Marc')).toEqual({ lastName: '%Martin%', firstName: '%Jean%Marc%' });
    expect(namePatterns('Le Goff', 'Marie Claire')).toEqual({ lastName: '%Le%', firstName: '%Marie%Claire%' });
  });

  it('trims names before building the patterns', () => {
    expect(namePatterns('  Durand  ', '  Léa ')).toEqual({ lastName: '%Durand%', firstName: '%Léa%' });
  });

  it('searches for % and _ typed in a name as such', () => {
    expect(namePatterns('O_Neil', '50%')).toEqual({ lastName: '%O\\_Neil%', firstName: '%50\\%%' });
    expect(escapeLike('a\\b')).toBe('a\\\\b');
  });

  it('keeps every row the patterns found when not strict, except the record being edited', () => {
    const rows = [person('1', 'Martin', 'Jean Marc'), person('2', 'Martin-Dupont', 'Jean-Marc'), person('3', 'MARTIN', 'jean-marc')];
    expect(keepNameMatches(rows, 'Martin', 'Jean-Marc').map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(keepNameMatches(rows, 'Martin', 'Jean-Marc', { excludeId: '2' }).map((r) => r.id)).toEqual(['1', '3']);
  });

  it('keeps exact names without case only with the strict flag', () => {
    const rows = [person('1', 'Martin', 'Jean Marc'), person('2', 'Martin-Dupont', 'Jean-Marc'), person('3', ' MARTIN ', 'jean-marc'), person('4', 'Martin', 'Jean-Marc')];
    expect(keepNameMatches(rows, 'martin', 'Jean-Marc', { strict: true }).map((r) => r.id)).toEqual(['3', '4']);
    expect(keepNameMatches(rows, 'martin', 'Jean-Marc', { strict: true, excludeId: '4' }).map((r) => r.id)).toEqual(['3']);
    // Accents are letters of their own: Elise is not Élise.
    expect(keepNameMatches([person('5', 'Moreau', 'Élise')], 'Moreau', 'Elise', { strict: true })).toEqual([]);
  });
});

describe('actor duplicates by e-mail (SPEC §5)', () => {
  it('wraps the trimmed address in % wildcards, underscores searched as such', () => {
    expect(emailPattern('  jean.dupont@ecole.fr ')).toBe('%jean.dupont@ecole.fr%');
    expect(emailPattern('jean_dupont@ecole.fr')).toBe('%jean\\_dupont@ecole.fr%');
  });

  it('keeps the found rows except the current one; strict keeps the same address only', () => {
    const rows = [person('1', 'A', 'B', 'jean@ecole.fr'), person('2', 'C', 'D', 'JEAN@ecole.fr'), person('3', 'E', 'F', 'marie.jean@ecole.fr.old')];
    expect(keepEmailMatches(rows, 'jean@ecole.fr').map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(keepEmailMatches(rows, 'jean@ecole.fr', { excludeId: '1' }).map((r) => r.id)).toEqual(['2', '3']);
    expect(keepEmailMatches(rows, ' Jean@Ecole.fr ', { strict: true }).map((r) => r.id)).toEqual(['1', '2']);
  });
});

describe('corporation duplicates (SPEC §5: SIRET or name is rejected)', () => {
  const existing = [
    { id: 'a', name: 'Boulangerie Dupain', siret: '36252187900034' },
    { id: 'b', name: 'Garage Central', siret: null },
  ];

  it('normalises the SIRET (spaces and dashes removed) and trims the name', () => {
    expect(corporationKeys({ name: '  Garage  Nord ', siret: '362 521 879-00034' })).toEqual({ name: 'Garage  Nord', siret: '36252187900034' });
    expect(corporationKeys({ name: 'X', siret: ' - ' })).toEqual({ name: 'X', siret: null });
    expect(corporationKeys({ name: 'X', siret: null })).toEqual({ name: 'X', siret: null });
  });

  it('finds the SIRET written with spaces, dashes or none', () => {
    for (const siret of ['36252187900034', '362 521 879 00034', '362-521-879-00034', ' 362 521 879-000 34 ']) {
      expect(corporationClashes(existing, { name: 'Autre', siret }), siret).toEqual(['siret']);
    }
    expect(corporationClashes(existing, { name: 'Autre', siret: '36252187900035' })).toEqual([]);
  });

  it('finds the name trimmed and without case', () => {
    for (const name of ['Garage Central', ' garage central ', 'GARAGE CENTRAL']) {
      expect(corporationClashes(existing, { name, siret: null }), name).toEqual(['name']);
    }
    expect(corporationClashes(existing, { name: 'Garage Centrale', siret: null })).toEqual([]);
  });

  it('reports both fields, and never the corporation being edited', () => {
    expect(corporationClashes(existing, { name: 'boulangerie dupain', siret: '362 521 879 00034' })).toEqual(['siret', 'name']);
    expect(corporationClashes(existing, { name: 'boulangerie dupain', siret: '362 521 879 00034' }, 'a')).toEqual([]);
  });
});
