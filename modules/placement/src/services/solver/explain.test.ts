import { describe, expect, it } from 'vitest';
import { explanationText } from './messages.js';
import { solve } from './solve.js';
import { demand, room, teacher, tinyInstance } from './tiny.js';
import type { Instance } from './types.js';

// An impossible instance names its binding fact, in words, in French and in English.

const allDay = (days: number[]) => days.map((day) => ({ day, start: 0, end: 24 * 60 }));
const explained = async (instance: Instance) => {
  const proposal = await solve(instance, { seed: 1, maxIterations: 2000 });
  return proposal.explanations.map((e) => ({ reason: e.reason, en: explanationText(e, 'en'), fr: explanationText(e, 'fr') }));
};

describe('placement: what could not be placed, and why', () => {
  it('names the qualified teachers\' available hours', async () => {
    const onlyMonday = { unavailable: allDay([1, 2, 3, 4]), capMinutes: 6000 };
    const instance = tinyInstance({
      teachers: [teacher('alice', ['en'], { ...onlyMonday, unavailable: [...onlyMonday.unavailable, { day: 0, start: 14 * 60, end: 16 * 60 }] }), teacher('ann', ['en'], { unavailable: [...allDay([1, 2, 3, 4]), { day: 0, start: 8 * 60, end: 12 * 60 }] })],
      demands: [demand('en', 10)],
    });
    expect(await explained(instance)).toEqual([{
      reason: 'teacherTime',
      en: 'Anglais, BTS MCO 1: 4 h left unplaced — the 2 teachers qualified have 6 h available in the school weeks of this period',
      fr: 'Anglais, BTS MCO 1\u202f: 4 h non placées — les 2 formateurs habilités ont 6 h disponibles dans les semaines en centre de cette période',
    }]);
  });

  it('names the weekdays when no room holds the group', async () => {
    const instance = tinyInstance({
      groups: [{ id: 'mco1', name: 'BTS MCO 1', size: 32, campusId: 'lyon', schoolDays: [1, 3] }],
      rooms: [room('big', 40), room('small', 20)],
      demands: [demand('en', 12)],
      fixed: [{ id: 'f', day: 1, start: 8 * 60, end: 18 * 60, groupIds: [], teacherIds: [], roomIds: ['big'] }],
    });
    const [only] = await explained(instance);
    expect(only).toEqual({
      reason: 'roomWeekdays',
      en: 'Anglais, BTS MCO 1: 6 h left unplaced — no room holds 32 students on Tuesdays at Lyon',
      fr: 'Anglais, BTS MCO 1\u202f: 6 h non placées — aucune salle n\'accueille 32 apprenants le mardi à Lyon',
    });
  });

  it('names the school weeks the group has left', async () => {
    const instance = tinyInstance({ groups: [{ ...tinyInstance().groups[0]!, schoolDays: [0] }], demands: [demand('en', 10)] });
    expect((await explained(instance)).map((e) => e.en)).toEqual(['Anglais, BTS MCO 1: 4 h left unplaced — the group has 1 school week left, with 6 h free']);
  });

  it('names a subject nobody is qualified for, a group no room holds, and contract hours all taken', async () => {
    expect((await explained(tinyInstance({ demands: [demand('es', 4)] }))).map((e) => e.en)).toEqual(['es, BTS MCO 1: 4 h left unplaced — no teacher is qualified for es']);
    expect((await explained(tinyInstance({ rooms: [room('small', 12)], demands: [demand('en', 2)] }))).map((e) => e.fr))
      .toEqual(['Anglais, BTS MCO 1\u202f: 2 h non placées — aucune salle de Lyon n\'accueille 24 apprenants']);
    expect((await explained(tinyInstance({ teachers: [teacher('alice', ['en'], { capMinutes: 120 })], demands: [demand('en', 6)] }))).map((e) => e.en))
      .toEqual(['Anglais, BTS MCO 1: 4 h left unplaced — the one teacher qualified has 2 h under their contracts in this period, all taken']);
  });

  it('lists several weekdays in each language', () => {
    const explanation = { demandId: 'd', groupId: 'g', subjectId: 's', unplacedMinutes: 90, reason: 'roomWeekdays' as const, params: { subject: 'Droit', group: 'BTS SIO 2', size: 32, campus: 'Lyon', weekdays: '2,4,5' } };
    expect(explanationText(explanation, 'en')).toBe('Droit, BTS SIO 2: 1.5 h left unplaced — no room holds 32 students on Tuesdays, Thursdays and Fridays at Lyon');
    expect(explanationText(explanation, 'fr')).toBe('Droit, BTS SIO 2\u202f: 1,5 h non placées — aucune salle n\'accueille 32 apprenants le mardi, le jeudi et le vendredi à Lyon');
  });

  it('explains nothing when everything is placed', async () => {
    expect(await explained(tinyInstance())).toEqual([]);
  });
});
