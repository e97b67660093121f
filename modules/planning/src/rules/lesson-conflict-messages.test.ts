import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, fr } from '../locales/index.js';
import centreEn from '../../../training-centre/src/locales/en.json' with { type: 'json' };
import centreFr from '../../../training-centre/src/locales/fr.json' with { type: 'json' };
import type { Conflict } from '../types.js';
import { conflictMessage, dateFormats, languageOf } from './lesson-conflict-messages.js';

// The server's catalogues as the core assembles them: each module's under its own name.
let t: Record<'fr' | 'en', TFunction>;
beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    resources: { fr: { translation: { planning: fr, 'training-centre': centreFr } }, en: { translation: { planning: en, 'training-centre': centreEn } } },
    lng: 'fr', fallbackLng: 'fr', interpolation: { escapeValue: false },
  });
  t = { fr: i18n.getFixedT('fr'), en: i18n.getFixedT('en') };
});

// Monday 7 December 2026, 09:00–11:00 in Paris (winter time: UTC+1).
const lesson = { startAt: '2026-12-07T08:00:00.000Z', endAt: '2026-12-07T10:00:00.000Z', otherId: 'l1', label: 'Anglais' };
const say = (conflict: Conflict) => ({ fr: conflictMessage(conflict, t.fr), en: conflictMessage(conflict, t.en) });

describe('conflict messages name what collides, in the asker\'s language, in Paris time', () => {
  it('reads the language of the fixed t', () => {
    expect(languageOf(t.en)).toBe('en');
    expect(languageOf(t.fr)).toBe('fr');
  });

  it('room', () => {
    expect(say({ kind: 'room', resourceName: 'A101', ...lesson })).toEqual({
      fr: 'La salle A101 est déjà occupée par le cours Anglais du lundi 7 décembre 2026, 09:00–11:00.',
      en: 'Room A101 is already taken by the Anglais lesson on Monday 7 December 2026, 09:00–11:00.',
    });
  });

  it('teacher', () => {
    expect(say({ kind: 'teacher', resourceName: 'Nadia Martin', ...lesson })).toEqual({
      fr: 'Le formateur Nadia Martin assure déjà le cours Anglais du lundi 7 décembre 2026, 09:00–11:00.',
      en: 'Trainer Nadia Martin already teaches the Anglais lesson on Monday 7 December 2026, 09:00–11:00.',
    });
  });

  it('planning group, with a lesson without subject and one of the same request', () => {
    expect(say({ kind: 'planningGroup', resourceName: 'BTS MCO 1', ...lesson, label: null })).toEqual({
      fr: 'Le groupe BTS MCO 1 a déjà un cours du lundi 7 décembre 2026, 09:00–11:00.',
      en: 'Group BTS MCO 1 already has a lesson on Monday 7 December 2026, 09:00–11:00.',
    });
    expect(say({ kind: 'room', resourceName: 'A101', ...lesson, otherId: null }).fr).toBe(
      'La salle A101 est déjà occupée par un autre cours de cette demande du lundi 7 décembre 2026, 09:00–11:00.',
    );
  });

  it('booking', () => {
    expect(say({ kind: 'booking', resourceName: 'A101', ...lesson, label: 'Journée portes ouvertes' })).toEqual({
      fr: 'La salle A101 est réservée (Journée portes ouvertes) le lundi 7 décembre 2026, 09:00–11:00.',
      en: 'Room A101 is booked (Journée portes ouvertes) on Monday 7 December 2026, 09:00–11:00.',
    });
  });

  it('trainer constraint: times, whole day, several days', () => {
    expect(say({ kind: 'trainerConstraint', resourceName: 'Nadia Martin', ...lesson, label: 'Rendez-vous médical' })).toEqual({
      fr: 'Le formateur Nadia Martin a une contrainte le lundi 7 décembre 2026, 09:00–11:00 (Rendez-vous médical).',
      en: 'Trainer Nadia Martin has a constraint on Monday 7 December 2026, 09:00–11:00 (Rendez-vous médical).',
    });
    const wholeDay = { kind: 'trainerConstraint' as const, resourceName: 'Nadia Martin', startAt: '2026-12-06T23:00:00.000Z', endAt: '2026-12-07T23:00:00.000Z' };
    expect(say(wholeDay).fr).toBe('Le formateur Nadia Martin a une contrainte le lundi 7 décembre 2026.');
    expect(say({ ...wholeDay, endAt: '2026-12-09T23:00:00.000Z' }).en).toBe('Trainer Nadia Martin has a constraint from Monday 7 December 2026 to Wednesday 9 December 2026.');
  });

  it('closure', () => {
    expect(say({ kind: 'closure', startAt: '2026-12-21', endAt: '2026-12-21', label: 'Vacances de Noël' })).toEqual({
      fr: 'Le campus est fermé le lundi 21 décembre 2026 (Vacances de Noël).',
      en: 'The campus is closed on Monday 21 December 2026 (Vacances de Noël).',
    });
  });

  it('public holiday', () => {
    expect(say({ kind: 'publicHoliday', startAt: '2026-12-25', endAt: '2026-12-25', label: 'christmas' })).toEqual({
      fr: 'Le 25 décembre 2026 est un jour férié (Noël).',
      en: '25 December 2026 is a public holiday (Christmas Day).',
    });
  });

  it('company period', () => {
    expect(say({ kind: 'companyPeriod', resourceName: 'BTS MCO 1', startAt: '2027-01-11', endAt: '2027-01-22' })).toEqual({
      fr: 'Le groupe BTS MCO 1 est en entreprise du 11 janvier 2027 au 22 janvier 2027.',
      en: 'Group BTS MCO 1 is in company from 11 January 2027 to 22 January 2027.',
    });
  });

  it('outside the session and closed day', () => {
    expect(say({ kind: 'outsideSession', startAt: '2030-01-07' })).toEqual({ fr: 'Hors des dates de la session de formation.', en: 'Outside the training session dates.' });
    expect(say({ kind: 'closedDay', resourceName: 'Paris', startAt: '2026-12-12' })).toEqual({ fr: 'Le campus Paris est fermé le samedi.', en: 'Campus Paris is closed on Saturdays.' });
  });

  it('formats summer time lessons in Paris time too', () => {
    expect(dateFormats('fr').time('2027-06-07T07:00:00.000Z')).toBe('09:00');
  });
});
