import * as yup from 'yup';
import { ValidationError, type Violation } from '../errors.js';
import type { Translate } from '../i18n/index.js';

/**
 * Yup messages are i18n keys with values, never sentences: the same schema then speaks French on the
 * server, English in the browser, whatever the caller's language.
 */
export interface MessageKey {
  key: string;
  values?: Record<string, unknown>;
}

yup.setLocale({
  mixed: {
    required: () => ({ key: 'validation.required' }),
    notNull: () => ({ key: 'validation.required' }),
    oneOf: ({ values }: { values: unknown }) => ({ key: 'validation.oneOf', values: { values } }),
    notType: ({ type }: { type: string }) =>
      ({ key: type === 'number' ? 'validation.number' : type === 'date' ? 'validation.date' : 'validation.invalid' }),
    default: () => ({ key: 'validation.invalid' }),
  },
  string: {
    email: () => ({ key: 'validation.email' }),
    min: ({ min }: { min: number }) => ({ key: 'validation.min', values: { min } }),
    max: ({ max }: { max: number }) => ({ key: 'validation.max', values: { max } }),
    uuid: () => ({ key: 'validation.uuid' }),
  },
  number: {
    min: ({ min }: { min: number }) => ({ key: 'validation.minNumber', values: { min } }),
    max: ({ max }: { max: number }) => ({ key: 'validation.maxNumber', values: { max } }),
  },
  array: {
    min: ({ min }: { min: number }) => ({ key: 'validation.minItems', values: { min } }),
    max: ({ max }: { max: number }) => ({ key: 'validation.maxItems', values: { max } }),
  },
});

export { yup };
// The typology lists, for modules' light entries and the web (one definition: core/src/auth/typologies.ts).
// Dates, times, numbers and names as a person reads them (issue #25).
export * from './format.js';
export { typologies, managerTypologies, staffTypologies, teacherTypologies, followerTypologies, type Typology } from '../auth/typologies.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** Turns whatever yup carries as a message (key object, key string or sentence) into the user's language. */
export function translateMessage(message: unknown, t: Translate): string {
  if (message && typeof message === 'object' && 'key' in message) {
    const { key, values } = message as MessageKey;
    return t(key, values ?? {}) as string;
  }
  const text = String(message);
  return /^[\w-]+(\.[\w-]+)+$/.test(text) ? (t(text) as string) : text;
}

export interface ValidateOptions {
  /** The values come from a multipart form, all text: number, boolean and date fields take text (yup reads it). */
  textFields?: boolean;
}

/**
 * Validates a body against a schema; unknown fields are stripped, every problem is reported at once.
 * Types are checked first, as sent: yup would turn 123 into a name and crash trimming an array. The
 * fields of a wrong type are then left out, so the other fields' problems are reported with them.
 */
