// A worker as its own process, for the durability test: it can be killed with SIGKILL mid-activity. It loads the run's
// workflow bundle (ALTERNA_WORKFLOW_BUNDLE), so a restart after a kill takes no webpack build.
import { createCore, createLogger, discoverModules, loadConfig } from '@alterna/core';
import { createWorker } from '@alterna/workflows/worker';
import { ensureEffectsTable, testActivities } from './test-activities.js';
import { readTestWorkflowBundle } from './workflow-bundle.js';

const config = loadConfig();
const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
await ensureEffectsTable(core.db.knex);
const { worker } = await createWorker({ core, address: config.temporalAddress!, workflowBundle: await readTestWorkflowBundle(process.env.ALTERNA_WORKFLOW_BUNDLE), extraActivities: testActivities(core.db.knex) });
const running = worker.run();
console.log('WORKER READY');
process.once('SIGTERM', () => worker.shutdown());
await running;
await core.close();
