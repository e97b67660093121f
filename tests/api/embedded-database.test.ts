import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { bootCore, loadConfig, type Core } from '@alterna/core';
import { ApiClient, demo } from '../support/app.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alterna-embedded-'));
let core: Core | null = null;
afterAll(async () => {
  await core?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PGlite', () => {
  it('boots with no DATABASE_URL, runs the same migrations, seeds the demo centre and answers queries', async () => {
    // An API-project test: the core's bootstrap creates the modules' Temporal schedules, so it needs the run's server.
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'error', TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `embedded-${process.pid}` });
    core = await bootCore({ config });
    expect(core.db.kind).toBe('pglite');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    const knex = core.db.knex;
    expect((await knex('campuses').orderBy('name').pluck('name'))).toEqual(['Lyon', 'Paris']);
    expect(Number((await knex('rooms').count({ n: '*' }).first())?.n)).toBeGreaterThan(5);
    expect(Number((await knex('actors').whereNotNull('password_hash').count({ n: '*' }).first())?.n)).toBe(12);
    // btree_gist is there for the planning's exclusion constraints.
    expect((await knex.raw("select extname from pg_extension where extname = 'btree_gist'")).rows).toHaveLength(1);
    expect((await core.health()).db).toBe('ok');
    await core.close();

    // A second start finds everything migrated and seeded, and does not seed again.
    core = await bootCore({ config });
    expect(await core.migrate()).toEqual([]);
    expect(await core.seedIfEmpty()).toBe(false);
    expect(Number((await core.db.knex('campuses').count({ n: '*' }).first())?.n)).toBe(2);

    // A session on PGlite: logged in, the next request knows who asks (one statement reads the session's actor).
    const server = await core.listen(0, '127.0.0.1');
    const client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'en');
    expect((await client.post('/api/auth/login', { email: demo('pedagogy'), password: 'alterna-demo' })).status).toBe(200);
    const me = (await client.get('/api/auth/me')).json.actor;
    expect(me).toMatchObject({ email: demo('pedagogy'), space: 'staff' });
    expect(me.campuses.map((campus: { name: string }) => campus.name)).toEqual(['Lyon', 'Paris']);

    // The audit trail embedded: every table has its triggers, and a request's change is recorded under its actor and request id.
    expect(Number((await core.db.knex.raw("SELECT count(*) AS n FROM pg_trigger WHERE tgname = 'audit_capture_insert'")).rows[0].n)).toBeGreaterThan(90);
    const changed = await client.request('POST', '/api/language', { language: 'fr' }, { 'x-request-id': 'embedded-audit-check' });
    expect(changed.status).toBe(204);
    const [audited] = await core.db.knex('audit_log').where({ table_name: 'actors', request_id: 'embedded-audit-check' }).select('action', 'row_id', 'actor_id', 'before', 'after');
    expect(audited).toMatchObject({ action: 'update', row_id: me.id, actor_id: me.id });
    expect([audited.before.language, audited.after.language]).toEqual([null, 'fr']);
  }, 120_000);
});
