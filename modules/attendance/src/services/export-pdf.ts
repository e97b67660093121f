import PDFDocument from 'pdfkit';
import type { Translate } from '@alterna/core';
import { signatureBox } from '../rules/signature-svg.js';
import { now } from '@alterna/core/clock';
import { formatDateTimeSeconds, formatTime, formatWeekdayDate, typography } from '@alterna/core/validation';

/** One signature as the PDF shows it: the drawing and what proves it. */
export interface PdfSignature {
  seq: number;
  signerName: string;
  method: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  hash: string;
  svg: string | null;
  strokes: unknown;
}

export interface PdfLine {
  lastName: string;
  firstName: string;
  group: string | null;
  status: string | null;
  arrivedAt: Date | null;
  leftAt: Date | null;
  exitFrom: Date | null;
  exitTo: Date | null;
  comment: string | null;
  signature: PdfSignature | null;
}

/** Everything one sheet's PDF prints, read in batches by the export. */
export interface PdfSheet {
  lessonId: string;
  campusName: string;
  subjectName: string | null;
  groups: string[];
  teachers: string[];
  startAt: Date;
  endAt: Date;
  closedAt: Date | null;
  lines: PdfLine[];
  closing: PdfSignature | null;
  linesDigest: string | null;
  chain: { brokenAt: number | null; linesUnchanged: boolean | null; signatures: number };
}

const pdfKeys = (key: string) => `attendance.export.pdf.${key}`;

// Landscape A4 in points: a student's row carries a drawing and its proof, too wide for portrait.
const page = { width: 841.89, height: 595.28, margin: 30 } as const;
const rowHeight = 38;
const widths = { student: 150, status: 82, times: 92, comment: 110, signature: 96, proof: 251.89 } as const;
const columns = Object.entries(widths).map(([key, width]) => ({ key, width }));
const signatureSize = { width: 85, height: 34 };

