import { ValidationError } from '../errors.js';
import type { Translate } from '../i18n/index.js';
import { isUuid } from '../validation/index.js';

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
