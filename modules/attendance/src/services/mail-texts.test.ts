import { createI18n } from '@alterna/core/i18n';
import { describe, expect, it } from 'vitest';
import { en, fr } from '../locales/index.js';
import { alertKinds } from '../validation/index.js';
import { alertMail, justificationMail, unclosedMail } from './mail-texts.js';

// Issue #25: every attendance e-mail kind, rendered in each language, shows its days as the reader writes them
// and no ISO date or date-time.
const iso = /\d{4}-\d{2}-\d{2}/;

async function translators() {
  const i18n = await createI18n({ attendance: { fr, en } });
  return { fr: i18n.getFixedT('fr'), en: i18n.getFixedT('en') };
}

describe('attendance e-mails', () => {
  it('write each alert kind with the day in the reader language, never ISO', async () => {
    const t = await translators();
    for (const language of ['fr', 'en'] as const) {
      for (const kind of alertKinds) {
        for (const day of ['2026-12-01', new Date('2026-12-01T00:00:00Z')]) {
          const mail = alertMail(t[language], { kind, first_name: 'Lucas', last_name: 'Girard', count: 3, threshold: 3, window_days: 30, day });
          const all = `${mail.subject}\n${mail.text}`;
          expect(all, `${kind} ${language}`).not.toMatch(iso);
          expect(all).not.toContain('{{');
          if (kind !== 'justify-request') expect(all).toContain('Lucas Girard');
          expect(all).toContain('01/12/2026');
        }
      }
    }
  });

  it('write the decision on a justification with its period in the reader language, never ISO', async () => {
    const t = await translators();
    for (const language of ['fr', 'en'] as const) {
      for (const status of ['accepted', 'refused']) {
        const mail = justificationMail(t[language], { status, startDate: '2026-11-30', endDate: '2026-12-01', decisionComment: status === 'refused' ? 'Certificat illisible' : null });
        const all = `${mail.subject}\n${mail.text}`;
        expect(all, `${status} ${language}`).not.toMatch(iso);
        expect(all).toContain('30/11/2026');
        expect(all).toContain('01/12/2026');
        expect(all).not.toContain('{{');
      }
    }
  });

  it('write the reminder of unclosed sheets with each lesson’s day and times in Paris, in the reader language, never ISO', async () => {
    const t = await translators();
    const lessons = [{ startAt: new Date('2026-11-30T08:00:00Z'), endAt: new Date('2026-11-30T09:30:00Z'), subject: 'Mathématiques', groups: ['BTS 1'] }, { startAt: '2026-12-01T13:00:00Z', endAt: '2026-12-01T14:30:00Z', subject: null, groups: [] }];
    for (const language of ['fr', 'en'] as const) {
      const mail = unclosedMail(t[language], { firstName: 'Claire', lastName: 'Martin' }, lessons);
      const all = `${mail.subject}\n${mail.text}`;
      expect(all, language).not.toMatch(iso);
      expect(all).not.toContain('{{');
      expect(all).toContain('Claire Martin');
      expect(all).toContain('30/11/2026');
      expect(all).toContain('09:00');
      expect(all).toContain('10:30');
      expect(all).toContain('Mathématiques · BTS 1');
    }
  });
});
