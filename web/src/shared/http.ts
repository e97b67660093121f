import i18n from '../i18n';

/** A server violation (SPEC §7/§8): path "" is form-level. */
export interface Violation {
  path: string;
  message: string;
}

/** Thrown by the request helpers when the server answers with errors. */
export class ViolationError extends Error {
  readonly status: number;
  readonly violations: Violation[];
  constructor(message: string, violations: Violation[], status = 0) {
    super(message);
    this.name = 'ViolationError';
    this.status = status;
    this.violations = violations;
  }
}

/** Header marking a scripted (XHR) request, as the server's form routes expect. */
const SCRIPTED_HEADERS: Record<string, string> = {
  Accept: 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
};

/** fetch with the common headers: JSON, scripted marker and the interface language. */
export function apiFetch(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  const all = new Headers(headers);
  for (const [k, v] of Object.entries(SCRIPTED_HEADERS)) if (!all.has(k)) all.set(k, v);
  // Keeps server messages in the interface language when no explicit choice is stored server-side.
  if (!all.has('Accept-Language')) all.set('Accept-Language', i18n.language || 'fr');
  let body = rest.body;
  if (json !== undefined) {
    all.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  return fetch(url, { credentials: 'same-origin', ...rest, headers: all, body });
}

/** Reads a JSON body, null when empty or not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Normalises the `errors` a server sends: a list of {path, message}, a map field → message(s),
 * or a list of strings, into violations.
 */
export function toViolations(errors: unknown): Violation[] {
  if (!errors) return [];
  if (Array.isArray(errors)) {
    return errors.flatMap((e): Violation[] => {
      if (typeof e === 'string') return [{ path: '', message: e }];
      if (e && typeof e === 'object') {
        const o = e as Record<string, unknown>;
        const message = typeof o.message === 'string' ? o.message : String(o.message ?? '');
        const path = typeof o.path === 'string' ? o.path : Array.isArray(o.path) ? o.path.join('.') : '';
        return message ? [{ path, message }] : [];
      }
      return [];
    });
  }
  if (typeof errors === 'object') {
    return Object.entries(errors as Record<string, unknown>).flatMap(([path, value]) => {
      const list = Array.isArray(value) ? value : [value];
      return list
        .filter((m): m is string => typeof m === 'string' && m.length > 0)
        .map((message) => ({ path, message }));
    });
  }
  if (typeof errors === 'string') return [{ path: '', message: errors }];
  return [];
}

/** Errors array of a response body, if any. */
export function bodyViolations(body: unknown): Violation[] {
  if (body && typeof body === 'object' && 'errors' in body) {
    return toViolations((body as { errors: unknown }).errors);
  }
  return [];
}

let reloading = false;

/** GraphQL IsLogged check; false when not logged in or when the check fails. */
export async function isLogged(): Promise<boolean> {
  try {
    const response = await apiFetch('/api/graphql', {
      method: 'POST',
      json: { query: 'query IsLogged { IsLogged { isLogged } }', operationName: 'IsLogged' },
    });
    if (!response.ok) return false;
    const body = (await readJson(response)) as { data?: { IsLogged?: { isLogged?: boolean } } } | null;
    return body?.data?.IsLogged?.isLogged === true;
  } catch {
    return false;
  }
}

/**
 * SPEC §8: on 'Access Denied.' / 'User is not logged in', check the session and reload the page
 * when not logged in (or when the check fails); the router then shows the login page.
 */
export async function checkLoginAndReload(): Promise<boolean> {
  const logged = await isLogged();
  if (!logged && !reloading) {
    reloading = true;
    window.location.reload();
  }
  return logged;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * JSON request for pages (not forms): resolves with the parsed body on 2xx, throws ViolationError
 * otherwise (500 → the support message; other codes → the server's first message or 'Erreur HTTP {status}').
 * A 401 triggers the login check.
 */
export function requestJson<T>(method: HttpMethod, url: string, json?: unknown): Promise<T> {
  return answer<T>(() => apiFetch(url, { method, json }));
}

/** A multipart POST (a form with a file), answered like requestJson; the browser sets the boundary. */
export function requestForm<T>(url: string, form: FormData): Promise<T> {
  return answer<T>(() => apiFetch(url, { method: 'POST', body: form }));
}

async function answer<T>(send: () => Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await send();
  } catch {
    const message = i18n.t('errors.network');
    throw new ViolationError(message, [{ path: '', message }], 0);
  }
  const body = await readJson(response);
  if (response.ok) return body as T;
  if (response.status === 401) void checkLoginAndReload();
  const violations = response.status >= 500 ? [] : bodyViolations(body);
  const message =
    response.status >= 500
      ? i18n.t('errors.server500')
      : (violations[0]?.message ?? i18n.t('errors.http', { status: response.status }));
  throw new ViolationError(message, violations.length ? violations : [{ path: '', message }], response.status);
}

/** Message to show for any error thrown by the helpers. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unexpected');
}
