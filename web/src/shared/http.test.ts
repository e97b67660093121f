import { describe, expect, it } from 'vitest';
import { toViolations } from './http';

describe('toViolations', () => {
  it('reads a list of {path, message}', () => {
    expect(toViolations([{ path: 'email', message: 'Bad' }, { path: '', message: 'Top' }])).toEqual([
      { path: 'email', message: 'Bad' },
      { path: '', message: 'Top' },
    ]);
  });
  it('reads a map field → messages and plain strings', () => {
    expect(toViolations({ siret: ['Taken', 'Short'] })).toEqual([
      { path: 'siret', message: 'Taken' },
      { path: 'siret', message: 'Short' },
    ]);
    expect(toViolations(['Oops'])).toEqual([{ path: '', message: 'Oops' }]);
  });
});
