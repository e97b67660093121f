import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, createLogger, LocalStorageDriver, type StoredFile } from '@alterna/core';
import { ApiClient, demoClients, startTestApp, type TestApp } from '../support/app.js';

// Issue #28: a stored file whose bytes are missing is reported, never silently "completed". The check lists the
// stored_files rows whose object the store no longer holds (rows read in pages, one HEAD per object, a few at once),
// for the campuses of its reader; and a file is confirmed in the store before its row is written.

let app: TestApp;
let storageDir: string;
let as: ReturnType<typeof demoClients>;
let lyon: string;
let paris: string;
const saved: Record<'lyon' | 'paris' | 'nobody' | 'kept', StoredFile> = {} as never;
const driver = () => new LocalStorageDriver(storageDir);

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'alterna-check-'));
  app = await startTestApp({ STORAGE_DIR: storageDir });
  as = demoClients(() => app.baseUrl);
  const knex = app.core.db.knex;
  // The seeded rows' bytes live in the run's folder, not this file's: they are put here, so only this file's
  // deletions are missing.
  for (const { storage_key: key } of await knex('stored_files').select('storage_key')) await driver().put(key, Buffer.from('seeded'));
  const campus = async (name: string) => (await knex('training_centre_campuses').where({ name }).first()).id as string;
  [lyon, paris] = [await campus('Lyon'), await campus('Paris')];
  const person = async (first_name: string) => (await knex('identity_actors').where({ first_name }).first()).id as string;
  const save = (filename: string, actorId: string | null) =>
    app.core.deps.files.save({ filename, contentType: 'application/pdf', size: 9, bytes: Buffer.from(`%PDF ${filename.slice(0, 4)}`) }, { module: 'marks', actorId });
  // A Lyon apprentice's report card, a Paris apprentice's, one of nobody's campus, and a Lyon one left whole.
  saved.lyon = await save('bulletin-nathan.pdf', await person('Nathan'));
  saved.paris = await save('bulletin-lucas.pdf', await person('Lucas'));
  saved.nobody = await save('export.pdf', null);
  saved.kept = await save('bulletin-ines.pdf', await person('Inès'));
});
afterAll(async () => {
  await app.close();
  await fs.rm(storageDir, { recursive: true, force: true });
});

const keyOf = async (file: StoredFile) => (await app.core.db.knex('stored_files').where({ id: file.id }).first()).storage_key as string;
const check = (client: ApiClient, campusId?: string, language: 'fr' | 'en' = 'fr') =>
  client.get(`${language === 'fr' ? '/api/stockage/manquants' : '/api/storage/missing'}${campusId ? `?campusId=${campusId}` : ''}`);

