import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Model, repoRoot, type ModelClass } from '@alterna/core';
import { ownedTables } from '../support/module-boundaries.js';
import { startTestApp, type TestApp } from '../support/app.js';

// Every module's objection models (src/models/index.ts) against the real schema: each of a table its migrations
// create (a model nobody uses is deleted, so not every table has one), each query on the connection it is given.

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
  it.each(modules)('%s has models of its own tables only, at most one each, each reading its table', async (module) => {
    const models = await modelsOf(module);
    const tables = models.map((model) => model.tableName);
    expect(new Set(tables).size).toBe(tables.length);
    expect(ownedTables(module)).toEqual(expect.arrayContaining(tables));
    for (const model of models) {
      await expect(model.query(app.core.db.knex).limit(1)).resolves.toBeInstanceOf(Array);
    }
  });

  it('fetches a graph through the relations of one module (campus → model time slots → time slots)', async () => {
    const { CampusModel } = (await import(pathToFileURL(path.join(repoRoot, 'modules/training-centre/src/models/index.ts')).href)) as { CampusModel: ModelClass<Model> };
    const knex = app.core.db.knex;
    const [paris] = (await CampusModel.query(knex).where('name', 'Paris').withGraphFetched('modelTimeSlots.timeSlots')) as unknown as {
      id: string; modelTimeSlots: { timeSlots: { id: string }[] }[];
    }[];
    const slots = paris!.modelTimeSlots.flatMap((model) => model.timeSlots.map((slot) => slot.id)).sort();
    const expected = (await knex('time_slots as t').join('model_time_slots as m', 'm.id', 't.model_time_slot_id').where('m.campus_id', paris!.id).pluck('t.id')).sort();
    expect(slots).toEqual(expected);
    expect(slots.length).toBeGreaterThan(0);
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
