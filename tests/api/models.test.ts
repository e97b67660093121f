import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Model, repoRoot, type ModelClass } from '@alterna/core';
import { ownedTables } from '../support/module-boundaries.js';
import { startTestApp, type TestApp } from '../support/app.js';

// Every module's objection models (src/models/index.ts) against the real schema: one per table its migrations
// create, each query on the connection it is given.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const modules = fs.readdirSync(path.join(repoRoot, 'modules')).filter((name) => fs.existsSync(path.join(repoRoot, 'modules', name, 'src', 'migrations'))).sort();

async function modelsOf(module: string): Promise<ModelClass<Model>[]> {
  const file = path.join(repoRoot, 'modules', module, 'src', 'models', 'index.ts');
  const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return Object.values(exported).filter((value): value is ModelClass<Model> => typeof value === 'function' && value.prototype instanceof Model);
}

describe('objection models of the modules', () => {
  it.each(modules)('%s has one model per table of its migrations, each reading its table', async (module) => {
    const models = await modelsOf(module);
    expect(models.map((model) => model.tableName).sort()).toEqual(ownedTables(module));
    for (const model of models) {
      await expect(model.query(app.core.db.knex).limit(1)).resolves.toBeInstanceOf(Array);
    }
  });

  it('fetches a graph through the relations of one module (campus → sites → buildings → rooms)', async () => {
    const { CampusModel } = (await import(pathToFileURL(path.join(repoRoot, 'modules/training-centre/src/models/index.ts')).href)) as { CampusModel: ModelClass<Model> };
    const knex = app.core.db.knex;
    const [paris] = (await CampusModel.query(knex).where('name', 'Paris').withGraphFetched('sites.buildings.rooms')) as unknown as {
      id: string; sites: { buildings: { rooms: { id: string }[] }[] }[];
    }[];
    const rooms = paris!.sites.flatMap((site) => site.buildings.flatMap((building) => building.rooms.map((room) => room.id))).sort();
    const expected = (await knex('rooms as r').join('buildings as b', 'b.id', 'r.building_id').join('sites as s', 's.id', 'b.site_id').where('s.campus_id', paris!.id).pluck('r.id')).sort();
    expect(rooms).toEqual(expected);
    expect(rooms.length).toBeGreaterThan(0);
  });

  it('queries on the transaction it is given: its own uncommitted rows, nothing once rolled back', async () => {
    const { CampusModel } = (await import(pathToFileURL(path.join(repoRoot, 'modules/training-centre/src/models/index.ts')).href)) as { CampusModel: ModelClass<Model> };
    const knex = app.core.db.knex;
    const trx = await knex.transaction();
    await CampusModel.query(trx).insert({ name: 'Brest (model test)' } as never);
    expect(await CampusModel.query(trx).where('name', 'Brest (model test)').resultSize()).toBe(1);
    expect(await CampusModel.query(knex).where('name', 'Brest (model test)').resultSize()).toBe(0);
    await trx.rollback();
    expect(await CampusModel.query(knex).where('name', 'Brest (model test)').resultSize()).toBe(0);
  });
});