describe('the stored files check', () => {
  it('finds every file in the store until bytes go missing, then names those of the reader\'s campus (fr and en)', async () => {
    const manager = await as('campus-manager');
    const before = await check(manager, lyon);
    expect(before.status).toBe(200);
    expect(before.json.check).toMatchObject({ campusIds: [lyon], missing: [], unattributedMissing: 0 });
    expect(before.json.check.checked).toBeGreaterThanOrEqual(2);
    expect(before.json.check.message).toBe(`Les ${before.json.check.checked} fichiers enregistrés vérifiés sont bien dans le stockage.`);

    for (const file of [saved.lyon, saved.paris, saved.nobody]) await fs.rm(driver().pathOf(await keyOf(file)));

    const fr = await check(manager, lyon);
    expect(fr.status).toBe(200);
    expect(fr.json.check.checked).toBe(before.json.check.checked);
    // The Lyon manager is told of the Lyon file only; the one of no campus is counted, never named.
    expect(fr.json.check.missing).toEqual([{
      id: saved.lyon.id, filename: 'bulletin-nathan.pdf', contentType: 'application/pdf', size: 9, sha256: saved.lyon.sha256,
      createdAt: saved.lyon.createdAt, module: 'marks', uploadedBy: expect.any(String),
    }]);
    expect(fr.json.check.unattributedMissing).toBe(1);
    expect(fr.json.check.message).toBe('1 fichier enregistré a perdu son contenu : il n\'est plus dans le stockage.');
    const en = await check(await as('campus-manager', 'en'), lyon, 'en');
    expect(en.json.check.missing.map((f: StoredFile) => f.id)).toEqual([saved.lyon.id]);
    expect(en.json.check.message).toBe('1 stored file has lost its content: the store no longer holds its bytes.');

    // Staff of both campuses: without a campus, every campus where they hold it; with one, that campus only.
    const pedagogy = await as('pedagogy', 'en');
    const both = await check(pedagogy, undefined, 'en');
    expect(both.status).toBe(200);
    expect(both.json.check.campusIds.sort()).toEqual([lyon, paris].sort());
    expect(both.json.check.missing.map((f: StoredFile) => f.id).sort()).toEqual([saved.lyon.id, saved.paris.id].sort());
    expect(both.json.check.message).toBe('2 stored files have lost their content: the store no longer holds their bytes.');
    expect((await check(pedagogy, paris, 'en')).json.check.missing.map((f: StoredFile) => f.id)).toEqual([saved.paris.id]);
    // The whole file is not reported, and its bytes still download.
    expect(both.json.check.missing.map((f: StoredFile) => f.id)).not.toContain(saved.kept.id);
    const kept = (await app.core.deps.files.download(saved.kept.id)).file;
    const bytes: Buffer[] = [];
    for await (const chunk of kept.stream as AsyncIterable<Buffer>) bytes.push(chunk);
    expect(Buffer.concat(bytes).toString()).toBe('%PDF bull');
  });

  it('is for managers, on their own campuses: another campus, other people and anonymous callers are refused', async () => {
    // The Lyon campus manager asking for Paris.
    const elsewhere = await check(await as('campus-manager'), paris);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.errors[0].message).toBe('Accès refusé : vous n\'avez pas le droit de faire cela.');
    for (const typology of ['read-only', 'teacher', 'student', 'tutor']) {
      const refused = await check(await as(typology, 'en'), undefined, 'en');
      expect(refused.status, typology).toBe(403);
      expect(refused.json.errors[0].message, typology).toBe('Access denied: you are not allowed to do this.');
    }
    const anonymous = await new ApiClient(app.baseUrl, 'en').get('/api/storage/missing');
    expect(anonymous.status).toBe(401);
    // A campus that is no id: 422 on the parameter, in the reader's language.
    const bad = await check(await as('campus-manager'), 'lyon');
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'campusId', message: 'L\'identifiant « lyon » n\'est pas un UUID valide.' }]);
  });

  it('reads the rows in pages, one query a page whatever their number, and asks the store a few objects at once', async () => {
    const knex = app.core.db.knex;
    const total = Number((await knex('stored_files').count<{ count: string }[]>({ count: '*' }))[0]!.count);
    expect(total).toBeGreaterThan(6);
    let queries = 0;
    const count = () => { queries += 1; };
    let running = 0;
    let most = 0;
    const slow = new LocalStorageDriver(storageDir);
    const exists = slow.exists.bind(slow);
    slow.exists = async (key) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return exists(key);
    };
    const store = createFileStore(knex, slow, createLogger('silent'));
    knex.on('query', count);
    let result: Awaited<ReturnType<typeof store.missing>>;
    try {
      result = await store.missing({ batchSize: 3, concurrency: 2 });
    } finally {
      knex.off('query', count);
    }
    expect(result.checked).toBe(total);
    expect(result.missing.map((f) => f.id).sort()).toEqual([saved.lyon.id, saved.paris.id, saved.nobody.id].sort());
    // Pages of 3: the full ones, then the last (short, or empty when the count divides).
    expect(queries).toBe(Math.floor(total / 3) + 1);
    expect(most).toBe(2);
  });
});

describe('a file saved is confirmed in the store before its row is written', () => {
  it('refuses a save whose bytes the store does not hold afterwards: no row, so no operation says "completed"', async () => {
    const knex = app.core.db.knex;
    // A store that answers the write but keeps nothing (the lost write of a worker's zip on a folder of its own).
    const forgetful = new LocalStorageDriver(storageDir);
    forgetful.put = async () => undefined;
    const store = createFileStore(knex, forgetful, createLogger('silent'));
    const rows = async () => Number((await knex('stored_files').where({ filename: 'bulletins.zip' }).count<{ count: string }[]>({ count: '*' }))[0]!.count);
    await expect(store.save({ filename: 'bulletins.zip', contentType: 'application/zip', size: 3, bytes: Buffer.from('zip') }, { module: 'marks', actorId: null }))
      .rejects.toThrow(/not found in the store right after writing them/);
    expect(await rows()).toBe(0);
    // The same save on a store that keeps it is written, and found.
    const stored = await createFileStore(knex, driver(), createLogger('silent'))
      .save({ filename: 'bulletins.zip', contentType: 'application/zip', size: 3, bytes: Buffer.from('zip') }, { module: 'marks', actorId: null });
    expect(await rows()).toBe(1);
    expect(await driver().exists(await keyOf(stored))).toBe(true);
    await createFileStore(knex, driver(), createLogger('silent')).remove(stored.id);
  });
});
