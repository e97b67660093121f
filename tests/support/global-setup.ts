import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, dropPostgresDatabase, postgresDatabasesLike, loadConfig, createCore, discoverModules, createLogger } from '@alterna/core';
import { ensureTemporalServer } from '@alterna/dev';
import { clockEnv } from './clock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated and seeded database: a template each test file copies (see support/app.ts). */
    databaseUrl: string;
    databaseName: string;
    postgresServerUrl: string;
    temporalAddress: string;
  }
}

const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * One fresh database per test run, migrated and seeded once, that every test file copies so files never see
 * each other's data; one in-memory Temporal dev server.
 */
export default async function setup(project: TestProject) {
  const name = `alterna_test_${Date.now()}_${process.pid}`;
  const databaseUrl = await createPostgresDatabase(serverUrl, name);
  const temporal = await ensureTemporalServer({ address: process.env.TEMPORAL_ADDRESS, log: (m) => console.log(`[temporal] ${m}`) });

  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', ...clockEnv() });
  const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
  await core.migrate();
  await core.seedIfEmpty();
  await core.close();

  project.provide('databaseUrl', databaseUrl);
  project.provide('databaseName', name);
  project.provide('postgresServerUrl', serverUrl);
  project.provide('temporalAddress', temporal.address);
  return async () => {
    await temporal.stop();
    for (const copy of await postgresDatabasesLike(serverUrl, `${name}_f`)) await dropPostgresDatabase(serverUrl, copy);
    await dropPostgresDatabase(serverUrl, name);
  };
}
