import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const sampleId = '00000000-0000-4000-8000-000000000000';
const pattern = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);

describe('route tables of all modules', () => {
  it('never let a route answer in place of one mounted after it (the router takes the first match)', () => {
    const routes = app.core.routes;
    const shadowed: string[] = [];
    routes.forEach((mine, index) => {
      for (const later of routes.slice(index + 1)) {
        if (later.method !== mine.method) continue;
        if (pattern(mine.path).test(later.path.replace(/:[A-Za-z_]+/g, sampleId))) shadowed.push(`${mine.method} ${mine.path} shadows ${later.name} ${later.path}`);
      }
    });
    expect(shadowed).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('gives every route a unique SPEC-style name', () => {
    const names = app.core.routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^pepal_core_[a-z_]+\.(en|fr)$/);
  });
});
