import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download.js';

describe('contentDisposition (RFC 6266)', () => {
  it('sends an ASCII name as it is', () => {
    expect(contentDisposition('etudiants-2026-11-14.xlsx')).toBe('attachment; filename="etudiants-2026-11-14.xlsx"');
    expect(contentDisposition('a b.pdf', 'inline')).toBe('inline; filename="a b.pdf"');
  });

  it('gives any other name in UTF-8 (filename*) after an ASCII fallback, never a raw byte outside ASCII', () => {
    const header = contentDisposition('Émargements_2026-11-14_10-30-00.zip');
    expect(header).toBe("attachment; filename=\"Emargements_2026-11-14_10-30-00.zip\"; filename*=UTF-8''%C3%89margements_2026-11-14_10-30-00.zip");
    expect(/^[\x20-\x7E]*$/.test(header)).toBe(true);
    expect(contentDisposition('βεβαίωση.pdf')).toBe(`attachment; filename="________.pdf"; filename*=UTF-8''${encodeURIComponent('βεβαίωση.pdf')}`);
    expect(contentDisposition('Relevé (1) d\'O\'Neil*.pdf')).toBe("attachment; filename=\"Releve (1) d'O'Neil*.pdf\"; filename*=UTF-8''Relev%C3%A9%20%281%29%20d%27O%27Neil%2A.pdf");
  });

  it('keeps quotes, backslashes and percent signs out of the fallback, and survives half a surrogate pair', () => {
    expect(contentDisposition('a"b\\c%41.txt')).toBe("attachment; filename=\"a_b_c_41.txt\"; filename*=UTF-8''a%22b%5Cc%2541.txt");
    expect(contentDisposition('x\ud800.txt')).toBe("attachment; filename=\"x_.txt\"; filename*=UTF-8''x%EF%BF%BD.txt");
  });
});
