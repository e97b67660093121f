import type { Campuses } from './actors.js';
import type { Cell, Expectation } from './cells.js';
import type { Answer, MatrixClient } from './http.js';
import { leaksIn, type Leak, type Markers } from './markers.js';

export interface Verdict {
  cell: Cell;
  got: string;
  mismatch: boolean;
  leaks: Leak[];
  /** How long the answer took (the report's slowest entries). */
  ms?: number;
}

const binary = /^(application\/(pdf|zip|octet-stream|vnd\.openxmlformats)|image\/)/;

/** Sends a cell's request as its actor (or anonymously), from our own pages: scripted, same site. */
export function send(cell: Cell, anonymous: MatrixClient): Promise<Answer> {
  const { method, path, body, multipart } = cell.request;
  return (cell.actor?.client ?? anonymous).request(method, path, multipart ? { fields: { matrix: '1' } } : body === undefined ? {} : { json: body });
}

const between = (status: number, low: number, high: number) => status >= low && status <= high;

/** Nothing in it: null, an empty list, or an object whose every value is empty (`{ contracts: [] }`, a page of 0). */
export function empty(value: unknown): boolean {
  if (value === null || value === undefined || value === 0 || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(empty);
  return false;
}

function routeVerdict(expect: Expectation, answer: Answer): boolean {
  const { status } = answer;
  const reason = answer.json?.errors?.[0]?.reason;
  switch (expect) {
    case 'unauthenticated': return status === 401 && reason === 'User is not logged in';
    case 'denied': return status === 403 && reason === 'Access Denied.';
    case 'allowed': return between(status, 200, 299);
    case 'decided': return between(status, 200, 299) || status === 403 || status === 404;
    case 'rejected': return between(status, 400, 499) && status !== 401 && status !== 403;
    case 'passes': return status < 500 && status !== 401 && status !== 403;
    case 'refused': return status === 403 || status === 404 || (between(status, 200, 299) && empty(answer.json));
    case 'refusedChange': return between(status, 400, 499) && status !== 401;
    case 'filtered': return between(status, 200, 299) || [403, 404, 422].includes(status);
    case 'public': return status < 500;
  }
}

function graphqlVerdict(cell: Cell, answer: Answer): boolean {
  const error = answer.json?.errors?.[0];
  const code: string | undefined = error?.extensions?.code;
  const reason: string | undefined = error?.extensions?.reason;
  const data = answer.json?.data?.[cell.field!];
  const nothing = !error && empty(data);
  if (answer.status >= 500 || code === 'INTERNAL' || !answer.json) return false;
  switch (cell.expect) {
    case 'unauthenticated': return code === 'UNAUTHENTICATED' && reason === 'User is not logged in';
    case 'denied': return code === 'FORBIDDEN' && reason === 'Access Denied.';
    case 'allowed': return !error && data !== undefined;
    case 'decided': return !error || code === 'FORBIDDEN' || code === 'NOT_FOUND';
    case 'rejected': return code === 'BAD_USER_INPUT' || code === 'NOT_FOUND';
    case 'passes': return code !== 'UNAUTHENTICATED' && code !== 'FORBIDDEN';
    case 'refused': return code === 'FORBIDDEN' || code === 'NOT_FOUND' || nothing;
    case 'refusedChange': return code === 'FORBIDDEN' || code === 'NOT_FOUND' || code === 'BAD_USER_INPUT';
    case 'filtered': return !error || code === 'FORBIDDEN' || code === 'NOT_FOUND' || code === 'BAD_USER_INPUT';
    case 'public': return true;
  }
}

/** What came back, in a few words: the status and the refusal's reason or code, or the error's message. */
function describe(cell: Cell, answer: Answer): string {
  if (cell.graphql) {
    const error = answer.json?.errors?.[0];
    if (!error) {
      const data = answer.json?.data?.[cell.field!];
      return `${answer.status} data ${Array.isArray(data) ? `[${data.length}]` : data === null ? 'null' : typeof data}`;
    }
    return `${answer.status} ${error.extensions?.code ?? ''} ${String(error.message).slice(0, 100)}`;
  }
  const error = answer.json?.errors?.[0];
  return `${answer.status}${error ? ` ${error.reason ?? ''} ${String(error.message ?? '').slice(0, 100)}` : ''}`;
}

/** Logins that see no other student's records at all (teachers see their groups' students). */
const ownStudentsOnly = new Set(['student', 'tutor', 'corporation-contact', 'coach']);

export function judge(cell: Cell, answer: Answer, markers: Markers, campuses: Campuses): Verdict {
  const ok = cell.graphql ? graphqlVerdict(cell, answer) : routeVerdict(cell.expect, answer);
  // Compressed answers (PDF, zip, xlsx) and images are not read for markers.
  const leaks = binary.test(answer.contentType) ? [] : leaksIn(answer.text, cell.actor, markers, campuses, !!cell.actor && ownStudentsOnly.has(cell.actor.typology));
  return { cell, got: describe(cell, answer), mismatch: !ok || answer.status >= 500, leaks };
}

/** Runs tasks with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
