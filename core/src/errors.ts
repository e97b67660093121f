/** A field-level problem, as SPEC §5 describes: shown next to the field whose id matches path. */
export interface Violation {
  path: string;
  message: string;
}

/** Errors a user can cause; everything else is a 500 with the generic message. */
export abstract class UserError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** A SPEC machine string the web client reacts to ('Access Denied.'), sent beside the translated message. */
  readonly reason?: string;
}

export class ValidationError extends UserError {
  readonly status = 422;
  readonly code = 'BAD_USER_INPUT';
  /** `details` travel with the violations (GraphQL extensions, HTTP body): e.g. the conflicts of a lesson and free slots. */
  constructor(public readonly violations: Violation[], public readonly details: Record<string, unknown> = {}) {
    super(violations[0]?.message ?? 'Validation failed');
  }
}

/** Field problems answered with a status of their own rather than 422 (a file over its size limit: 413). */
export class FieldsRefusedError extends UserError {
  readonly code = 'BAD_USER_INPUT';
  constructor(readonly status: number, readonly violations: Violation[]) {
    super(violations[0]?.message ?? 'Refused');
  }
}

export class NotLoggedInError extends UserError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
  override readonly reason = 'User is not logged in';
  constructor() {
    super('User is not logged in');
  }
}

export class AccessDeniedError extends UserError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
  override readonly reason = 'Access Denied.';
  constructor() {
    super('Access Denied.');
  }
}

export class NotFoundError extends UserError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}

export class TooManyRequestsError extends UserError {
  readonly status = 429;
  readonly code = 'TOO_MANY_REQUESTS';
}

/** SPEC §8, word for word. */
export const GENERIC_500 = 'Une erreur 500 est survenue, veuillez contacter le support pour leur informer du problème';

/** What a person reads for the errors whose message is a machine word (not logged in, denied, not found). */
export const localizedErrorKeys: Record<string, string> = {
  UNAUTHENTICATED: 'errors.notLoggedIn',
  FORBIDDEN: 'errors.accessDenied',
  NOT_FOUND: 'errors.notFound',
  TEMPORAL_UNAVAILABLE: 'errors.temporalUnavailable',
};
