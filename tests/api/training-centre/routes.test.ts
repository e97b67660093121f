import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const sampleId = '00000000-0000-4000-8000-000000000000';
const pattern = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);

describe('training-centre routes', () => {
  it('are mounted in English and French under /api with the SPEC route names', () => {
    const names = app.core.routes.filter((r) => r.name.startsWith('pepal_core_training_center_')).map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'post /api/training-center/campus/new',
        'post /api/centre-de-formation/campus/nouveau',
        'post /api/training-center/sites/:id',
        'delete /api/centre-de-formation/sites/:id',
        'post /api/training-center/:site/new',
        'get /api/training-center/:id/edit',
        'post /api/training-center/:id/edit',
        'delete /api/training-center/:id',
        'post /api/training-center/:building/rooms/edit',
        'post /api/centre-de-formation/:building/salles/modifier',
        'get /api/training-center/room/:name',
      ]),
    );
  });

  it('never answer in place of a route mounted after them (the router takes the first match)', () => {
    const routes = app.core.routes;
    const shadowed: string[] = [];
    routes.forEach((mine, index) => {
      if (!mine.name.startsWith('pepal_core_training_center_')) return;
      for (const later of routes.slice(index + 1)) {
        if (later.name.startsWith('pepal_core_training_center_') || later.method !== mine.method) continue;
        const url = later.path.replace(/:[A-Za-z_]+/g, sampleId);
        if (pattern(mine.path).test(url)) shadowed.push(`${mine.method} ${mine.path} shadows ${later.name} ${later.path}`);
      }
    });
    expect(shadowed).toEqual([]);
  });
});
