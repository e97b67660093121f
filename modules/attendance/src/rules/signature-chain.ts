import crypto from 'node:crypto';

/**
 * What a signature proves (issue #11: a proof a funder accepts): who, when (server time), how, from which device,
 * for which lesson and line, the drawing, and — for the teacher's closing one — the lines as closed.
 */
export interface SignatureEntry {
  sheetId: string;
  lessonId: string;
  lineId: string | null;
  signerId: string;
  method: string;
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  strokes: unknown;
  svg: string | null;
  linesDigest: string | null;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Keys sorted at every depth, so the same entry always hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** An entry's hash, chained to the previous entry's: changing any earlier entry changes every later hash. */
export function chainHash(previousHash: string | null, entry: SignatureEntry): string {
  return sha256(`${previousHash ?? ''}\n${canonical(entry)}`);
}

/** A digest of the lines as the teacher closes the sheet: a later change of a status or a time shows. */
export function linesDigest(lines: readonly Record<string, unknown>[]): string {
  return sha256(canonical([...lines].sort((a, b) => String(a.id).localeCompare(String(b.id)))));
}

/** The first entry (by sequence) whose stored hashes do not follow from its content; null when the chain holds. */
export function brokenAt(entries: readonly (SignatureEntry & { seq: number; previousHash: string | null; hash: string })[]): number | null {
  let previous: string | null = null;
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const { seq, previousHash, hash, ...content } = entry;
    if (previousHash !== previous || chainHash(previous, content) !== hash) return seq;
    previous = hash;
  }
  return null;
}
