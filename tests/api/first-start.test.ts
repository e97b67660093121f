import crypto from 'node:crypto';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { bootCore, createLogger, createPostgresDatabase, dropPostgresDatabase, loadConfig, type Core } from '@alterna/core';
import { clockEnv } from '../support/clock.js';

// Issue #28: two APIs started together on an empty database both come up; one migrates and seeds, the other waits
// for it (the migration lock), then finds the migrations applied and the demo centre there.
const server = inject('postgresServerUrl');
// Named after the run's database, so that the run's teardown drops it even if this file stops half-way.
const name = `${inject('databaseName')}_first_start_${crypto.randomUUID().slice(0, 8)}`;
const cores: Core[] = [];
afterAll(async () => {
  await Promise.all(cores.map((core) => core.close()));
  await dropPostgresDatabase(server, name);
});

describe('first start of two APIs on one empty database', () => {
  it('migrates and seeds once, both starts resolve', async () => {
    const url = await createPostgresDatabase(server, name);
    // bootCore as the API's entry runs it: migrations, seed and the modules' bootstrap (the schedules, on a queue of its own).
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `first-start-${crypto.randomUUID()}`, LOG_LEVEL: 'silent', ...clockEnv() });
    const logs = [createLogger('silent'), createLogger('silent')];
    const said = logs.map((log) => vi.spyOn(log, 'info'));
    const started = await Promise.allSettled(logs.map((log) => bootCore({ config, log })));
    for (const result of started) if (result.status === 'fulfilled') cores.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);

    const messages = said.map((spy) => spy.mock.calls.map((call) => call.find((argument) => typeof argument === 'string')));
    expect(messages.filter((list) => list.includes('demo centre seeded'))).toHaveLength(1);
    expect(messages.filter((list) => list.includes('migrations applied'))).toHaveLength(1);
    const knex = cores[0]!.db.knex;
    expect(await knex('campuses').orderBy('name').pluck('name')).toEqual(['Lyon', 'Paris']);
    expect(await knex('actors').whereNotNull('password_hash').count({ n: '*' }).first()).toEqual({ n: 12 });
    const migrations = await knex('knex_migrations').pluck('name');
    expect(new Set(migrations).size).toBe(migrations.length);
  }, 240_000);
});
