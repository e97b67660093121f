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
});

export { yup };

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

/** Validates a body against a schema; unknown fields are stripped, every problem is reported at once. */
export async function validate<S extends yup.AnySchema>(schema: S, value: unknown, t: Translate): Promise<yup.InferType<S>> {
  try {
    return await schema.validate(value ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      const inner = error.inner.length ? error.inner : [error];
      const violations: Violation[] = inner.map((e) => ({ path: e.path ?? '', message: translateMessage(e.errors[0] ?? e.message, t) }));
      throw new ValidationError(dedupe(violations));
    }
    throw error;
  }
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
