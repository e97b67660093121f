import { ACCESS_DENIED_MESSAGE } from './constants';
import { ViolationError } from './http';

/**
 * A load the server refused (403 Access Denied, 404 not found, by HTTP status or GraphQL reason/code): the page cannot
 * show, its route shows the error component with the server's message (already in the reader's language). Anything
 * else (a filter the server rejects with 422, a 500) is the screen's to show, next to what the reader can change.
 */
export function refusedLoad(error: unknown): error is ViolationError {
  if (!(error instanceof ViolationError)) return false;
  if (error.status === 403 || error.status === 404) return true;
  const first = (error as { errors?: { extensions?: { code?: unknown; reason?: unknown } }[] }).errors?.[0]?.extensions;
  return first?.reason === ACCESS_DENIED_MESSAGE || first?.code === 'FORBIDDEN' || first?.code === 'NOT_FOUND';
}
