import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
        'post /api/training-center/:id',
        'delete /api/training-center/:id',
        'post /api/training-center/:building/rooms/edit',
        'post /api/centre-de-formation/:building/salles/modifier',
        'get /api/training-center/room/:name',
      ]),
    );
  });
});
