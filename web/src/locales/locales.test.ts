import { describe, expect, it } from 'vitest';
import en from './catalogue.en';
import frCatalogue from './catalogue.fr';
import frMain from './fr.json';
import enMain from './en.json';
import * as planning from '@alterna/planning/locales';
import * as teaching from '@alterna/teaching/locales';
import * as students from '@alterna/students/locales';
import * as trainingCentre from '@alterna/training-centre/locales';
import planningResourcesEn from './planning/resources.en.json';
import planningCalendarEn from './planning/calendar.en.json';

const fr = frCatalogue;

function keys(node: unknown, prefix = ''): string[] {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('locales', () => {
  it('fr and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
  });

  it('keeps the SPEC messages word for word in French', () => {
    expect(frMain.errors.server500).toBe('Une erreur 500 est survenue, veuillez contacter le support pour leur informer du problème');
  });

  it('has no empty translation', () => {
    for (const catalogue of [fr, en]) {
      const flat = keys(catalogue);
      for (const key of flat) {
        const value = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], catalogue);
        expect(typeof value === 'string' && value.length > 0, key).toBe(true);
      }
    }
  });

  it('takes the messages the server also sends from the module, not from a copy', () => {
    const planningEn = planning.en as { resources: { lessonTypes: Record<string, string> } };
    // Module texts reach the screens through the merged catalogue under the area's key…
    expect(en.teaching).toMatchObject({ validation: teaching.en.validation });
    expect(en.students).toMatchObject({ statuses: students.en.statuses });
    expect((en.planning as Record<string, unknown>).resources).toMatchObject({ lessonTypes: planningEn.resources.lessonTypes });
    // …and the web's own files no longer carry them (the two lesson types that differed now read the server's words).
    expect(JSON.stringify(enMain)).not.toContain('"amount":"The quantity must be');
    expect(planningResourcesEn.planning.resources).not.toHaveProperty('lessonTypes');
    expect(planningEn.resources.lessonTypes).toMatchObject({ course: 'Course', practical: 'Practical work' });
  });

  it("answers the shared schemas' messages (training-centre.…, the server's keys) with the module's words", () => {
    const at = (catalogue: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    for (const [catalogue, module] of [[fr, trainingCentre.fr], [en, trainingCentre.en]] as const) {
      for (const key of ['campus.openDaysRequired', 'modelTimeSlot.campusRequired', 'timeSlot.modelRequired', 'timeSlot.invalidTime', 'timeSlot.startBeforeEnd', 'closure.campusRequired', 'closure.endBeforeStart']) {
        expect(at(catalogue, `training-centre.${key}`), key).toBe(at(module, key));
        expect(typeof at(module, key), key).toBe('string');
      }
    }
  });

  it("gives the lesson dialog's rules the server's words (planning's lesson rules)", () => {
    const rules = (planning.en as { lessons: { rules: Record<string, string> } }).lessons.rules;
    expect((en.planning as { lessons: { rules: Record<string, string> } }).lessons.rules.subjectWithGroup).toBe(rules.subjectWithGroup);
    expect(rules.subjectWithGroup).toBe('A school subject is required when a planning group is chosen.');
    expect((planningCalendarEn.planning.calendar as Record<string, unknown>).validation).toBeUndefined();
  });
});
