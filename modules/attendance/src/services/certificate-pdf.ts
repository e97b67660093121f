import PDFDocument from 'pdfkit';
import type { Translate } from '@alterna/core';
import { winAnsi } from './export-pdf.js';
import { todayIn } from '@alterna/core/dates';

/** What a certificate of completion states for one apprentice over a period. */
export interface CertifiedStudent {
  firstName: string;
  lastName: string;
  trainingGroup: string | null;
  campus: string;
  subjects: { name: string; scheduled: number; attended: number }[];
}

const page = { width: 595.28, margin: 56 } as const;

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

/**
 * The certificate of completion (certificat de réalisation) of an apprentice for a period: the hours scheduled and
 * the hours attended by subject, from the signed and closed sheets, and the attendance rate funders ask for.
 */
export function certificatePdf(student: CertifiedStudent, period: { from: string; to: string }, t: Translate, language: string): Promise<Buffer> {
  const label = (key: string, values?: Record<string, unknown>) => winAnsi(String(t(`attendance.certificate.${key}`, values)));
  const number = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 2 });
  const day = (iso: string) => new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
  const name = `${student.firstName} ${student.lastName.toUpperCase()}`;
  const doc = new PDFDocument({ size: 'A4', margin: page.margin, info: { Title: `${label('title')} - ${winAnsi(name)}`, Creator: 'Alterna' } });
  const width = page.width - 2 * page.margin;
  const left = page.margin;

  doc.font('Helvetica-Bold').fontSize(18).text(label('title'), { align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555').text(label('subtitle'), { align: 'center' }).fillColor('#000');
  doc.moveDown(1.5).fontSize(11);
  doc.text(label('intro', { campus: student.campus }));
  doc.moveDown(0.8).font('Helvetica-Bold').text(winAnsi(name));
  doc.font('Helvetica').text(label('enrolled', { group: student.trainingGroup ?? '-' }));
  doc.moveDown(0.5).text(label('period', { from: day(period.from), to: day(period.to) }));
  doc.moveDown(1);

  // The table: a subject per row, then the totals.
  const columns = [width - 270, 135, 135];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((cell, i) => {
      doc.text(winAnsi(cell), x + 4, y + 4, { width: columns[i]! - 8, align: i ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += columns[i]!;
    });
    doc.moveTo(left, y + 18).lineTo(left + width, y + 18).strokeColor('#ccc').stroke();
    doc.y = y + 20;
    doc.x = left;
  };
  row([label('subject'), label('scheduled'), label('attended')], true);
  for (const subject of student.subjects) row([subject.name, `${number.format(subject.scheduled)} h`, `${number.format(subject.attended)} h`]);
  const scheduled = student.subjects.reduce((sum, s) => sum + s.scheduled, 0);
  const attended = student.subjects.reduce((sum, s) => sum + s.attended, 0);
  row([label('total'), `${number.format(scheduled)} h`, `${number.format(attended)} h`], true);
  const rate = scheduled ? attended / scheduled : 0;
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12)
    .text(label('rate', { rate: new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', { style: 'percent', maximumFractionDigits: 1 }).format(rate) }), left);
  doc.moveDown(1).font('Helvetica').fontSize(9).fillColor('#555').text(label('source'), left, doc.y, { width }).fillColor('#000');
  doc.moveDown(2).fontSize(11).text(label('madeAt', { campus: student.campus, date: day(todayIn()) }), left);
  doc.moveDown(0.5).text(label('signature'), left);
  return bytesOf(doc);
}
