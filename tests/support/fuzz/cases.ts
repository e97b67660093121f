import type { FuzzRequest } from './http.js';
import { deepJson } from './values.js';

// One fuzz case: what it targets, as whom, what it sends (rebuilt from its own seed when sent, so the big
// bodies exist only while in flight) and a short form of its input for the report.

export const fuzzKinds = [
  'wrong-type', 'missing-field', 'extra-fields', 'non-uuid', 'huge-string', 'huge-array', 'deep-nesting', 'unknown-enum',
  'bad-date', 'read-only', 'content-type', 'big-body', 'invalid-utf8', 'file-name', 'malformed-json', 'query-junk',
  'wrong-shape', 'deep-selection', 'graphql-document', 'control-chars',
] as const;
export type FuzzKind = (typeof fuzzKinds)[number];

export interface FuzzCase {
  /** Position in the run (printed with the seed: `FUZZ_SEED=s FUZZ_CASES=id,id` replays them). */
  id: number;
  kind: FuzzKind;
  /** `POST /api/…/:id` or `graphql Mutation.Field`. */
  target: string;
  /** The typology whose demo login sends it, or null for anonymous. */
  actor: string | null;
  /** Short form of what is malformed. */
  input: string;
  /** Sent after every other case: the login route, so no failed attempt can lock a demo account mid-run. */
  last: boolean;
  request(): FuzzRequest;
}

export const languages = ['fr', 'en'] as const;

/** Bodies up to this size are built once, at generation; bigger ones again when sent (they exist only in flight). */
export const keptBodyBytes = 64 * 1024;

/** Request headers of the web client: its language, the scripted-request header, JSON unless said otherwise. */
export function clientHeaders(language: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'accept-language': language, 'x-requested-with': 'XMLHttpRequest', ...extra };
}

/** A multipart/form-data body written by hand, so file names can carry any bytes. */
export interface MultipartPart {
  name: string | Buffer;
  value: string | Buffer;
  filename?: string | Buffer;
  contentType?: string;
}

export function multipartBody(parts: MultipartPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  const text = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s);
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`), text(part.name), Buffer.from('"'));
    if (part.filename !== undefined) chunks.push(Buffer.from('; filename="'), text(part.filename), Buffer.from('"'));
    chunks.push(Buffer.from(`\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`), text(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A JSON text whose placeholder strings become invalid UTF-8 bytes. */
export const utf8Hole = 'FUZZ_UTF8_HOLE';

export function jsonBytes(value: unknown, hole?: Buffer): Buffer {
  const text = Buffer.from(deepJson(value), 'utf8');
  if (!hole) return text;
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = text.indexOf(utf8Hole, from); at >= 0; at = text.indexOf(utf8Hole, from)) {
    parts.push(text.subarray(from, at), hole);
    from = at + utf8Hole.length;
  }
  parts.push(text.subarray(from));
  return Buffer.concat(parts);
}

/** At most `n` characters of a text, on one line. */
export function shortText(value: unknown, n = 120): string {
  const text = (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)).replace(/\s+/g, ' ');
  return text.length > n ? `${text.slice(0, n)}…(${text.length} chars)` : text;
}
