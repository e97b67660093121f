import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, dropPostgresDatabase, postgresDatabasesLike, loadConfig, createCore, discoverModules, createLogger } from '@alterna/core';
import { ensureTemporalServer } from '@alterna/dev';
import { clockEnv } from './clock.js';
import { writeTestWorkflowBundle } from './workflow-bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated and seeded database: a template each test file copies (see support/app.ts). */
    databaseUrl: string;
    databaseName: string;
    postgresServerUrl: string;
    temporalAddress: string;
    /** The test workflows' bundle, built once for the run (support/workflow-bundle.ts). */
    workflowBundleFile: string;
  }
}

const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface RunResources {
  provided: { databaseUrl: string; databaseName: string; postgresServerUrl: string; temporalAddress: string; workflowBundleFile: string };
  teardown(): Promise<void>;
}

/** One fresh database, migrated and seeded; one in-memory Temporal dev server; the workflow bundle. */
async function prepareRun(): Promise<RunResources> {
  const name = `alterna_test_${Date.now()}_${process.pid}`;
  const databaseUrl = await createPostgresDatabase(serverUrl, name);
  const temporal = await ensureTemporalServer({ address: process.env.TEMPORAL_ADDRESS, log: (m) => console.log(`[temporal] ${m}`) });

  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', ...clockEnv() });
  const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
  await core.migrate();
  await core.seedIfEmpty();
  await core.close();
  const workflowBundleFile = await writeTestWorkflowBundle();
  return {
    provided: { databaseUrl, databaseName: name, postgresServerUrl: serverUrl, temporalAddress: temporal.address, workflowBundleFile },
    async teardown() {
      await temporal.stop();
      fs.rmSync(workflowBundleFile, { force: true });
      for (const copy of await postgresDatabasesLike(serverUrl, `${name}_f`)) await dropPostgresDatabase(serverUrl, copy);
      await dropPostgresDatabase(serverUrl, name);
    },
  };
}

// The projects of one run (api, api-serial, e2e) share these: vitest sets each project up in turn, and seeding three
// databases and starting three servers cost the run a minute. The last project's teardown releases them.
const shared = globalThis as { alternaTestRun?: { resources: Promise<RunResources>; users: number } };

/**
 * Every test file copies the run's seeded database, so files never see each other's data (support/app.ts), and
 * works on its own Temporal task queue.
 */
export default async function setup(project: TestProject) {
  shared.alternaTestRun ??= { resources: prepareRun(), users: 0 };
  const run = shared.alternaTestRun;
  run.users += 1;
  const { provided } = await run.resources;
  for (const [key, value] of Object.entries(provided)) project.provide(key as keyof typeof provided, value);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    delete shared.alternaTestRun;
    await (await run.resources).teardown();
  };
}
