import { describe, expect, it } from 'vitest';
import { brokenAt, chainHash, linesDigest, type SignatureEntry } from './signature-chain.js';
import { signatureSvg } from './signature-svg.js';

const entry = (n: number, extra: Partial<SignatureEntry> = {}): SignatureEntry => ({
  sheetId: 'sheet', lessonId: 'lesson', lineId: `line-${n}`, signerId: `student-${n}`, method: 'pad', signedAt: `2026-11-25T08:0${n}:00.000Z`,
  ip: '127.0.0.1', userAgent: 'Phone', strokes: [[[10, 10], [20, 30]]], svg: '<svg/>', linesDigest: null, ...extra,
});

function chain(entries: SignatureEntry[]) {
  let previous: string | null = null;
  return entries.map((content, i) => {
    const hash = chainHash(previous, content);
    const stored = { ...content, seq: i + 1, previousHash: previous, hash };
    previous = hash;
    return stored;
  });
}

describe('signature hash chain', () => {
  it('holds for entries as written, whatever the order they are read in', () => {
    const stored = chain([entry(1), entry(2), entry(3)]);
    expect(brokenAt(stored)).toBeNull();
    expect(brokenAt([...stored].reverse())).toBeNull();
  });

  it('hashes the same content the same whatever its keys order', () => {
    const a = entry(1);
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as unknown as SignatureEntry;
    expect(chainHash(null, reordered)).toBe(chainHash(null, a));
  });

  it('shows a later change of any field, a removed entry and a re-hashed forgery', () => {
    const stored = chain([entry(1), entry(2), entry(3)]);
    expect(brokenAt(stored.map((e) => (e.seq === 2 ? { ...e, signedAt: '2026-11-25T07:00:00.000Z' } : e)))).toBe(2);
    expect(brokenAt(stored.map((e) => (e.seq === 1 ? { ...e, strokes: [[[0, 0]]] } : e)))).toBe(1);
    expect(brokenAt(stored.filter((e) => e.seq !== 2))).toBe(3);
    // Rewriting entry 2 with a fresh hash breaks entry 3's link.
    const forged = { ...stored[1]!, ip: '10.0.0.9' };
    forged.hash = chainHash(forged.previousHash, { ...entry(2), ip: '10.0.0.9' });
    expect(brokenAt([stored[0]!, forged, stored[2]!])).toBe(3);
  });

  it('digests the lines as closed: a changed status or time shows', () => {
    const lines = [{ id: 'b', status: 'absent', arrivedAt: null }, { id: 'a', status: 'present', arrivedAt: null }];
    expect(linesDigest(lines)).toBe(linesDigest([...lines].reverse()));
    expect(linesDigest([{ ...lines[0]!, status: 'present' }, lines[1]!])).not.toBe(linesDigest(lines));
  });
});

describe('signature SVG', () => {
  it('is drawn from numbers only, clamped to the box', () => {
    const svg = signatureSvg([[[10, 20], [2000, -5]], [[5, 5]]]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 1000 400"/);
    expect(svg).toContain('<path d="M10 20 L1000 0"/>');
    expect(svg).toContain('<path d="M5 5 l0.1 0"/>');
    expect(svg).not.toMatch(/script|on\w+=/i);
  });
});
