import { ValidationError, type Violation } from '../errors.js';
import type { Translate } from '../i18n/index.js';
import { forbiddenTextPaths, hasForbiddenCharacter, listMax } from '../validation/index.js';

// What the core's type pass does for a REST body, for a GraphQL field's arguments (variables and literals alike, once
// coerced): a list takes at most `listMax` items, and no text holds a forbidden character (NUL and the other C0
// controls but tab, LF and CR, direction overrides, lone surrogates). Checked before the resolver, so before any query.

/** The argument types as graphql-js makes them, read by their tags: the executor's copy of graphql may not be this file's. */
interface InputType {
  ofType?: InputType;
  name?: string;
  getFields?: () => Record<string, { type: InputType }>;
}
interface FieldDefinition {
  args: readonly { name: string; type: InputType }[];
}

const tagOf = (type: InputType) => Object.prototype.toString.call(type).slice(8, -1);

function check(type: InputType, value: unknown, path: string, violations: Violation[], t: Translate): void {
  if (value === null || value === undefined) return;
  const tag = tagOf(type);
  if (tag === 'GraphQLNonNull') return check(type.ofType!, value, path, violations, t);
  if (tag === 'GraphQLList') {
    if (!Array.isArray(value)) return check(type.ofType!, value, path, violations, t);
    if (value.length > listMax) {
      violations.push({ path, message: t('validation.maxItems', { max: listMax }) as string });
      return;
    }
    value.forEach((item, index) => check(type.ofType!, item, `${path}[${index}]`, violations, t));
    return;
  }
  if (tag === 'GraphQLInputObjectType' && type.getFields && typeof value === 'object') {
    for (const [name, field] of Object.entries(type.getFields())) {
      check(field.type, (value as Record<string, unknown>)[name], `${path}.${name}`, violations, t);
    }
    return;
  }
  if (typeof value === 'string') {
    if (hasForbiddenCharacter(value)) violations.push({ path, message: t('validation.forbiddenCharacter') as string });
    return;
  }
  // A scalar of any shape (JSON): its texts.
  for (const at of forbiddenTextPaths(value, path)) violations.push({ path: at, message: t('validation.forbiddenCharacter') as string });
}

/** A field's coerced arguments: 422-style violations (BAD_USER_INPUT) for a list over `listMax` or a forbidden character. */
export function assertArgumentsAccepted(field: FieldDefinition, args: Record<string, unknown>, t: Translate): void {
  const violations: Violation[] = [];
  for (const arg of field.args) check(arg.type, args[arg.name], arg.name, violations, t);
  if (violations.length) throw new ValidationError(violations.slice(0, 100));
}
