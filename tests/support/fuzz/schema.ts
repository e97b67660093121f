import type { Random } from './random.js';

// A route's body schema as yup describes it (`schema.describe()`): its fields with their types, enums and
// required flags, a valid-looking value to start from, and edits at a path of that value.

export interface Described {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  default?: unknown;
  oneOf?: unknown[];
  tests?: { name?: string; params?: Record<string, unknown> }[];
  fields?: Record<string, Described>;
  innerType?: Described;
}

export type Path = (string | number)[];

export interface SchemaField {
  path: Path;
  /** The field's own name (the last key), which hints at what it holds (…Date, …Id, email). */
  name: string;
  described: Described;
  required: boolean;
}

export function describeSchema(schema: unknown): Described {
  return (schema as { describe(): Described }).describe();
}

const test = (d: Described, name: string) => d.tests?.find((t) => t.name === name);
const param = (d: Described, name: string, key: string) => test(d, name)?.params?.[key] as number | undefined;

export const looksLikeDate = (name: string) => /date|day|birth|from$|to$|until|since|deadline|start|end|week|month|year/i.test(name);
export const looksLikeTime = (name: string) => /time|hour|slot/i.test(name);
export const looksLikeId = (name: string) => /(^id$|Id$|_id$|Ids$|uuid|^campus$|^campuses$|^teacher$|^student$|^room$|^training$|^group$|List$)/.test(name);

/** Every field under the schema (array items through their first item), parents before children. */
export function fieldsOf(described: Described, path: Path = []): SchemaField[] {
  const fields: SchemaField[] = [];
  if (described.type === 'object' && described.fields) {
    for (const [name, field] of Object.entries(described.fields)) {
      const at = [...path, name];
      fields.push({ path: at, name, described: field, required: field.optional === false && field.default === undefined });
      fields.push(...fieldsOf(field, at));
    }
  } else if (described.type === 'array' && described.innerType) {
    fields.push(...fieldsOf(described.innerType, [...path, 0]));
  }
  return fields;
}

/** A value the schema would most likely take: the first choice of an enum, a UUID for ids, a date for dates… */
export function baseValue(described: Described, name: string, rnd: Random): unknown {
  const choices = (described.oneOf ?? []).filter((v) => v !== undefined && v !== null);
  if (choices.length) return choices[0];
  switch (described.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(described.fields ?? {})) value[key] = baseValue(field, key, rnd);
      return value;
    }
    case 'array': {
      const count = Math.max(1, param(described, 'min', 'min') ?? param(described, 'length', 'length') ?? 1);
      return Array.from({ length: Math.min(count, 5) }, () => (described.innerType ? baseValue(described.innerType, name, rnd) : 'fuzz'));
    }
    case 'number': {
      const min = param(described, 'min', 'min');
      return min !== undefined ? Math.max(min, 1) : 1;
    }
    case 'boolean':
      return false;
    case 'date':
      return '2026-03-02';
    case 'string': {
      if (test(described, 'uuid') || looksLikeId(name)) return rnd.uuid();
      if (test(described, 'email') || /mail/i.test(name)) return `fuzz.${rnd.int(1e6)}@example.test`;
      if (looksLikeTime(name)) return '09:00';
      if (looksLikeDate(name)) return '2026-03-02';
      const min = param(described, 'min', 'min') ?? 0;
      const max = param(described, 'max', 'max') ?? 40;
      return 'Fuzz base text'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 14)));
    }
    default:
      return 'fuzz';
  }
}

export function cloneJson<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

/** Sets (or, with `remove`, deletes) the value at a path, creating objects on the way. */
export function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const container = (root && typeof root === 'object' ? root : {}) as Record<string | number, unknown>;
  let node = container;
  for (let i = 0; i < path.length - 1; i += 1) {
    const key = path[i]!;
    if (!node[key] || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
  return container;
}

export const pathText = (path: Path) => path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key), '') || '(body)';
