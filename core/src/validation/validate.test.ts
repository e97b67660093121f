import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.js';
import { ValidationError } from '../errors.js';
import { isUuid, validate, yup } from './index.js';

describe('validate', () => {
  const schema = yup.object({ email: yup.string().required().email(), age: yup.number().min(18) });

  it('reports every violation with its path, in the caller language', async () => {
    const i18n = await createI18n({});
    const fr = i18n.getFixedT('fr');
    const en = i18n.getFixedT('en');
    await expect(validate(schema, { email: '', age: 3 }, fr)).rejects.toMatchObject({
      violations: [
        { path: 'email', message: 'Cette valeur ne doit pas être vide.' },
        { path: 'age', message: 'Cette valeur doit être supérieure ou égale à 18.' },
      ],
    });
    const error = await validate(schema, { email: 'nope' }, en).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).violations).toEqual([{ path: 'email', message: 'This value is not a valid email address.' }]);
  });

  it('strips unknown fields from what it returns', async () => {
    const i18n = await createI18n({});
    await expect(validate(schema, { email: 'a@b.fr', admin: true }, i18n.getFixedT('fr'))).resolves.toEqual({ email: 'a@b.fr' });
  });

  it('knows a UUID', () => {
    expect(isUuid('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(true);
    expect(isUuid('12')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
