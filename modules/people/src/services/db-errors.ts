/** PostgreSQL unique violations, by the index that refused the row. */
export function uniqueViolation(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (String(e.code) !== '23505') return null;
  if (typeof e.constraint === 'string') return e.constraint;
  // PGlite may leave the constraint out: it is named in the message.
  return /"([^"]+)"/.exec(String(e.message ?? ''))?.[1] ?? '';
}
