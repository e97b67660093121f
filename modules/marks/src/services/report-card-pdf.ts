import PDFDocument from 'pdfkit';
import type { Translate } from '@alterna/core';
import { formatNumber, typography } from '@alterna/core/validation';
import type { ReportCard } from '../types.js';

// The standard PDF fonts speak WinAnsi only: other characters lose their accents (NFD) or become '?'.
const winAnsi = (text: string) =>
  [...text].map((char) => {
    const code = char.codePointAt(0)!;
    // French typography's narrow no-break space has no WinAnsi glyph: the no-break space keeps it unbroken.
    if (code === 0x202f) return '\u00a0';
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || char === '\n' || char === '’' || char === '–' || char === '—') return char;
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    return base.length === 1 && base.codePointAt(0)! < 0x100 ? base : '?';
  }).join('');

const page = { width: 595.28, margin: 50 } as const;

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

/** One report card on an A4 page: a line per grade scale element (coefficient, average, appraisal), the general average, the rank if asked. */
export function reportCardPdf(card: ReportCard, options: { withRank: boolean; language: string }, t: Translate): Promise<Buffer> {
  const label = (key: string, values?: Record<string, unknown>) => winAnsi(typography(String(t(`marks.pdf.${key}`, values)), options.language));
  const mark = (value: number | null) => (value === null ? '-' : formatNumber(value, options.language, { minimumFractionDigits: 2 }));
  const name = `${card.student.lastName.toUpperCase()} ${card.student.firstName}`;
  const doc = new PDFDocument({ size: 'A4', margin: page.margin, info: { Title: `${label('title', { semester: card.semester })} - ${winAnsi(name)}`, Creator: 'Alterna' } });
  const width = page.width - 2 * page.margin;
  const left = page.margin;

  doc.font('Helvetica-Bold').fontSize(18).text(label('title', { semester: card.semester }), { align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555').text(winAnsi(`${card.training.name} - ${card.trainingGroup.name}`), { align: 'center' }).fillColor('#000');
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(12).text(winAnsi(name));
  doc.moveDown(0.8);

  const columns = [width - 260, 60, 60, 140];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const heights = cells.map((cell, i) => doc.heightOfString(winAnsi(cell), { width: columns[i]! - 8 }));
    cells.forEach((cell, i) => {
      doc.text(winAnsi(cell), x + 4, y + 4, { width: columns[i]! - 8, align: i === 1 || i === 2 ? 'right' : 'left' });
      x += columns[i]!;
    });
    const bottom = y + Math.max(14, ...heights) + 6;
    doc.moveTo(left, bottom).lineTo(left + width, bottom).strokeColor('#ccc').stroke();
    doc.y = bottom + 2;
  };
  row([label('subject'), label('coefficient'), label('average'), label('appraisal')], true);
  for (const subject of card.subjects) row([subject.name, formatNumber(subject.coefficient, options.language), mark(subject.average), subject.appraisal ?? '']);
  doc.moveDown(0.8);
  doc.x = left;
  doc.font('Helvetica-Bold').fontSize(12).text(label('general', { average: mark(card.general) }));
  if (options.withRank && card.rank !== null) doc.font('Helvetica').fontSize(10).text(label('rank', { rank: card.rank, size: card.groupSize }));
  if (card.appraisal) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text(label('generalAppraisal'));
    doc.font('Helvetica').text(winAnsi(card.appraisal), { width });
  }
  return bytesOf(doc);
}

/** A file name the zip can hold: the semester and the student's name, without path or odd characters. */
export const reportCardFileName = (card: ReportCard, t: Translate) =>
  `${String(t('marks.pdf.fileName', { semester: card.semester }))}_${card.student.lastName}_${card.student.firstName}`
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_-]+/g, '-') + `_${card.student.id.slice(0, 8)}.pdf`;
