import { describe, expect, it } from 'vitest';
import { profileChangeSchema } from './index.js';

const errorsOf = async (value: unknown) => {
  try {
    await profileChangeSchema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; errors: unknown[] }[] }).inner.map((e) => [e.path, e.errors[0]]);
  }
};

describe('profile change form', () => {
  it('trims and accepts a complete profile', async () => {
    expect(await profileChangeSchema.validate({ firstName: ' Léa ', lastName: 'Petit-Martin', email: ' lea@example.org ' })).toEqual({
      firstName: 'Léa', lastName: 'Petit-Martin', email: 'lea@example.org',
    });
  });

  it('says which field is blank, too long or not an e-mail, with i18n keys', async () => {
    expect(await errorsOf({ firstName: '  ', lastName: 'x'.repeat(101), email: 'not-an-email' })).toEqual([
      ['firstName', { key: 'validation.required' }],
      ['lastName', { key: 'validation.max', values: { max: 100 } }],
      ['email', { key: 'validation.email' }],
    ]);
  });
});