export async function validate<S extends yup.AnySchema>(schema: S, value: unknown, t: Translate, options: ValidateOptions = {}): Promise<yup.InferType<S>> {
  const wrongTypes: TypeProblem[] = [];
  const typed = withoutWrongTypes(schema, value ?? {}, '', wrongTypes, !!options.textFields);
  // So many values of the wrong type are not a form: those are the answer, yup is not asked about the rest
  // (its work grows with every error it builds, seconds for a list of 10,000 wrong items).
  if (wrongTypes.length > maxWrongTypesChecked) {
    throw new ValidationError(dedupe(wrongTypes.slice(0, maxWrongTypesChecked).map(({ path, message }) => ({ path, message: translateMessage(message, t) }))));
  }
  let violations: Violation[] = [];
  try {
    const valid = await schema.validate(typed, { abortEarly: false, stripUnknown: true });
    if (!wrongTypes.length) return valid;
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const inner = error.inner.length ? error.inner : [error];
    violations = inner.map((e) => ({ path: e.path ?? '', message: translateMessage(e.errors[0] ?? e.message, t) }));
    if (!wrongTypes.length) throw new ValidationError(dedupe(violations));
  }
  // A set of the wrong paths, each violation's prefixes looked up: a list of 10,000 wrong items stays linear.
  const wrongPaths = new Set(wrongTypes.map((w) => w.path));
  const isWrongTyped = (path: string) => wrongPaths.has(path) || [...path.matchAll(/[.[]/g)].some((m) => wrongPaths.has(path.slice(0, m.index)));
  const all = [
    ...wrongTypes.map(({ path, message }) => ({ path, message: translateMessage(message, t) })),
    ...violations.filter((v) => !isWrongTyped(v.path)),
  ];
  throw new ValidationError(dedupe(inFieldOrder(schema as unknown as Described, all)));
}

/** Violations in the order of the schema's fields, as yup reports them. */
function inFieldOrder(schema: Described, violations: Violation[]): Violation[] {
  const fields = Object.keys(schema.fields ?? {});
  const rank = (path: string) => {
    const index = fields.indexOf(path.split(/[.[]/)[0] ?? '');
    return index < 0 ? fields.length : index;
  };
  return violations.map((v, i) => ({ v, i })).sort((a, b) => rank(a.v.path) - rank(b.v.path) || a.i - b.i).map(({ v }) => v);
}

function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const id = `${v.path}\u0000${v.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * What no text of the app may hold, wherever it comes from (JSON, a form field, a query string, a GraphQL argument):
 * the C0 control characters but tab, LF and CR (PostgreSQL refuses NUL in text and in JSON; the others are invisible
 * and break exports, mail headers and file names), the left-to-right and right-to-left overrides U+202D and U+202E
 * (they show what follows reversed, `‮fdp.exe` reads `exe.pdf`, and nothing a person types needs them; embeddings
 * and isolates, which pasted right-to-left text may hold, stay), and half of a surrogate pair alone (not Unicode:
 * the database would get U+FFFD instead).
 */
// eslint-disable-next-line no-control-regex
const forbiddenCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202D\u202E]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character the app refuses (forbiddenCharacter above). */
export function hasForbiddenCharacter(text: string): boolean {
  return forbiddenCharacter.test(text);
}

/** The message of a text with a forbidden character. */
export const forbiddenCharacterMessage: MessageKey = { key: 'validation.forbiddenCharacter' };

/**
 * The paths of the texts with a forbidden character anywhere in a JSON value (strings, and object keys, reported on
 * their object): for what no schema describes, a free-form field or a body its route leaves to the service. Walked
 * without recursion, whatever its depth.
 */
export function forbiddenTextPaths(value: unknown, path = ''): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [node, at] = stack.pop()!;
    if (typeof node === 'string') {
      if (forbiddenCharacter.test(node)) found.push(at);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push([node[i], `${at}[${i}]`]);
    } else if (node && typeof node === 'object' && !(node instanceof Date)) {
      const entries = Object.entries(node as Record<string, unknown>);
      if (entries.some(([key]) => forbiddenCharacter.test(key))) found.push(at);
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push([entries[i]![1], at ? `${at}.${entries[i]![0]}` : entries[i]![0]]);
    }
  }
  return found;
}

/** Past this many values of a wrong type, only those are reported (the first of them). */
const maxWrongTypesChecked = 100;

/** The most items a list may have when its schema sets no `.max()` of its own. */
export const listMax = 1000;

type Described = {
  type: string;
  tests?: { OPTIONS?: { name?: string; params?: Record<string, unknown> } }[];
  fields?: Record<string, Described>;
  innerType?: Described;
  resolve?: (options: unknown) => Described;
  internalTests?: { typeError?: { OPTIONS?: { message?: unknown } } };
  transforms?: unknown[];
};

const typeChecks: Record<string, [(value: unknown) => boolean, string]> = {
  string: [(v) => typeof v === 'string', 'validation.string'],
  number: [(v) => typeof v === 'number', 'validation.number'],
  boolean: [(v) => typeof v === 'boolean', 'validation.boolean'],
  date: [(v) => typeof v === 'string' || v instanceof Date, 'validation.date'],
  array: [Array.isArray, 'validation.array'],
  object: [(v) => typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date), 'validation.object'],
};

/** The schema's own wrong-type message when it has one (e.g. "hours must be greater than 0"), else ours. */
function wrongTypeMessage(schema: Described, path: string, key: string): unknown {
  const own = schema.internalTests?.typeError?.OPTIONS?.message;
  const message = typeof own === 'function' ? own({ path, type: schema.type }) : own;
  // Our locale's notType says "not valid" for strings: the key of the precise kind says more.
  const generic = !message || (typeof message === 'object' && ['validation.invalid', 'validation.number', 'validation.date'].includes((message as MessageKey).key));
  return generic ? { key } : message;
}

interface TypeProblem {
  path: string;
  message: unknown;
}

/**
 * The value with every field whose JSON type is not the schema's left out, each one noted in `problems`
 * (null and missing are left to the schema's own rules).
 */
export function withoutWrongTypes(schema: unknown, value: unknown, path: string, problems: TypeProblem[], textFields = false): unknown {
  let described = schema as Described;
  if (described.type === 'lazy' && described.resolve) described = described.resolve({ value });
  if (value === null || value === undefined) return value;
  const check = typeChecks[described.type];
  // A number or boolean field with transforms of its own reads typed text itself ('' as missing, "1,5").
  const readsText = typeof value === 'string' && ['number', 'boolean'].includes(described.type) && ((described.transforms?.length ?? 0) > 1 || textFields);
  if (check && !readsText && !check[0](value)) {
    problems.push({ path, message: wrongTypeMessage(described, path, check[1]) });
    return undefined;
  }
  // A text with a forbidden character is refused like a value of a wrong type: reported on its field, left out.
  if (typeof value === 'string') {
    if (!forbiddenCharacter.test(value)) return value;
    problems.push({ path, message: forbiddenCharacterMessage });
    return undefined;
  }
  // A value whose shape no schema describes (mixed, an object without fields): its texts are checked all the same.
  if (!check || (described.type === 'object' && !Object.keys(described.fields ?? {}).length)) {
    for (const at of forbiddenTextPaths(value, path)) problems.push({ path: at, message: forbiddenCharacterMessage });
    return value;
  }
  if (described.type === 'object' && described.fields) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    // yup looks each key of the value up among the fields: `constructor`, `__proto__` or `toString` would find
    // Object.prototype's and crash it. Not fields of the schema, they are unknown keys (stripped anyway).
    for (const name of Object.keys(copy)) if (name in described.fields && !Object.hasOwn(described.fields, name)) delete copy[name];
    for (const [name, field] of Object.entries(described.fields)) {
      if (name in copy) copy[name] = withoutWrongTypes(field, copy[name], path ? `${path}.${name}` : name, problems, textFields);
    }
    return copy;
  }
  if (described.type === 'array' && described.innerType) {
    // A list longer than its schema's max is refused by that test whatever its items: one item too many is
    // enough for it, and the items past it are not checked one by one (a 10,000-item list stays cheap).
    const max = described.tests?.find((test) => test.OPTIONS?.name === 'max')?.OPTIONS?.params?.max;
    const items = value as unknown[];
    // A list whose schema sets no maximum takes at most `listMax` items: no client makes the server check more.
    if (typeof max !== 'number' && items.length > listMax) {
      problems.push({ path, message: { key: 'validation.maxItems', values: { max: listMax } } });
      return undefined;
    }
    // (Not when the schema transforms the list first, e.g. compact(): it could then end under its max.)
    const kept = typeof max === 'number' && !described.transforms?.length && items.length > max + 1 ? items.slice(0, max + 1) : items;
    return kept.map((item, index) => withoutWrongTypes(described.innerType!, item, `${path}[${index}]`, problems, textFields));
  }
  return value;
}
