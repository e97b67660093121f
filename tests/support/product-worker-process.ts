// A product worker (no test workflows) as its own process, to be killed with SIGKILL mid-run (the bulk reliability and
// mass e-mail durability tests, the bench's killed sends). It loads a workflow bundle built once by its starter
// (productWorkerProcesses), so a restart takes seconds, not a webpack build.
import fs from 'node:fs';
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createCore, createLogger, discoverModules, loadConfig } from '@alterna/core';
import { createWorker } from '@alterna/workflows/worker';

const config = loadConfig();
const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
const bundle = JSON.parse(fs.readFileSync(process.env.ALTERNA_WORKFLOW_BUNDLE!, 'utf8')) as WorkflowBundleWithSourceMap;
const { worker } = await createWorker({ core, address: config.temporalAddress!, workflowBundle: bundle });
const running = worker.run();
console.log('WORKER READY');
process.once('SIGTERM', () => worker.shutdown());
await running;
await core.close();
