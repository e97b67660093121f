import { describe, expect, it } from 'vitest';
import { duplicateAction, duplicateSearchTerms, isDuplicateCheckReady, isStrictMatch } from './duplicates.js';

describe('duplicate student search terms (SPEC §5)', () => {
  it('runs only once first name, last name and date of birth are filled', () => {
    expect(isDuplicateCheckReady({ firstName: 'Léa', lastName: 'Petit', dateOfBirth: '' })).toBe(false);
    expect(isDuplicateCheckReady({ firstName: ' ', lastName: 'Petit', dateOfBirth: '2009-01-01' })).toBe(false);
    expect(isDuplicateCheckReady({ firstName: 'Léa', lastName: 'Petit', dateOfBirth: '2009-01-01' })).toBe(true);
  });

  it('wraps the terms in %, joins first names with % and cuts last names at the first dash or space', () => {
    expect(duplicateSearchTerms({ firstName: ' Jean-Marc  Louis ', lastName: ' Martin-Dupont ', dateOfBirth: '2009-01-01' }))
      .toEqual({ firstName: '%Jean%Marc%Louis%', lastName: '%Martin%', dateOfBirth: '2009-01-01' });
    expect(duplicateSearchTerms({ firstName: 'Léa', lastName: 'De La Tour', dateOfBirth: '2009-01-01' }))
      .toEqual({ firstName: '%Léa%', lastName: '%De%', dateOfBirth: '2009-01-01' });
  });

  it('keeps exact case-insensitive matches only with the strict flag', () => {
    const input = { firstName: 'jean-marc', lastName: ' MARTIN ', dateOfBirth: '2009-01-01' };
    expect(isStrictMatch({ firstName: 'Jean-Marc', lastName: 'Martin' }, input)).toBe(true);
    expect(isStrictMatch({ firstName: 'Jean Marc', lastName: 'Martin' }, input)).toBe(false);
    expect(isStrictMatch({ firstName: 'Jean-Marc', lastName: 'Martin-Dupont' }, input)).toBe(false);
  });

  it('offers to edit the latest registration when it is in the selected session, else a new one', () => {
    expect(duplicateAction({ trainingSessionId: 's2' }, 's2')).toBe('edit-registration');
    expect(duplicateAction({ trainingSessionId: 's1' }, 's2')).toBe('new-registration');
    expect(duplicateAction(null, 's2')).toBe('new-registration');
    expect(duplicateAction({ trainingSessionId: 's1' }, null)).toBe('new-registration');
  });
});
