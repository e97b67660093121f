import { describe, expect, it } from 'vitest';
import { isPgError, retryOnDeadlock, violatedConstraint } from './errors.js';

describe('PostgreSQL refusals', () => {
  it('names the constraint of a refusal of that kind, from the field or, as PGlite words it, from the message', () => {
    expect(violatedConstraint({ code: '23505', constraint: 'actors_email_unique' }, 'uniqueViolation')).toBe('actors_email_unique');
    expect(violatedConstraint({ code: '23505', message: 'duplicate key value violates unique constraint "rooms_name_unique"' }, 'uniqueViolation')).toBe('rooms_name_unique');
    expect(violatedConstraint({ code: '23P01' }, 'exclusionViolation')).toBe('');
    expect(violatedConstraint({ code: '23503', constraint: 'x' }, 'uniqueViolation')).toBeNull();
    expect(violatedConstraint(new Error('boom'), 'deadlock')).toBeNull();
    expect(violatedConstraint(null, 'deadlock')).toBeNull();
  });

  it('sees through the error objection wraps around the driver\'s (a model\'s query refused)', () => {
    const wrapped = { name: 'ConstraintViolationError', nativeError: { code: '23P01', constraint: 'training_group_work_studies_no_overlap' } };
    expect(violatedConstraint(wrapped, 'exclusionViolation')).toBe('training_group_work_studies_no_overlap');
    expect(isPgError(wrapped, 'uniqueViolation')).toBe(false);
  });

  it('tells a refusal by kind and, when asked, by constraint', () => {
    expect(isPgError({ code: '23503' }, 'foreignKeyViolation')).toBe(true);
    expect(isPgError({ code: '23505', constraint: 'a' }, 'uniqueViolation', 'a')).toBe(true);
    expect(isPgError({ code: '23505', constraint: 'a' }, 'uniqueViolation', 'b')).toBe(false);
    expect(isPgError({ code: '40001' }, 'serializationFailure')).toBe(true);
  });

  it('runs a write again after a deadlock, and gives up on any other error or after its attempts', async () => {
    let calls = 0;
    expect(await retryOnDeadlock(async () => (++calls < 3 ? Promise.reject({ code: '40P01' }) : 'written'))).toBe('written');
    expect(calls).toBe(3);
    await expect(retryOnDeadlock(async () => Promise.reject({ code: '23505' }))).rejects.toEqual({ code: '23505' });
    let tries = 0;
    await expect(retryOnDeadlock(async () => { tries += 1; throw { code: '40P01' }; }, 2)).rejects.toEqual({ code: '40P01' });
    expect(tries).toBe(2);
  });
});
