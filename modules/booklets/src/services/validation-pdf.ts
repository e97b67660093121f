import PDFDocument from 'pdfkit';
import { languageOf, type Translate } from '@alterna/core';
import { averageMark, type FormRole } from '../validation/index.js';
import { formatDateTime, formatNumber, typography } from '@alterna/core/validation';

// The standard PDF fonts speak WinAnsi only: other characters lose their accents (NFD) or become '?'.
const winAnsi = (text: string) =>
  [...text].map((char) => {
    const code = char.codePointAt(0)!;
    // French typography's narrow no-break space has no WinAnsi glyph: the no-break space keeps it unbroken.
    if (code === 0x202f) return '\u00a0';
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || char === '\n' || char === '’' || char === '–') return char;
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    return base.length === 1 && base.codePointAt(0)! < 0x100 ? base : '?';
  }).join('');

export interface SignedFormDocument {
  title: string;
  modules: string[];
  student: string;
  group: string;
  values: { tasks: string[]; skillMarks: { skill: string; mark: number | null; comment: string }[]; note: string };
  validatedAt: Date;
  signatures: { role: FormRole; signer: string; signedAt: Date; route: string }[];
  /** The form's n-th validation. */
  run: number;
}

/** How a signature was given, in words: from the person's own space (a request of theirs), or recorded by the centre. */
const methodOf = (route: string) => (/^(POST|GET) \//.test(route) ? 'online' : 'recorded');

/**
 * The validated form as a person reads it, in the language `t` speaks: its values, then each signature with the
 * signatory's role, name, how and when (Paris time). Nothing technical: no role code, route or id.
 */
export function signedFormPdf(form: SignedFormDocument, t: Translate): Promise<Buffer> {
  const language = languageOf(t);
  const label = (key: string, values?: Record<string, unknown>) => winAnsi(typography(String(t(`booklets.pdf.${key}`, values)), language));
  const average = form.values.skillMarks.some((skill) => typeof skill.mark === 'number')
    ? formatNumber(averageMark(form.values.skillMarks), language, { minimumFractionDigits: 2 })
    : label('noAverage');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: winAnsi(`${form.title} - ${form.student}`), Creator: 'Alterna' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(winAnsi(form.title), { align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555').text(winAnsi(`${form.student} - ${form.group} - ${form.modules.join(', ')}`), { align: 'center' }).fillColor('#000');
  doc.moveDown(1);
  if (form.values.tasks.length) {
    doc.font('Helvetica-Bold').fontSize(12).text(label('tasks'));
    doc.font('Helvetica').fontSize(10);
    for (const task of form.values.tasks) doc.text(winAnsi(`- ${task}`));
    doc.moveDown(0.6);
  }
  if (form.values.skillMarks.length) {
    doc.font('Helvetica-Bold').fontSize(12).text(label('skills', { average }));
    doc.font('Helvetica').fontSize(10);
    for (const skill of form.values.skillMarks) doc.text(winAnsi(`- ${skill.skill} – ${skill.mark === null ? '-' : formatNumber(skill.mark, language)}${skill.comment ? ` (${skill.comment})` : ''}`));
    doc.moveDown(0.6);
  }
  doc.font('Helvetica-Bold').fontSize(12).text(label('note'));
  doc.font('Helvetica').fontSize(10).text(winAnsi(form.values.note || '-'));
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text(label('signatures'));
  doc.font('Helvetica').fontSize(10);
  for (const signature of form.signatures) {
    doc.text(label('signature', {
      role: t(`booklets.pdf.roles.${signature.role}`), name: signature.signer, method: t(`booklets.pdf.methods.${methodOf(signature.route)}`), at: formatDateTime(signature.signedAt, language),
    }));
  }
  doc.moveDown(1).fontSize(9).fillColor('#555').text(label('validated', { at: formatDateTime(form.validatedAt, language), run: form.run }));
  doc.end();
  return done;
}
