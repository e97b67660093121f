import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError, validate, type Translate } from '@alterna/core';
import { createI18n } from '@alterna/core/i18n';
import { fr as planningFr, en as planningEn } from '../locales/index.js';
import { bulkCreateSchema, bulkEditSchema, bulkFrequencySchema, bulkPreviewSchema, bulkRemoveSchema } from '../validation/bulk.js';

let t: Record<'fr' | 'en', Translate>;
beforeAll(async () => {
  const i18n = await createI18n({ planning: { fr: planningFr, en: planningEn } });
  t = { fr: i18n.getFixedT('fr'), en: i18n.getFixedT('en') };
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const line = { planningGroups: [id(1)], teachers: [id(2)], rooms: [id(3)], schoolSubject: id(4), lessonType: 'course', remote: 'present' };
const valid = {
  requestId: id(9), frequency: 'weekly', days: [1, 3], campuses: [id(5)], startDate: '2026-12-07', endDate: '2027-01-29',
  startTime: '09:00', endTime: '11:00', name: 'Anglais BTS', lines: [line],
};

/** The violations of a body, as the route answers them, in one language. */
async function violations(schema: Parameters<typeof validate>[0], body: unknown, language: 'fr' | 'en' = 'fr') {
  try {
    await validate(schema, body, t[language]);
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.violations;
  }
}

describe('mass creation validation (SPEC §5)', () => {
  it('accepts a complete weekly series and fills the defaults', async () => {
    expect(await violations(bulkCreateSchema, valid)).toEqual([]);
    const parsed = await validate(bulkCreateSchema, { ...valid, lines: [{ planningGroups: [id(1)], schoolSubject: id(4) }] }, t.fr);
    expect(parsed.lines[0]).toMatchObject({ teachers: [], rooms: [], lessonType: 'course', remote: 'present' });
  });

  it('needs at least one campus', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, campuses: [] })).toEqual([{ path: 'campuses', message: 'Vous devez sélectionner au moins un campus.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, campuses: [] }, 'en')).toEqual([{ path: 'campuses', message: 'You must select at least one campus.' }]);
  });

  it('needs start and end dates', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, startDate: '', endDate: undefined })).toEqual([
      { path: 'startDate', message: 'La date de début est obligatoire.' },
      { path: 'endDate', message: 'La date de fin est obligatoire.' },
    ]);
    expect(await violations(bulkCreateSchema, { ...valid, startDate: '' }, 'en')).toEqual([{ path: 'startDate', message: 'The start date is required.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, endDate: '2027-02-30' })).toEqual([{ path: 'endDate', message: "Cette valeur n'est pas une date valide." }]);
  });

  it('needs the start strictly before the end, date and time', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, startDate: '2027-01-29', endDate: '2026-12-07' })).toEqual([
      { path: 'endDate', message: 'Le début doit être strictement antérieur à la fin (date et heure).' },
    ]);
    expect(await violations(bulkCreateSchema, { ...valid, startDate: '2027-01-29', endDate: '2026-12-07' }, 'en')).toEqual([
      { path: 'endDate', message: 'The start must be strictly before the end (date and time).' },
    ]);
    // One day is a valid series when the times are in order.
    expect(await violations(bulkCreateSchema, { ...valid, frequency: 'daily', startDate: '2026-12-07', endDate: '2026-12-07' })).toEqual([]);
  });

  it('needs start and end times, the start before the end', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, startTime: '', endTime: null })).toEqual([
      { path: 'startTime', message: "L'heure de début est obligatoire." },
      { path: 'endTime', message: "L'heure de fin est obligatoire." },
    ]);
    expect(await violations(bulkCreateSchema, { ...valid, startTime: '11:00', endTime: '09:00' })).toEqual([{ path: 'endTime', message: "L'heure de début doit précéder l'heure de fin." }]);
    expect(await violations(bulkCreateSchema, { ...valid, startTime: '11:00', endTime: '11:00' }, 'en')).toEqual([{ path: 'endTime', message: 'The start time must be before the end time.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, startTime: '25:00' })).toEqual([{ path: 'startTime', message: "Cette valeur n'est pas valide." }]);
  });

  it('needs at least one day every week', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, days: [] })).toEqual([{ path: 'days', message: 'Vous devez sélectionner au moins un jour.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, days: [] }, 'en')).toEqual([{ path: 'days', message: 'You must select at least one day.' }]);
    // Days are only asked every week.
    expect(await violations(bulkCreateSchema, { ...valid, frequency: 'daily', days: [] })).toEqual([]);
  });

  it('needs an ordinal (first to fourth) and a weekday every month', async () => {
    const monthly = { ...valid, frequency: 'monthly', days: [] };
    expect(await violations(bulkCreateSchema, monthly)).toEqual([
      { path: 'ordinal', message: 'Vous devez choisir un ordinal (premier à quatrième).' },
      { path: 'weekday', message: 'Vous devez choisir un jour de la semaine.' },
    ]);
    expect(await violations(bulkCreateSchema, { ...monthly, ordinal: 5, weekday: 8 }, 'en')).toEqual([
      { path: 'ordinal', message: 'You must choose an ordinal (first to fourth).' },
      { path: 'weekday', message: 'You must choose a weekday.' },
    ]);
    expect(await violations(bulkCreateSchema, { ...monthly, ordinal: 2, weekday: 2 })).toEqual([]);
  });

  it('needs a name', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, name: '   ' })).toEqual([{ path: 'name', message: 'Le nom est obligatoire.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, name: '' }, 'en')).toEqual([{ path: 'name', message: 'The name is required.' }]);
  });

  it('knows only every day, every week and every month', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, frequency: 'yearly' })).toEqual([
      { path: 'frequency', message: 'Choisissez une fréquence : chaque jour, chaque semaine ou chaque mois.' },
    ]);
    expect(await violations(bulkCreateSchema, { ...valid, frequency: undefined }, 'en')).toEqual([
      { path: 'frequency', message: 'Choose a frequency: every day, every week or every month.' },
    ]);
  });

  it('refuses a range over a year and too many lessons', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, endDate: '2027-12-08' })).toEqual([{ path: 'endDate', message: 'La période ne peut pas dépasser un an.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, endDate: '3026-12-08' }, 'en')).toEqual([{ path: 'endDate', message: 'The period cannot exceed one year.' }]);
    // 365 days × 60 lines = 21,900 lessons > 20,000.
    const many = { ...valid, frequency: 'daily', endDate: '2027-12-06', lines: Array.from({ length: 60 }, () => line) };
    expect(await violations(bulkCreateSchema, many)).toEqual([{ path: 'lines', message: 'Cette série compterait 21900 cours : au plus 20000 sont permis.' }]);
    expect(await violations(bulkCreateSchema, many, 'en')).toEqual([{ path: 'lines', message: 'This series would make 21900 lessons: at most 20000 are allowed.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, lines: Array.from({ length: 201 }, () => line) })).toContainEqual({ path: 'lines', message: 'Au plus 200 lignes de cours.' });
  });

  it('says when no day of the range matches', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, days: [6], startDate: '2026-12-07', endDate: '2026-12-11' })).toEqual([
      { path: 'frequency', message: 'Aucun jour de la période ne correspond à cette fréquence.' },
    ]);
  });

  it('needs at least one line, each following the lesson rules', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, lines: [] })).toEqual([{ path: 'lines', message: 'Ajoutez au moins une ligne de cours.' }]);
    expect(await violations(bulkCreateSchema, { ...valid, lines: [line, { teachers: [id(2)], schoolSubject: id(4) }] })).toEqual([
      { path: 'lines[1].planningGroups', message: 'Vous devez choisir au moins un groupe de planification, ou un formateur et une salle.' },
    ]);
    expect(await violations(bulkCreateSchema, { ...valid, lines: [{ teachers: [id(2)], rooms: [id(3)] }] }, 'en')).toEqual([
      { path: 'lines[0].schoolSubject', message: 'The subject is required when a trainer is chosen.' },
    ]);
    expect(await violations(bulkCreateSchema, { ...valid, lines: [{ planningGroups: [id(1)] }] })).toEqual([
      { path: 'lines[0].schoolSubject', message: 'La matière est obligatoire lorsqu\'un groupe de planification est choisi.' },
    ]);
    expect(await violations(bulkCreateSchema, { ...valid, lines: [{ ...line, lessonType: 'party', remote: 'moon' }] }, 'en')).toEqual([
      { path: 'lines[0].lessonType', message: 'Choose a lesson type: course, tutorial, practical, exam, project or meeting.' },
      { path: 'lines[0].remote', message: 'Choose an attendance mode: present, remote or both.' },
    ]);
  });

  it('wants UUIDs for every id', async () => {
    expect(await violations(bulkCreateSchema, { ...valid, requestId: 'x', campuses: ['paris'], lines: [{ ...line, rooms: ['A101'] }] })).toEqual([
      { path: 'requestId', message: "Cette valeur n'est pas un UUID valide." },
      { path: 'campuses[0]', message: "Cette valeur n'est pas un UUID valide." },
      { path: 'lines[0].rooms[0]', message: "Cette valeur n'est pas un UUID valide." },
    ]);
  });

  it('checks step 1 on its own for the wizard', async () => {
    const { lines: _lines, requestId: _requestId, ...step1 } = valid;
    expect(await violations(bulkFrequencySchema, step1)).toEqual([]);
    expect(await violations(bulkFrequencySchema, { ...step1, campuses: [], days: [] })).toEqual([
      { path: 'days', message: 'Vous devez sélectionner au moins un jour.' },
      { path: 'campuses', message: 'Vous devez sélectionner au moins un campus.' },
    ]);
  });
});

