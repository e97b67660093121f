import i18n from '../i18n';
import { ACCESS_DENIED_MESSAGE, NOT_LOGGED_IN_MESSAGE } from './constants';
import { alertDialog } from './dialogs';
import { apiFetch, checkLoginAndReload, readJson, toViolations, ViolationError, type Violation } from './http';

export interface GraphQLErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; violations?: Violation[]; [key: string]: unknown };
}

/** A GraphQL error: first message, its code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT…) and violations. */
export class GqlError extends ViolationError {
  readonly code: string | null;
  readonly errors: GraphQLErrorEntry[];
  constructor(message: string, errors: GraphQLErrorEntry[], violations: Violation[], status: number) {
    super(message, violations, status);
    this.name = 'GqlError';
    this.errors = errors;
    this.code = errors[0]?.extensions?.code ?? null;
  }
}

export interface GqlOptions {
  /** Do not open the error popup (the caller shows the error itself). */
  silent?: boolean;
  signal?: AbortSignal;
}

function operationName(query: string): string | undefined {
  return /\b(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(query)?.[1];
}

/**
 * POST /api/graphql (SPEC §7/§8). Resolves with `data`; on errors opens an error popup with the first
 * message (else a generic one), runs the login check on 'Access Denied.' / 'User is not logged in'
 * (reload when not logged in), and throws a GqlError carrying `extensions.violations`.
 */
export async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  options: GqlOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch('/api/graphql', {
      method: 'POST',
      json: { query, variables, operationName: operationName(query) },
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fail(new GqlError(i18n.t('errors.network'), [], [], 0), options);
  }
  const body = (await readJson(response)) as { data?: T; errors?: GraphQLErrorEntry[] } | null;
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  if (errors.length > 0) {
    const first = errors[0];
    const message = first?.message || i18n.t('errors.unexpected');
    // The message is in the user's language; the SPEC's machine string travels in extensions.reason.
    const reason = first?.extensions?.reason;
    if (reason === ACCESS_DENIED_MESSAGE || reason === NOT_LOGGED_IN_MESSAGE || first?.extensions?.code === 'UNAUTHENTICATED') {
      const logged = await checkLoginAndReload();
      if (!logged) throw new GqlError(message, errors, [], response.status);
    }
    const violations = toViolations(first?.extensions?.violations);
    return fail(new GqlError(message, errors, violations, response.status), options);
  }
  if (!response.ok || !body || body.data === undefined) {
    const message = response.status >= 500 ? i18n.t('errors.server500') : i18n.t('errors.unexpected');
    return fail(new GqlError(message, [], [], response.status), options);
  }
  return body.data;
}

function fail(error: GqlError, options: GqlOptions): never {
  if (!options.silent) void alertDialog({ type: 'error', message: error.message });
  throw error;
}
