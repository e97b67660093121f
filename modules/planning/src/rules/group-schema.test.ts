import { describe, expect, it } from 'vitest';
import { validate } from '@alterna/core';
import { createI18n } from '@alterna/core/i18n';
import { fr, en } from '../locales/index.js';
import { planningGroupSchema, subjectLinesSchema, subscriptionsSchema } from '../validation/groups.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function translators() {
  const i18n = await createI18n({ planning: { fr, en } });
  return { fr: i18n.getFixedT('fr'), en: i18n.getFixedT('en') };
}

const violations = (promise: Promise<unknown>) => promise.then(() => [], (error: { violations: unknown[] }) => error.violations);

describe('planning group table rules (SPEC §5), in French and English', () => {
  it('wants a subject on every line', async () => {
    const t = await translators();
    const lines = { lines: [{ schoolSubject: null, hours: 10 }, { schoolSubject: '', hours: 10 }] };
    expect(await violations(validate(subjectLinesSchema, lines, t.fr))).toEqual([
      { path: 'lines[0].schoolSubject', message: 'Une matière doit être sélectionnée.' },
      { path: 'lines[1].schoolSubject', message: 'Une matière doit être sélectionnée.' },
    ]);
    expect(await violations(validate(subjectLinesSchema, { lines: [{ hours: 10 }] }, t.en))).toEqual([
      { path: 'lines[0].schoolSubject', message: 'A subject must be selected.' },
    ]);
  });

  it('wants hours, greater than 0 with at most two decimals', async () => {
    const t = await translators();
    const table = (...hours: unknown[]) => ({ lines: hours.map((h, i) => ({ schoolSubject: uuid(i + 1), hours: h })) });
    expect(await violations(validate(subjectLinesSchema, table('', 0, 1.234, -2, 'abc'), t.fr))).toEqual([
      { path: 'lines[0].hours', message: "Le nombre d'heures est obligatoire." },
      { path: 'lines[1].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
      { path: 'lines[2].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
      { path: 'lines[3].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
      { path: 'lines[4].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
    ]);
    expect(await violations(validate(subjectLinesSchema, table(null, 0.001), t.en))).toEqual([
      { path: 'lines[0].hours', message: 'Hours are required.' },
      { path: 'lines[1].hours', message: 'Hours must be greater than 0, with at most two decimals.' },
    ]);
    expect(await validate(subjectLinesSchema, table(12.5, '3,75', 0.01), t.fr)).toEqual({
      lines: [{ schoolSubject: uuid(1), hours: 12.5 }, { schoolSubject: uuid(2), hours: 3.75 }, { schoolSubject: uuid(3), hours: 0.01 }],
    });
  });

  it('takes a subject only once', async () => {
    const t = await translators();
    const lines = { lines: [{ schoolSubject: uuid(1), hours: 1 }, { schoolSubject: uuid(2), hours: 1 }, { schoolSubject: uuid(1), hours: 2 }] };
    expect(await violations(validate(subjectLinesSchema, lines, t.fr))).toEqual([
      { path: 'lines[2].schoolSubject', message: "Une matière ne peut figurer qu'une fois dans le tableau." },
    ]);
    expect(await violations(validate(subjectLinesSchema, lines, t.en))).toEqual([
      { path: 'lines[2].schoolSubject', message: 'A subject can appear only once in the table.' },
    ]);
  });

  it('wants a name and a campus for a group, and UUIDs for what it points at', async () => {
    const t = await translators();
    expect(await violations(validate(planningGroupSchema, { name: ' ', campus: null, trainingGroup: 'x', parent: '' }, t.fr))).toEqual([
      { path: 'name', message: 'Cette valeur ne doit pas être vide.' },
      { path: 'campus', message: 'Choisissez le campus du groupe.' },
      { path: 'trainingGroup', message: "Cette valeur n'est pas un UUID valide." },
    ]);
    expect(await validate(planningGroupSchema, { name: ' G1 ', campus: uuid(1), trainingGroup: '', parent: null }, t.en)).toEqual({
      name: 'G1', campus: uuid(1), trainingGroup: null, parent: null,
    });
  });

  it('wants at least one registration to subscribe', async () => {
    const t = await translators();
    expect(await violations(validate(subscriptionsSchema, { registrations: [] }, t.fr))).toEqual([
      { path: 'registrations', message: 'Sélectionnez au moins une inscription.' },
    ]);
    expect(await violations(validate(subscriptionsSchema, {}, t.en))).toEqual([{ path: 'registrations', message: 'Select at least one registration.' }]);
  });
});
