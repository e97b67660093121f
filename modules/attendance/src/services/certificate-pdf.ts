import PDFDocument from 'pdfkit';
import type { Translate } from '@alterna/core';
import type { OrganisationIdentity } from '@alterna/training-centre';
import { winAnsi } from './export-pdf.js';
import { todayIn } from '@alterna/core/dates';
import { formatLongDate, formatPercent, typography } from '@alterna/core/validation';

/** What a certificate of completion states for one apprentice over a period. */
export interface CertifiedStudent {
  firstName: string;
  lastName: string;
  trainingGroup: string | null;
  campus: string;
  campusId: string;
  /** Registered as an apprentice: the certificate names an apprenticeship training action. */
  apprentice: boolean;
  subjects: { name: string; scheduledMinutes: number; attendedMinutes: number }[];
}

const page = { width: 595.28, height: 841.89, margin: 56 } as const;

/** Bytes of a finished PDF. */
function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** One format for every duration of the certificate: hours and minutes, `12 h 05`. */
export const hoursAndMinutes = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(Math.round(minutes % 60)).padStart(2, '0')}`;

/** SIRET and declaration number grouped as they are printed (812 345 678 00013, 11 75 54321 75). */
const siretText = (siret: string) => `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
const declarationText = (number: string) => `${number.slice(0, 2)} ${number.slice(2, 4)} ${number.slice(4, 9)} ${number.slice(9)}`;

/**
 * The certificate of completion (certificat de réalisation) of an apprentice for a period: the organisation that
 * delivers it, the hours scheduled and the hours attended by subject, from the signed and closed sheets, and the
 * attendance rate funders ask for.
 */
export function certificatePdf(
  student: CertifiedStudent, organisation: OrganisationIdentity | null, period: { from: string; to: string }, t: Translate, language: string,
): Promise<Buffer> {
  const label = (key: string, values?: Record<string, unknown>) => winAnsi(typography(String(t(`attendance.certificate.${key}`, values)), language));
  const name = `${student.firstName} ${student.lastName.toUpperCase()}`;
  const doc = new PDFDocument({ size: 'A4', margin: page.margin, info: { Title: `${label('title')} - ${winAnsi(name)}`, Creator: 'Alterna' } });
  const width = page.width - 2 * page.margin;
  const left = page.margin;

  if (organisation) {
    doc.font('Helvetica-Bold').fontSize(10).text(winAnsi(organisation.name), left, page.margin, { width });
    doc.font('Helvetica').fontSize(9).fillColor('#333')
      .text(winAnsi(`${organisation.streetAddress}, ${organisation.postalCode} ${organisation.city}`), { width })
      .text(label('siret', { siret: siretText(organisation.siret) }), { width })
      .text(label('declaration', { number: declarationText(organisation.activityDeclarationNumber) }), { width })
      .fillColor('#000');
    doc.moveDown(1.5);
  }
  doc.font('Helvetica-Bold').fontSize(18).text(label('title'), left, doc.y, { align: 'center', width });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555').text(label(student.apprentice ? 'subtitleApprentice' : 'subtitle'), { align: 'center', width }).fillColor('#000');
  doc.moveDown(1.5).fontSize(11);
  doc.text(organisation ? label('introOrganisation', { organisation: organisation.name }) : label('intro', { campus: student.campus }), { width });
  doc.moveDown(0.8).font('Helvetica-Bold').text(winAnsi(name));
  doc.font('Helvetica').text(label(student.apprentice ? 'enrolledApprentice' : 'enrolled', { group: student.trainingGroup ?? '-' }));
  doc.moveDown(0.5).text(label('period', { from: formatLongDate(period.from, language), to: formatLongDate(period.to, language) }), { width });
  doc.moveDown(1);

  // The table: a subject per row, each row as tall as its longest cell, then the totals.
  const columns = [width - 250, 125, 125];
  const padding = 4;
  const header = [label('subject'), label('scheduled'), label('attended')];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const texts = cells.map(winAnsi);
    const height = Math.max(...texts.map((text, i) => doc.heightOfString(text, { width: columns[i]! - 2 * padding }))) + 2 * padding;
    if (doc.y + height > page.height - page.margin) {
      doc.addPage();
      if (cells !== header) row(header, true);
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    }
    const y = doc.y;
    let x = left;
    texts.forEach((text, i) => {
      doc.text(text, x + padding, y + padding, { width: columns[i]! - 2 * padding, align: i ? 'right' : 'left' });
      x += columns[i]!;
    });
    doc.moveTo(left, y + height).lineTo(left + width, y + height).strokeColor('#ccc').stroke();
    doc.y = y + height + 2;
    doc.x = left;
  };
  row(header, true);
  for (const subject of student.subjects) row([subject.name, hoursAndMinutes(subject.scheduledMinutes), hoursAndMinutes(subject.attendedMinutes)]);
  const scheduled = student.subjects.reduce((sum, s) => sum + s.scheduledMinutes, 0);
  const attended = student.subjects.reduce((sum, s) => sum + s.attendedMinutes, 0);
  row([label('total'), hoursAndMinutes(scheduled), hoursAndMinutes(attended)], true);
  const rate = scheduled ? attended / scheduled : 0;
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12)
    .text(label('rate', { rate: formatPercent(rate, language) }), left);
  doc.moveDown(1).font('Helvetica').fontSize(9).fillColor('#555').text(label('source'), left, doc.y, { width }).fillColor('#000');
  doc.moveDown(2).fontSize(11).text(label('madeAt', { campus: organisation?.city ?? student.campus, date: formatLongDate(todayIn(), language) }), left);
  doc.moveDown(0.5).text(label('signature'), left);
  return bytesOf(doc);
}
