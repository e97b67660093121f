// The malformed values the cases are made of. None contains SQL words, `node_modules` or `file.ts:12`, so an
// answer that echoes what was sent is never mistaken for a leak (oracles.ts looks for those).

/** Ids that are not UUIDs: look-alikes, paths, injections, empty and huge ones. */
export const nonUuids: readonly string[] = [
  'not-a-uuid', '', ' ', '0', '-1', '1e309', 'null', 'undefined', 'NaN', '[]', '{}',
  '00000000-0000-0000-0000-00000000000g', '123e4567-e89b-12d3-a456-4266141740000', '123e4567e89b12d3a456426614174000',
  '{123e4567-e89b-12d3-a456-426614174000}', ' 123e4567-e89b-12d3-a456-426614174000', "x' OR '1'='1", '1; --',
  '../../etc/passwd', '..\\..\\boot.ini', '%00', '\u0000', 'é'.repeat(40), '😀', 'a'.repeat(2_000), '$where', '__proto__',
];

/** Texts with NUL, which PostgreSQL refuses in text and JSON (a 500 wherever one reached a statement): 3 characters at least. */
export const nulTexts: readonly string[] = ['Rentrée\u0000', 'a\u0000b\u0000c', 'Du\u0000pont', '\u0000\u0000\u0000', '\u202eNUL\u0000 \ud800'];

/**
 * Texts no string may hold (the core refuses them in any body, query string, path or GraphQL argument): NUL, the other
 * C0 controls but tab, LF and CR, halves of a surrogate pair alone, and the direction overrides that show a name reversed.
 */
export const forbiddenTexts: readonly string[] = [
  ...nulTexts, '\u0000', '\u0001', 'bell\u0007', 'back\u0008space', 'v\u000btab', 'form\u000cfeed', '\u001b[2J\u001b[H', 'unit\u001f',
  '\ud800', 'x\udc00y', 'cut \ud83d', '\udfff\ud800', '\u202efdp.exe', 'abc\u202d',
];

/** Dates and times that cannot be, or lie outside what any calendar of the school holds. */
export const badDates: readonly string[] = [
  '2026-02-30', '99999-01-01', '0000-00-00', '2026-13-01', '2026-00-10', '2025-02-29', '-000001-01-01', '275760-09-14',
  '2026/02/30', '30/02/2026', '2026-02-30T25:61:00Z', '2026-01-01T00:00:00+99:00', 'yesterday', '1e12', '2026-W60', '',
];
export const badTimes: readonly string[] = ['25:61', '24:00:01', '99:99', '-1:00', '12:60', '7h', '23:59:60', '1200'];

/** Byte sequences no UTF-8 decoder may accept: lone continuation, overlong, surrogate, beyond U+10FFFF, cut short. */
export const invalidUtf8: readonly Buffer[] = [
  [0xff], [0xfe, 0xff], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80],
].map((bytes) => Buffer.from(bytes));

/** The same sequences percent-encoded, for paths and query strings. */
export const invalidUtf8Encoded: readonly string[] = invalidUtf8.map((bytes) => [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));

/** File names that try to leave the folder, hide their extension or break the header they travel in. */
export const hostileFileNames: readonly string[] = [
  '../../../etc/passwd', '..\\..\\windows\\win.ini', `../${'a'.repeat(300)}.pdf`, 'a\u0000b.pdf', 'evil\r\nContent-Type: text/html.pdf',
  '\u202Efdp.exe', '..', '.', '', '/absolute/path.pdf', 'C:\\x.pdf', '%2e%2e%2fpasswd', '....//....//x.pdf', 'tab\there\u0007.png',
];

/** Bytes of a Windows executable: no upload route accepts that type. */
export const executableBytes = Buffer.concat([Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000', 'latin1'), Buffer.alloc(256, 0), Buffer.from('PE\u0000\u0000', 'latin1')]);

/** A PNG header, for the routes that accept only text. */
export const pngHeader = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const hugeStringLength = 100_000;
export const hugeArrayLength = 10_000;
export const deepNestingLevels = 5_000;
/** Over the core's 5 MB body limit. */
export const bigBodyBytes = 5 * 1024 * 1024 + 64 * 1024;

export const hugeString = (char = 'Ab9 ') => char.repeat(Math.ceil(hugeStringLength / char.length)).slice(0, hugeStringLength);

const deepPlaceholder = (levels: number, kind: string) => `FUZZ_DEEP_${kind}_${levels}`;

/**
 * `{"a":{"a":…1…}}` or `[[…]]`, `levels` deep on the wire. The value itself is two levels deep (the same shape
 * to a schema, which never looks that far), so building, cloning and checking it never recurses 5,000 times;
 * its hidden toJSON writes a placeholder that deepJson replaces with the deep text.
 */
export function deeplyNested(levels = deepNestingLevels, kind: 'object' | 'array' = 'object'): unknown {
  const value = kind === 'object' ? { a: { a: 1 } } : [[1]];
  Object.defineProperty(value, 'toJSON', { value: () => deepPlaceholder(levels, kind), enumerable: false });
  return value;
}

/** JSON text of a value, its deeplyNested parts written out as deep as they were made. */
export function deepJson(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  if (!text.includes('"FUZZ_DEEP_')) return text;
  for (const [placeholder, kind, levels] of text.matchAll(/"FUZZ_DEEP_(object|array)_(\d+)"/g)) {
    const n = Number(levels);
    text = text.split(placeholder).join(kind === 'object' ? `${'{"a":'.repeat(n)}1${'}'.repeat(n)}` : `${'['.repeat(n)}1${']'.repeat(n)}`);
  }
  return text;
}

/** Values of each JSON type, to put where another type is expected. */
export const jsonTypeSamples: Record<string, unknown> = {
  string: 'fuzz',
  number: 42,
  boolean: true,
  array: [1, 'x'],
  object: { fuzz: 1 },
};

/** A JSON value of another type than `type` (a yup type name: string, number, boolean, date, array, object). */
export function wrongTypeFor(type: string, draw: (n: number) => number): unknown {
  const accepted: Record<string, string[]> = { date: ['string'], mixed: Object.keys(jsonTypeSamples) };
  const others = Object.keys(jsonTypeSamples).filter((t) => t !== type && !(accepted[type] ?? []).includes(t));
  return jsonTypeSamples[others[draw(others.length)] ?? 'object'];
}

/** Bodies no JSON parser accepts. */
export const malformedJson: readonly string[] = [
  '{', '{"a":}', '{"a":1,}', "{'a':1}", '{"a":NaN}', '{"a":Infinity}', '{"a":1}{"b":2}', '[1,2', '"unterminated',
  '{"a":"\\x41"}', '\u0000', '{"__proto__":{"polluted":1},"a":', 'true false', '01', '{"a":--1}',
];
