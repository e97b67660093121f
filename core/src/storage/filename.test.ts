import { describe, expect, it } from 'vitest';
import { maxFilenameLength, sanitizeFilename } from './filename.js';

describe('sanitizeFilename', () => {
  it('keeps an ordinary name, accents included', () => {
    expect(sanitizeFilename('Justificatif médical — été.pdf')).toBe('Justificatif médical — été.pdf');
  });

  it('keeps only the last segment of a path, with either separator', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\élève\\scan.png')).toBe('scan.png');
    expect(sanitizeFilename('/abs/path/')).toBe('file');
  });

  it('drops control and direction characters and collapses spaces', () => {
    expect(sanitizeFilename('a\u0000b\r\nc\td.pdf')).toBe('ab c d.pdf');
    // U+202E would show "invoice\u202Efdp.exe" as "invoiceexe.pdf".
    expect(sanitizeFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFilename('  lots   of   space  .txt ')).toBe('lots of space .txt');
  });

  it('never gives an empty name, a dot or two dots', () => {
    expect(sanitizeFilename('')).toBe('file');
    expect(sanitizeFilename('..')).toBe('file');
    expect(sanitizeFilename('.')).toBe('file');
    expect(sanitizeFilename('\u0001\u0002')).toBe('file');
  });

  it('cuts a long name to 255 characters and keeps its extension', () => {
    const long = `${'é'.repeat(400)}.pdf`;
    const cut = sanitizeFilename(long);
    expect([...cut]).toHaveLength(maxFilenameLength);
    expect(cut.endsWith('é.pdf')).toBe(true);
    expect([...sanitizeFilename('x'.repeat(300))]).toHaveLength(maxFilenameLength);
  });
});
