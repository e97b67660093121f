// The text a pdfkit PDF prints, read without a PDF tool: for the API tests of the exports and the unit test that
// renders every PDF kind.
import zlib from 'node:zlib';

/** A pdfkit PDF's content streams, inflated, read as Latin-1. */
function* contentStreams(pdf: Buffer): Generator<string> {
  const raw = pdf.toString('latin1');
  // Each stream's bytes by its dictionary's /Length: a compressed stream may end with a byte that looks like '\r'.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\r?\nstream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const bytes = Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1');
    try {
      yield zlib.inflateSync(bytes).toString('latin1');
    } catch {
      yield bytes.toString('latin1');
    }
  }
}

/** The hex strings of a `[…] TJ` array joined (kerning splits a word into pieces), read as WinAnsi. */
const shownText = (array: string) => new TextDecoder('windows-1252').decode(Buffer.from([...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join(''), 'hex'));

/**
 * The text a pdfkit PDF prints: each `[…] TJ` of its content streams. Enough to find names and labels without a PDF tool.
 */
export function pdfText(pdf: Buffer): string {
  const texts: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const array of content.matchAll(/\[([^\]]*)\] TJ/g)) texts.push(shownText(array[1]!));
  }
  return texts.join('\n');
}

/** A line of text a PDF draws (pdfkit: one `Tm` then one `TJ` per line), its top measured from the page's top, in points. */
export interface PdfTextRun { page: number; text: string; x: number; top: number; size: number }

/** The PDF's text lines with their positions, in drawing order: enough to see that two lines do not overlap. */
export function pdfTextRuns(pdf: Buffer, pageHeight = 841.89): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  let page = -1;
  for (const content of contentStreams(pdf)) {
    if (!content.includes(' TJ')) continue;
    page += 1;
    for (const block of content.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s*\/\S+ ([\d.]+) Tf\s*\[([^\]]*)\] TJ/g)) {
      const size = Number(block[3]);
      // Tm places the baseline; the line's top is about a font size above it.
      runs.push({ page, text: shownText(block[4]!), x: Number(block[1]), top: pageHeight - Number(block[2]) - size, size });
    }
  }
  return runs;
}
