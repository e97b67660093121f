/**
 * PostgreSQL's refusals the services turn into the user's messages, in one place (pg and PGlite answer with the
 * same SQLSTATE codes). A constraint, an index or a deadlock is the database's answer to a race: the service
 * names what was taken instead of reading first and hoping.
 */
export const pgErrorCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  exclusionViolation: '23P01',
  checkViolation: '23514',
  deadlock: '40P01',
  serializationFailure: '40001',
} as const;

export type PgErrorKind = keyof typeof pgErrorCodes;

/**
 * The constraint (or index) PostgreSQL named when it refused a statement with that kind of error — '' when it named
 * none — or null when the error is anything else.
 */
export function violatedConstraint(error: unknown, kind: PgErrorKind): string | null {
  if (!error || typeof error !== 'object') return null;
  // objection wraps the driver's error (db-errors' ConstraintViolationError…): the SQLSTATE is on the one inside.
  const native = (error as { nativeError?: unknown }).nativeError;
  if (native && typeof native === 'object') return violatedConstraint(native, kind);
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (String(e.code) !== pgErrorCodes[kind]) return null;
  if (typeof e.constraint === 'string') return e.constraint;
  // PGlite may leave the constraint out: it is named in the message.
  return /"([^"]+)"/.exec(String(e.message ?? ''))?.[1] ?? '';
}

/** PostgreSQL refused the statement with that kind of error (on that constraint, when one is given). */
export function isPgError(error: unknown, kind: PgErrorKind, constraint?: string): boolean {
  const found = violatedConstraint(error, kind);
  return found !== null && (constraint === undefined || found === constraint);
}

const DEADLOCK_ATTEMPTS = 5;

/**
 * Runs a write transaction again when PostgreSQL aborted it as a deadlock: racing inserts into an exclusion
 * constraint may wait on each other, and the next try waits on the winner instead.
 */
export async function retryOnDeadlock<T>(write: () => Promise<T>, attempts = DEADLOCK_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isPgError(error, 'deadlock') || attempt >= attempts) throw error;
    }
  }
}
