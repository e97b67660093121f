import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError, type Translate } from '@alterna/core';
import { moduleT } from '../locales/test-i18n.js';
import { assertCertifierBaseEditable, assertVariantRemovable, groupVariantProblem, totalHours, unfoldCertifierBase } from './training-plan.js';

let t: { fr: Translate; en: Translate };
beforeAll(async () => {
  t = await moduleT();
});

function violations(run: () => void) {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  return [];
}

describe('training plan rules', () => {
  it('lets the certifier base be edited while no variant exists, and refuses it after', () => {
    expect(violations(() => assertCertifierBaseEditable(0, t.fr))).toEqual([]);
    expect(violations(() => assertCertifierBaseEditable(1, t.fr))).toEqual([{ path: '', message: 'Le socle certificateur ne peut plus être modifié : une variante existe déjà.' }]);
    expect(violations(() => assertCertifierBaseEditable(2, t.en))).toEqual([{ path: '', message: 'The certifier base can no longer be edited: a variant already exists.' }]);
  });

  it('refuses to remove a variant followed by a training group', () => {
    expect(violations(() => assertVariantRemovable(0, t.fr))).toEqual([]);
    expect(violations(() => assertVariantRemovable(3, t.fr))[0]?.message).toBe('Cette variante est suivie par un groupe de formation : elle ne peut pas être supprimée.');
    expect(violations(() => assertVariantRemovable(1, t.en))[0]?.message).toBe('This variant is followed by a training group: it cannot be removed.');
  });

  it('asks for a variant unfolded or created before a group can follow one', () => {
    expect(groupVariantProblem([], 'any')).toBe('trainings.validation.unfoldOrCreate');
    expect(t.fr('trainings.validation.unfoldOrCreate')).toBe('Une variante doit être dépliée ou créée.');
    expect(groupVariantProblem(['a', 'b'], 'c')).toBe('trainings.group.variantNotInPlan');
    expect(groupVariantProblem(['a', 'b'], 'b')).toBeNull();
  });

  it('unfolds the certifier base into an independent copy of its blocks and subjects', () => {
    const base = [
      { name: 'Bloc 1', subjects: [{ schoolSubjectId: 's1', hours: 120 }, { schoolSubjectId: 's2', hours: 35.5 }] },
      { name: 'Bloc 2', subjects: [] },
    ];
    const variant = unfoldCertifierBase(base);
    expect(variant).toEqual(base);
    variant[0]!.subjects[0]!.hours = 1;
    variant[0]!.name = 'changed';
    expect(base[0]).toEqual({ name: 'Bloc 1', subjects: [{ schoolSubjectId: 's1', hours: 120 }, { schoolSubjectId: 's2', hours: 35.5 }] });
    expect(totalHours(base)).toBe(155.5);
  });
});
