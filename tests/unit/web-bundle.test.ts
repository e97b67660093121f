import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunksWithSources, initialChunks, webDist } from '../support/web-bundle.js';

// Reads the built client (`npm run build:web`, run by `npm test` before the test projects).
const built = fs.existsSync(path.join(webDist, 'index.html'));

describe('the built web client', () => {
  it('has been built (npm run build:web)', () => {
    expect(built).toBe(true);
  });

  it('downloads at most 250 KB of gzipped JS on a first visit: each page loads with its route', () => {
    const initial = initialChunks();
    const gzip = initial.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    expect(initial.length).toBeGreaterThan(0);
    // The catalogue of one language is part of the first visit.
    expect(initial.filter((chunk) => /catalogue\.(fr|en)-/.test(chunk.file))).toHaveLength(1);
    expect(gzip).toBeLessThanOrEqual(250 * 1024);
  });

  it('loads FullCalendar and the page screens only with their pages', () => {
    const initial = new Set(initialChunks().map((chunk) => chunk.file));
    const calendar = chunksWithSources(/node_modules\/@fullcalendar\//);
    const screens = chunksWithSources(/src\/screens\/(planning|students|teaching|trainings|people)\//);
    expect(calendar.length).toBeGreaterThan(0);
    expect(calendar.filter((file) => initial.has(file))).toEqual([]);
    expect(screens.filter((file) => initial.has(file))).toEqual([]);
  });

  it('ships no server code: no knex, pg, objection, PGlite, migration or Node built-in in any chunk', () => {
    const serverOnly = /node_modules\/(knex|pg|pg-[a-z-]+|objection|@electric-sql\/pglite|nodemailer|koa[a-z-]*|@temporalio\/[a-z-]+)\/|\/migrations\/|__vite-browser-external|^node:/;
    expect(chunksWithSources(serverOnly)).toEqual([]);
  });
});
