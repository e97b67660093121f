import { beforeAll, describe, expect, it } from 'vitest';
import { validate, ValidationError, type Translate } from '@alterna/core';
import { moduleT } from '../locales/test-i18n.js';
import { certifierBaseSchema, gradeScaleSchema, hasAtMostTwoDecimals, newVariantSchema, schoolSubjectSchema, trainingGroupSchema, trainingSchema, variantSchema } from './index.js';

let t: { fr: Translate; en: Translate };
beforeAll(async () => {
  t = await moduleT();
});

const session = '5b1d6c2e-3c44-4a43-9d5e-7f1c8e0a1b2c';
const subject = '0f8c1a9e-2b3d-4c5e-8f70-123456789abc';

async function problems(schema: Parameters<typeof validate>[0], value: unknown, language: 'fr' | 'en' = 'fr') {
  try {
    await validate(schema, value, t[language]);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
}

describe('training plan validation (SPEC §5)', () => {
  it('wants every variant named', async () => {
    expect(await problems(variantSchema, { name: '  ', blocks: [] })).toEqual([{ path: 'name', message: 'Toutes les variantes doivent être nommées.' }]);
    expect(await problems(newVariantSchema, { trainingSessionId: session, mode: 'unfold' }, 'en')).toEqual([{ path: 'name', message: 'All variants must be named.' }]);
    expect(await problems(variantSchema, { name: 'SLAM', blocks: [] })).toEqual([]);
  });

  it('wants a subject chosen in every field', async () => {
    const blocks = [{ name: 'Bloc 1', subjects: [{ schoolSubjectId: subject, hours: 10 }, { schoolSubjectId: '', hours: 12 }, { schoolSubjectId: null, hours: 3 }] }];
    expect(await problems(certifierBaseSchema, { trainingSessionId: session, blocks })).toEqual([
      { path: 'blocks[0].subjects[1].schoolSubjectId', message: 'Une matière doit être choisie dans chaque champ.' },
      { path: 'blocks[0].subjects[2].schoolSubjectId', message: 'Une matière doit être choisie dans chaque champ.' },
    ]);
    expect((await problems(variantSchema, { name: 'SISR', blocks }, 'en'))[0]?.message).toBe('A school subject must be chosen in every field.');
  });

  it('wants hours greater than 0 with at most two decimals', async () => {
    const line = (hours: unknown) => ({ trainingSessionId: session, blocks: [{ name: 'Bloc', subjects: [{ schoolSubjectId: subject, hours }] }] });
    for (const bad of [0, -2, 1.005, '', null, 'abc']) {
      expect(await problems(certifierBaseSchema, line(bad)), String(bad)).toEqual([
        { path: 'blocks[0].subjects[0].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
      ]);
    }
    for (const good of [0.5, 12.25, '35', 1000]) expect(await problems(certifierBaseSchema, line(good)), String(good)).toEqual([]);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(1.001)).toBe(false);
  });

  it('wants a block named', async () => {
    expect(await problems(certifierBaseSchema, { trainingSessionId: session, blocks: [{ name: '', subjects: [] }] }, 'en')).toEqual([
      { path: 'blocks[0].name', message: 'This value should not be blank.' },
    ]);
  });

  it('wants a new variant unfolded or created', async () => {
    const message = 'Une variante doit être dépliée ou créée.';
    expect(await problems(newVariantSchema, { trainingSessionId: session, name: 'SLAM' })).toEqual([{ path: 'mode', message }]);
    expect(await problems(newVariantSchema, { trainingSessionId: session, name: 'SLAM', mode: 'copy' })).toEqual([{ path: 'mode', message }]);
    expect(await problems(newVariantSchema, { trainingSessionId: session, name: 'SLAM', mode: 'unfold' })).toEqual([]);
    expect(await problems(newVariantSchema, { trainingSessionId: session, name: 'SLAM', mode: 'create' })).toEqual([]);
  });
});

describe('grade scale validation (SPEC §5)', () => {
  it('wants a coefficient for every element, greater than 0', async () => {
    expect(await problems(gradeScaleSchema, { elements: [{ name: 'Examen', coefficient: '' }] })).toEqual([
      { path: 'elements[0].coefficient', message: 'Chaque élément doit avoir un coefficient.' },
    ]);
    expect(await problems(gradeScaleSchema, { elements: [{ name: 'Examen' }] }, 'en')).toEqual([
      { path: 'elements[0].coefficient', message: 'Each element must have a coefficient.' },
    ]);
    expect(await problems(gradeScaleSchema, { elements: [{ name: 'Examen', coefficient: 0 }] }, 'en')).toEqual([
      { path: 'elements[0].coefficient', message: 'The coefficient must be greater than 0, with at most two decimals.' },
    ]);
    expect(await problems(gradeScaleSchema, { elements: [{ name: 'Examen', coefficient: 2 }, { name: 'Oral', coefficient: 0.5 }] })).toEqual([]);
  });

  it('takes the id of an element already saved, optional', async () => {
    expect(await problems(gradeScaleSchema, { elements: [{ id: session, name: 'Examen', coefficient: 2 }, { id: null, name: 'Oral', coefficient: 1 }, { name: 'Écrit', coefficient: 1 }] })).toEqual([]);
    expect((await problems(gradeScaleSchema, { elements: [{ id: 'x', name: 'Examen', coefficient: 2 }] })).map((v) => v.path)).toEqual(['elements[0].id']);
    expect((await problems(gradeScaleSchema, { elements: [{ id: 42, name: 'Examen', coefficient: 2 }] })).map((v) => v.path)).toEqual(['elements[0].id']);
    expect((await validate(gradeScaleSchema, { elements: [{ id: session, name: ' Examen ', coefficient: 2 }] }, t.fr)).elements).toEqual([{ id: session, name: 'Examen', coefficient: 2 }]);
  });
});

describe('other forms', () => {
  it('wants a training on one campus at least', async () => {
    expect(await problems(trainingSchema, { name: 'BTS', shortName: 'B', campusIds: [] })).toEqual([{ path: 'campusIds', message: 'Choisissez au moins un campus.' }]);
  });

  it('wants a school subject colour as #RRGGBB', async () => {
    expect(await problems(schoolSubjectSchema, { name: 'Anglais', shortName: 'ANG', color: 'blue' }, 'en')).toEqual([
      { path: 'color', message: 'Choose a colour in the #RRGGBB format.' },
    ]);
  });

  it('wants a group ending after it starts, following a variant', async () => {
    const group = {
      name: 'BTS', shortName: 'B1', startDate: '2026-09-01', endDate: '2026-09-01',
      campusId: session, trainingSessionId: session, trainingId: session, variantId: '',
    };
    expect(await problems(trainingGroupSchema, group)).toEqual([
      { path: 'endDate', message: 'La date de fin doit être postérieure à la date de début.' },
      { path: 'variantId', message: 'Choisissez la variante suivie par le groupe.' },
    ]);
    expect(await problems(trainingGroupSchema, { ...group, startDate: '2026-02-30' }, 'en')).toContainEqual({ path: 'startDate', message: 'This value is not a valid date.' });
  });
});
