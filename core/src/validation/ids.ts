import { ValidationError } from '../errors.js';
import type { Translate } from '../i18n/index.js';
import { isUuid } from './index.js';

// One UUID check for everything a client names by id: GraphQL arguments, route params and query strings.
// A bad id answers 422 with the core's message on the name the client used; nothing is looked up.

const invalid = (t: Translate, path: string, value: unknown) => new ValidationError([{ path, message: t('errors.invalidId', { value: String(value) }) as string }]);

/**
 * Non-UUID ids among a resolver's arguments answer 422 with the core's message, on the argument's name (the
 * first bad value of each); absent arguments are left to the schema. `names` defaults to every argument given.
 */
export function assertIdArgs(t: Translate, args: Record<string, unknown>, names: readonly string[] = Object.keys(args)): void {
  const violations = names.flatMap((name) => {
    const value = args[name];
    const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    const bad = values.find((v) => !isUuid(v));
    return bad === undefined ? [] : [{ path: name, message: t('errors.invalidId', { value: String(bad) }) as string }];
  });
  if (violations.length) throw new ValidationError(violations);
}

/** An optional id of the query string (`?teacher=`): null when absent or empty, 422 unless one UUID. */
export function idParam(value: unknown, name: string, t: Translate): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !isUuid(value)) throw invalid(t, name, value);
  return value;
}

/** A required id of the query string: 422 "required" when absent, 422 unless one UUID. */
export function requiredIdParam(value: unknown, name: string, t: Translate): string {
  const id = idParam(value, name, t);
  if (id === null) throw new ValidationError([{ path: name, message: t('validation.required') as string }]);
  return id;
}

/** Ids of the query string, repeated (`?campus=a&campus=b`) or comma separated: null when absent, 422 on a non-UUID. */
export function idListParam(value: string | string[] | undefined, name: string, t: Translate): string[] | null {
  if (value === undefined || value === '') return null;
  const ids = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined) throw invalid(t, name, bad);
  return ids;
}
