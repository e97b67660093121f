// HTTP validators of a calendar feed (RFC 9110 §8.8, §13): calendar apps poll every few minutes, and a 304 spares
// them the whole year of lessons. Pure: the service gives the stored state and the request's headers.

const SECOND = 1000;
const toSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;

/**
 * Since when the feed's content stands, to the second (HTTP dates have no finer unit): unchanged while the ETag is
 * the one served last; else the latest change of its lessons when that is newer, else now (a lesson deleted or out
 * of the window leaves no change to date). Always later than before, so If-Modified-Since never misses a change.
 */
export function servedSince(
  previous: { etag: string | null; since: number | null },
  current: { etag: string; latestChange: number | null; now: number },
): number {
  if (previous.since !== null && previous.etag === current.etag) return previous.since;
  const latest = current.latestChange === null ? null : toSecond(current.latestChange);
  const since = latest !== null && (previous.since === null || latest > previous.since) ? latest : toSecond(current.now);
  return previous.since !== null && since <= previous.since ? previous.since + SECOND : since;
}

/** The ETags of an If-None-Match list, compared weakly as §13.1.2 says (W/ dropped); `*` matches any. */
const listed = (header: string) => header.split(',').map((tag) => tag.trim().replace(/^W\//, '')).filter(Boolean);

/**
 * Whether the client's copy is current: If-None-Match decides when sent (then If-Modified-Since is ignored), else
 * If-Modified-Since when it is a date no earlier than Last-Modified.
 */
export function notModified(request: { ifNoneMatch?: string; ifModifiedSince?: string }, current: { etag: string; lastModified: number }): boolean {
  if (request.ifNoneMatch) {
    const tags = listed(request.ifNoneMatch);
    return tags.includes('*') || tags.includes(current.etag);
  }
  if (!request.ifModifiedSince) return false;
  const since = Date.parse(request.ifModifiedSince);
  return !Number.isNaN(since) && current.lastModified <= since;
}
