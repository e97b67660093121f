import { describe, expect, it } from 'vitest';
import { typologies } from '@alterna/core';
import { actorSchema, actorTypologies, corporationSchema, messages, personalInformationSchema } from './index.js';

const problems = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; errors: unknown[] }[] }).inner.map((e) => [e.path, e.errors[0]]);
  }
};

describe('people schemas', () => {
  it('lists the core typologies', () => {
    expect([...actorTypologies].sort()).toEqual([...typologies].sort());
  });

  it('trims names, lowercases the e-mail, empties the phone to null', async () => {
    const value = await personalInformationSchema.validate({ firstName: ' Léa ', lastName: ' Petit ', email: ' Lea.Petit@Ecole.FR ', phone: ' ' });
    expect(value).toEqual({ firstName: 'Léa', lastName: 'Petit', email: 'lea.petit@ecole.fr', phone: null, ignoreDuplicates: false });
  });

  it('asks for a typology and a campus with the module messages', async () => {
    expect(await problems(actorSchema, { firstName: 'A', lastName: 'B', email: 'a@b.fr', typology: 'king', campusId: 'x' })).toEqual([
      ['typology', messages.typology],
      ['campusId', messages.campus],
    ]);
  });

  it('stores a SIRET without spaces or dashes and wants 14 digits', async () => {
    expect((await corporationSchema.validate({ name: ' Garage ', siret: '362 521 879-00034', addressCountry: 'fr' }))).toMatchObject({ name: 'Garage', siret: '36252187900034', addressCountry: 'FR', shortName: null });
    expect(await problems(corporationSchema, { name: 'Garage', siret: '362 521 879' })).toEqual([['siret', messages.siret]]);
    expect(await problems(corporationSchema, { name: '', siret: '' })).toEqual([['name', { key: 'validation.required' }]]);
  });
});