describe('mass edit validation (SPEC §5)', () => {
  const base = { requestId: id(9), lessonIds: [id(10), id(11)] };

  it('needs at least one lesson selected', async () => {
    expect(await violations(bulkEditSchema, { ...base, lessonIds: [], action: 'move', move: { delay: 1, unit: 'days' } })).toEqual([
      { path: 'lessonIds', message: 'Vous devez sélectionner au moins un cours.' },
    ]);
    expect(await violations(bulkRemoveSchema, { requestId: id(9), lessonIds: [] }, 'en')).toEqual([{ path: 'lessonIds', message: 'You must select at least one lesson.' }]);
  });

  it('knows the actions edit, move and cancel (delete has its own route, the preview knows it)', async () => {
    expect(await violations(bulkEditSchema, { ...base, action: 'delete' })).toEqual([
      { path: 'action', message: 'Choisissez une action : modifier, déplacer, annuler ou supprimer.' },
    ]);
    expect(await violations(bulkPreviewSchema, { lessonIds: base.lessonIds, action: 'delete' })).toEqual([]);
  });

  it('needs at least one value changed, and elements in the lists given', async () => {
    expect(await violations(bulkEditSchema, { ...base, action: 'edit' })).toEqual([{ path: 'edit', message: 'Vous devez modifier au moins une valeur.' }]);
    expect(await violations(bulkEditSchema, { ...base, action: 'edit', edit: {} }, 'en')).toEqual([{ path: 'edit', message: 'You must change at least one value.' }]);
    expect(await violations(bulkEditSchema, { ...base, action: 'edit', edit: { rooms: [] } })).toEqual([
      { path: 'edit.rooms', message: 'Vous devez sélectionner au moins un élément.' },
    ]);
    expect(await violations(bulkEditSchema, { ...base, action: 'edit', edit: { remote: 'remote' } })).toEqual([]);
    expect(await violations(bulkEditSchema, { ...base, action: 'edit', edit: { lessonType: 'party' } }, 'en')).toEqual([
      { path: 'edit.lessonType', message: 'Choose a lesson type: course, tutorial, practical, exam, project or meeting.' },
    ]);
  });

  it('needs a delay of at least 1 and a unit to move', async () => {
    expect(await violations(bulkEditSchema, { ...base, action: 'move', move: { delay: 0, unit: 'days' } })).toEqual([
      { path: 'move.delay', message: 'Le délai doit être un nombre entier supérieur ou égal à 1.' },
    ]);
    expect(await violations(bulkEditSchema, { ...base, action: 'move', move: { delay: 1.5, unit: 'fortnights', direction: 'sideways' } }, 'en')).toEqual([
      { path: 'move.delay', message: 'The delay must be a whole number greater than or equal to 1.' },
      { path: 'move.unit', message: 'Choose a unit: minutes, hours, days or weeks.' },
      { path: 'move.direction', message: 'Choose a direction: later or earlier.' },
    ]);
    const parsed = await validate(bulkEditSchema, { ...base, action: 'move', move: { delay: '2', unit: 'days' }, cancel: { comment: 'ignored' } }, t.fr);
    expect(parsed.move).toEqual({ delay: 2, unit: 'days', direction: 'later' });
    expect(parsed.cancel).toBeUndefined();
  });

  it('needs a reason and a comment to cancel', async () => {
    expect(await violations(bulkEditSchema, { ...base, action: 'cancel', cancel: { cancellationType: 'disease' } })).toEqual([
      { path: 'cancel.comment', message: 'Un commentaire est obligatoire pour annuler des cours.' },
    ]);
    expect(await violations(bulkEditSchema, { ...base, action: 'cancel', cancel: { cancellationType: 'boredom', comment: ' ' } }, 'en')).toEqual([
      { path: 'cancel.cancellationType', message: 'You must choose a cancel reason.' },
      { path: 'cancel.comment', message: 'A comment is required to cancel lessons.' },
    ]);
  });
});
