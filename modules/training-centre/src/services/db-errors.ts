/** PostgreSQL error codes the services turn into the user's messages. */
export const pgCodes = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  checkViolation: '23514',
} as const;

export function pgCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

export function isPgError(error: unknown, code: (typeof pgCodes)[keyof typeof pgCodes]): boolean {
  return pgCode(error) === code;
}
