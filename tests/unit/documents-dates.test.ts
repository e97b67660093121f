import { createI18n } from '@alterna/core/i18n';
import { describe, expect, it } from 'vitest';
import * as attendanceLocales from '../../modules/attendance/src/locales/index.js';
import * as bookletsLocales from '../../modules/booklets/src/locales/index.js';
import * as marksLocales from '../../modules/marks/src/locales/index.js';
import { certificatePdf } from '../../modules/attendance/src/services/certificate-pdf.js';
import { pdfFormats, sheetPdf, type PdfSheet, type PdfSignature } from '../../modules/attendance/src/services/export-pdf.js';
import { signedFormPdf } from '../../modules/booklets/src/services/validation-pdf.js';
import { reportCardPdf } from '../../modules/marks/src/services/report-card-pdf.js';
import { pdfText } from '../support/pdf-text.js';
import type PDFDocument from 'pdfkit';

// Issue #25: every PDF kind, rendered in each language, writes its dates, times and numbers as the reader does, in
// Paris time: no ISO date or date-time, no UTC time. 22:26:58 UTC on 28 November is 23:26:58 in Paris.
const signedAt = new Date('2026-11-28T22:26:58Z');
const iso = /\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}(\.\d+)?Z|\bUTC\b/;
const languages = ['fr', 'en'] as const;

async function translators() {
  const i18n = await createI18n({ attendance: attendanceLocales, booklets: bookletsLocales, marks: marksLocales });
  return { fr: i18n.getFixedT('fr'), en: i18n.getFixedT('en') };
}

function bytesOf(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}

/** The PDF's text on one line: pdfkit breaks long lines, and its no-break spaces read as spaces. */
const oneLine = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

const signature = (seq: number, signerName: string): PdfSignature => ({
  seq, signerName, method: 'pad', signedAt, ip: '10.0.0.1', userAgent: 'Tablet/2.0', hash: 'ab'.repeat(32), svg: null, strokes: [[[1, 1], [20, 10]]],
});

const sheet: PdfSheet = {
  lessonId: '00000000-0000-4000-8000-000000000001', campusName: 'Paris', subjectName: 'Mathématiques', groups: ['BTS 1'], teachers: ['Claire Martin'],
  startAt: new Date('2026-11-28T21:30:00Z'), endAt: new Date('2026-11-28T22:45:00Z'), closedAt: signedAt,
  lines: [{
    lastName: 'Girard', firstName: 'Lucas', group: 'BTS 1', status: 'late', arrivedAt: new Date('2026-11-28T21:50:00Z'), leftAt: null,
    exitFrom: null, exitTo: null, comment: null, signature: signature(1, 'Lucas Girard'),
  }],
  closing: signature(2, 'Claire Martin'), linesDigest: 'cd'.repeat(32), chain: { brokenAt: null, linesUnchanged: true, signatures: 2 },
};

describe('every PDF kind writes dates, times and numbers as its reader does, in Paris time', () => {
  it('the attendance sheet: its day, times and the signatures’ server time', async () => {
    const t = await translators();
    for (const language of languages) {
      const text = oneLine(await bytesOf(sheetPdf(sheet, t[language], pdfFormats(language), { printedAt: signedAt })));
      expect(text, language).not.toMatch(iso);
      expect(text).toContain(language === 'fr' ? 'samedi 28 novembre 2026, 22:30 - 23:45' : 'Saturday, 28 November 2026, 22:30 - 23:45');
      expect(text).toContain(language === 'fr' ? 'Heure serveur 28/11/2026 23:26:58' : 'Server time 28/11/2026, 23:26:58');
      expect(text).toContain(language === 'fr' ? 'Arrivée 22:50' : 'Arrived 22:50');
      expect(text).not.toContain('22:26');
      // French typography: a no-break space before the colon (WinAnsi has no narrow one).
      if (language === 'fr') expect(pdfText(await bytesOf(sheetPdf(sheet, t.fr, pdfFormats('fr'), { printedAt: signedAt })))).toContain('(SHA-256)\u00a0:');
    }
  });

  it('the certificate of completion: its period in words and the attendance rate', async () => {
    const t = await translators();
    const student = {
      firstName: 'Lucas', lastName: 'Girard', trainingGroup: 'BTS 1', campus: 'Paris', campusId: 'c', apprentice: true,
      subjects: [{ name: 'Mathématiques', scheduledMinutes: 600, attendedMinutes: 535 }],
    };
    for (const language of languages) {
      const text = oneLine(await certificatePdf(student, null, { from: '2026-12-01', to: '2026-12-15' }, t[language], language));
      expect(text, language).not.toMatch(iso);
      expect(text).toContain(language === 'fr' ? 'du 1er décembre 2026 au 15 décembre 2026' : 'from 1 December 2026 to 15 December 2026');
      expect(text).toContain(language === 'fr' ? "Taux d'assiduité : 89,2 %" : 'Attendance rate: 89.2%');
    }
  });

  it('the validated booklet form: its marks, average and signatures’ times', async () => {
    const t = await translators();
    const form = {
      title: 'Évaluation finale', modules: ['M1'], student: 'Lucas Girard', group: 'BTS 1', run: 1, validatedAt: signedAt,
      values: { tasks: ['Accueil'], skillMarks: [{ skill: 'Rigueur', mark: 14.25, comment: '' }, { skill: 'Écoute', mark: 18, comment: '' }], note: '' },
      signatures: [{ role: 'tutor' as const, signer: 'Paul Durand', signedAt, route: 'POST /api/booklets' }],
    };
    for (const language of languages) {
      const text = oneLine(await signedFormPdf(form, t[language]));
      expect(text, language).not.toMatch(iso);
      expect(text).toContain(language === 'fr' ? '28/11/2026 23:26' : '28/11/2026, 23:26');
      expect(text).not.toContain('22:26');
      expect(text).toContain(language === 'fr' ? 'moyenne 16,13' : 'average 16.13');
      expect(text).toMatch(language === 'fr' ? /Rigueur \S 14,25/ : /Rigueur \S 14\.25/);
      expect(text).toContain(language === 'fr' ? 'Tuteur en entreprise : Paul Durand' : 'Company tutor: Paul Durand');
    }
  });

  it('the report card: marks and coefficients in the reader’s numbers, French typography before the colon', async () => {
    const t = await translators();
    const card = {
      student: { id: 's', firstName: 'Lucas', lastName: 'Girard' }, trainingGroup: { id: 'g', name: 'BTS 1' }, training: { id: 't', name: 'BTS' },
      semester: 1, subjects: [{ elementId: 'e', name: 'Mathématiques', coefficient: 1.5, average: 16.5, appraisal: null }], general: 16.5, rank: 2, groupSize: 20, appraisal: null,
    };
    for (const language of languages) {
      const text = oneLine(await reportCardPdf(card, { withRank: true, language }, t[language]));
      expect(text, language).not.toMatch(iso);
      expect(text).toContain(language === 'fr' ? 'Moyenne générale : 16,50 / 20' : 'General average: 16.50 / 20');
      expect(text).toContain(language === 'fr' ? '1,5' : '1.5');
    }
    expect(pdfText(await reportCardPdf(card, { withRank: true, language: 'fr' }, t.fr))).toContain('Moyenne générale\u00a0: 16,50');
  });
});