// The standard PDF fonts speak WinAnsi only: other characters would print as garbage, so they lose their accents
// (NFD) or become '?'. Standard fonts keep each PDF small and fast (nothing embedded).
const winAnsiExtras = new Set([402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338, 339, 732, 352, 353, 376, 381, 382]);
const printable = (code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(code);

/** Text the standard fonts can print. */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    if (char === '\n') {
      out += char;
      continue;
    }
    const code = char.codePointAt(0)!;
    if (printable(code)) out += char;
    // French typography's narrow no-break space (and the thin one) has no WinAnsi glyph: the no-break space keeps it unbroken.
    else if (code === 0x202f || code === 0x2009) out += '\u00a0';
    else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => printable(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out;
}

/** The path data of a server-drawn signature SVG: numbers and M/L/l commands only, else nothing is drawn from it. */
export function svgPaths(svg: string | null): string[] {
  if (!svg) return [];
  return [...svg.matchAll(/<path d="([^"]*)"\/>/g)].map((m) => m[1]!).filter((d) => /^[MLl0-9 .-]+$/.test(d));
}

/** The same paths from the stored strokes, for a signature without its SVG. */
function strokePaths(strokes: unknown): string[] {
  if (!Array.isArray(strokes)) return [];
  return strokes
    .filter((stroke): stroke is unknown[] => Array.isArray(stroke) && stroke.length > 0)
    .map((stroke) => {
      const points = stroke.map((p) => (Array.isArray(p) ? [Number(p[0]) || 0, Number(p[1]) || 0] : [0, 0]));
      return points.length === 1 ? `M${points[0]![0]} ${points[0]![1]} l0.1 0` : `M${points.map(([x, y]) => `${x} ${y}`).join(' L')}`;
    });
}

/** The shared format functions in the request's language and the campus's zone (Paris): a proof's time to the second. */
export function pdfFormats(language: string) {
  return {
    day: (d: Date) => formatWeekdayDate(d, language),
    time: (d: Date) => formatTime(d, language),
    dateTime: (d: Date) => formatDateTimeSeconds(d, language),
    /** French typography in a text composed of a label and values ('Heure serveur : …'). */
    text: (value: string) => typography(value, language),
  };
}
export type PdfFormats = ReturnType<typeof pdfFormats>;

/**
 * One sheet as a printable A4 PDF (pdfkit): the lesson, a row per student with the signature drawn as vector paths
 * and its proof, the teacher's closing signature, and the chain check. The document is ended: its bytes wait in
 * the stream for the zip to read.
 */
export function sheetPdf(sheet: PdfSheet, t: Translate, formats: PdfFormats, options: { printedAt?: Date } = {}): PDFKit.PDFDocument {
  const label = (key: string, values?: Record<string, unknown>) => winAnsi(formats.text(String(t(pdfKeys(key), values))));
  const title = `${label('title')} - ${winAnsi(sheet.subjectName ?? label('noSubject'))} - ${formats.day(sheet.startAt)}`;
  const doc = new PDFDocument({
    size: 'A4', layout: 'landscape', margin: page.margin, bufferPages: true,
    info: { Title: title, Subject: sheet.lessonId, Creator: 'Alterna' },
  });
  const left = page.margin;
  const right = page.width - page.margin;
  const bottom = page.height - page.margin - 14;
  const text = (value: string, x: number, y: number, width: number, size: number, opts: { bold?: boolean; lines?: number; color?: string } = {}) => {
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size).fillColor(opts.color ?? '#000');
    doc.text(winAnsi(value), x, y, { width, height: size * 1.2 * (opts.lines ?? 1), ellipsis: true, lineGap: 0 });
  };

  // Lesson header.
  let y = page.margin;
  text(label('title'), left, y, 500, 16, { bold: true });
  text(sheet.closedAt ? label('closedState') : label('openState'), right - 250, y + 3, 250, 10, { bold: true, color: sheet.closedAt ? '#2b8a3e' : '#c92a2a' });
  y += 24;
  const facts: [string, string][] = [
    [label('campus'), sheet.campusName],
    [label('subject'), sheet.subjectName ?? label('noSubject')],
    [label('groups'), sheet.groups.join(', ') || '-'],
    [label('date'), `${formats.day(sheet.startAt)}, ${formats.time(sheet.startAt)} - ${formats.time(sheet.endAt)}`],
    [label('teachers'), sheet.teachers.join(', ') || '-'],
  ];
  for (const [name, value] of facts) {
    text(name, left, y, 90, 9, { bold: true });
    text(value, left + 90, y, right - left - 90, 9);
    y += 12;
  }
  y += 6;

  const tableHeader = () => {
    let x = left;
    doc.rect(left, y, right - left, 16).fill('#e9ecef');
    for (const column of columns) {
      text(label(`columns.${column.key}`), x + 3, y + 4, column.width - 6, 8, { bold: true });
      x += column.width;
    }
    y += 16;
  };
  const newPage = () => {
    doc.addPage();
    y = page.margin;
    tableHeader();
  };

  tableHeader();
  if (!sheet.lines.length) {
    text(label('noStudents'), left + 3, y + 6, 400, 9);
    y += rowHeight;
  }
  for (const [index, line] of sheet.lines.entries()) {
    if (y + rowHeight > bottom) newPage();
    if (index % 2) doc.rect(left, y, right - left, rowHeight).fill('#f8f9fa');
    let x = left;
    const cell = (width: number) => {
      const at = x + 3;
      x += width;
      return at;
    };
    const { student, status, times, comment, signature, proof } = widths;
    const sx = cell(student);
    text(`${line.lastName.toUpperCase()} ${line.firstName}`, sx, y + 4, student - 6, 8.5, { bold: true });
    text(line.group ?? '', sx, y + 15, student - 6, 7.5, { color: '#495057' });
    text(line.status ? String(t(`attendance.status.${line.status}`)) : '-', cell(status), y + 4, status - 6, 8, { lines: 2 });
    const timeLines = [
      line.arrivedAt ? `${label('arrived')} ${formats.time(line.arrivedAt)}` : null,
      line.leftAt ? `${label('left')} ${formats.time(line.leftAt)}` : null,
      line.exitFrom ? `${label('exit')} ${formats.time(line.exitFrom)}${line.exitTo ? ` - ${formats.time(line.exitTo)}` : ''}` : null,
    ].filter((v): v is string => v !== null);
    text(timeLines.join('\n') || '-', cell(times), y + 4, times - 6, 7.5, { lines: 3 });
    text(line.comment ?? '', cell(comment), y + 4, comment - 6, 7, { lines: 4 });
    const gx = cell(signature);
    const px = cell(proof);
    if (line.signature) {
      drawSignature(doc, line.signature, gx, y + 2, signatureSize);
      proofText(line.signature, px, y + 3, proof - 6);
    } else {
      text(label('notSigned'), gx, y + 14, signature - 6, 7.5, { color: '#868e96' });
    }
    doc.moveTo(left, y + rowHeight).lineTo(right, y + rowHeight).lineWidth(0.3).strokeColor('#adb5bd').stroke();
    y += rowHeight;
  }

  function proofText(signature: PdfSignature, x: number, top: number, width: number) {
    const agent = signature.userAgent ? (signature.userAgent.length > 70 ? `${signature.userAgent.slice(0, 69)}…` : signature.userAgent) : '-';
    const rows = [
      `${label('proof.serverTime')} ${formats.dateTime(signature.signedAt)} · ${label(`proof.methods.${signature.method}`)} · #${signature.seq}`,
      `${label('proof.ip')} ${signature.ip ?? '-'} · ${agent}`,
      `${label('proof.hash')} ${signature.hash}`,
    ];
    // The hash's 64 digits must fit on one line: a smaller size for it.
    rows.forEach((row, i) => text(row, x, top + i * 8.5, width, i === 2 ? 5.6 : 6.2, { color: '#343a40' }));
  }

  // The teacher's closing signature and the chain check.
  if (y + 140 > bottom) {
    doc.addPage();
    y = page.margin;
  }
  y += 12;
  text(label('closing'), left, y, 300, 11, { bold: true });
  y += 16;
  if (sheet.closing) {
    doc.rect(left, y, 150, 60).lineWidth(0.5).strokeColor('#adb5bd').stroke();
    drawSignature(doc, sheet.closing, left + 5, y + 5, { width: 140, height: 50 });
    text(label('closedBy', { name: sheet.closing.signerName, at: formats.dateTime(sheet.closing.signedAt) }), left + 160, y, 460, 9, { bold: true });
    proofText(sheet.closing, left + 160, y + 14, 460);
  } else {
    text(label('notClosed'), left, y, 460, 9, { color: '#c92a2a' });
  }
  y += 68;
  const chain = sheet.chain.brokenAt === null ? label('chain.valid', { count: sheet.chain.signatures }) : label('chain.broken', { seq: sheet.chain.brokenAt });
  text(chain, left, y, right - left, 9, { bold: true, color: sheet.chain.brokenAt === null ? '#2b8a3e' : '#c92a2a' });
  y += 13;
  if (sheet.chain.linesUnchanged !== null) {
    text(sheet.chain.linesUnchanged ? label('chain.linesUnchanged') : label('chain.linesChanged'), left, y, right - left, 9, { color: sheet.chain.linesUnchanged ? '#2b8a3e' : '#c92a2a' });
    y += 13;
  }
  text(`${label('digest')} ${sheet.linesDigest ?? '-'}`, left, y, right - left, 8);

  // Footers once every page exists: the bottom margin is lifted so pdfkit does not start a page for them.
  const range = doc.bufferedPageRange();
  const printed = label('printedAt', { at: formats.dateTime(options.printedAt ?? now()) });
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    text(`${title} · ${printed}`, left, page.height - page.margin + 4, 600, 7, { color: '#868e96' });
    text(label('page', { page: i + 1, pages: range.count }), right - 100, page.height - page.margin + 4, 100, 7, { color: '#868e96' });
  }
  doc.flushPages();
  doc.end();
  return doc;
}

/** A signature as vector paths (the server-drawn SVG's path data, else the strokes), scaled into a box. */
function drawSignature(doc: PDFKit.PDFDocument, signature: PdfSignature, x: number, y: number, box: { width: number; height: number }): void {
  const paths = svgPaths(signature.svg);
  const drawn = paths.length ? paths : strokePaths(signature.strokes);
  if (!drawn.length) return;
  const scale = Math.min(box.width / signatureBox.width, box.height / signatureBox.height);
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.lineWidth(1.2 / scale).lineCap('round').lineJoin('round').strokeColor('#1c1c6b');
  for (const d of drawn) doc.path(d);
  doc.stroke();
  doc.restore();
}
