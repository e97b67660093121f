import { describe, expect, it } from 'vitest';
import { notModified, servedSince } from './feed-validators.js';

const at = (iso: string) => Date.parse(iso);

describe('since when a feed\'s content stands (Last-Modified)', () => {
  const now = at('2026-12-01T10:00:00.750Z');

  it('is the latest lesson change, to the second, the first time', () => {
    expect(servedSince({ etag: null, since: null }, { etag: '"a"', latestChange: at('2026-11-20T15:04:05.678Z'), now })).toBe(at('2026-11-20T15:04:05Z'));
    expect(servedSince({ etag: null, since: null }, { etag: '"a"', latestChange: null, now })).toBe(at('2026-12-01T10:00:00Z'));
  });

  it('stays while the content is the same, and moves forward whenever it changes, whatever dated the change', () => {
    const previous = { etag: '"a"', since: at('2026-11-20T15:04:05Z') };
    expect(servedSince(previous, { etag: '"a"', latestChange: at('2026-11-20T15:04:05.678Z'), now })).toBe(previous.since);
    // A lesson changed later: its change.
    expect(servedSince(previous, { etag: '"b"', latestChange: at('2026-11-25T09:00:00.100Z'), now })).toBe(at('2026-11-25T09:00:00Z'));
    // A lesson deleted: nothing newer among the lessons left, so now.
    expect(servedSince(previous, { etag: '"b"', latestChange: at('2026-11-10T00:00:00Z'), now })).toBe(at('2026-12-01T10:00:00Z'));
    // Changed again within the same second: one second later, never the same date for another content.
    expect(servedSince({ etag: '"b"', since: at('2026-12-01T10:00:00Z') }, { etag: '"c"', latestChange: null, now })).toBe(at('2026-12-01T10:00:01Z'));
  });
});

describe('whether the client\'s copy is current', () => {
  const current = { etag: '"abc"', lastModified: at('2026-11-20T15:04:05Z') };

  it('compares If-None-Match weakly, over a list, with *', () => {
    expect(notModified({ ifNoneMatch: '"abc"' }, current)).toBe(true);
    expect(notModified({ ifNoneMatch: '"x", W/"abc"' }, current)).toBe(true);
    expect(notModified({ ifNoneMatch: '*' }, current)).toBe(true);
    expect(notModified({ ifNoneMatch: '"abd"' }, current)).toBe(false);
  });

  it('reads If-Modified-Since only without If-None-Match, and only a date', () => {
    expect(notModified({ ifModifiedSince: 'Fri, 20 Nov 2026 15:04:05 GMT' }, current)).toBe(true);
    expect(notModified({ ifModifiedSince: 'Fri, 20 Nov 2026 15:04:04 GMT' }, current)).toBe(false);
    expect(notModified({ ifModifiedSince: 'yesterday' }, current)).toBe(false);
    expect(notModified({ ifNoneMatch: '"x"', ifModifiedSince: 'Fri, 20 Nov 2026 15:04:05 GMT' }, current)).toBe(false);
    expect(notModified({}, current)).toBe(false);
  });
});
