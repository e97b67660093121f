// The test workflows (the product's and the tests' own) bundled once per run. A bundle is a webpack build, seconds of
// CPU: every test file that started a worker made its own, and a killed worker process made one at each restart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { bundleWorkflows } from '@alterna/workflows/worker';

export const testWorkflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));

/** The run's bundle file (the vitest main process's), written by the first global setup that asks; its path. */
export async function writeTestWorkflowBundle(): Promise<string> {
  const file = path.join(os.tmpdir(), `alterna-test-workflows-${process.pid}.json`);
  if (fs.existsSync(file)) return file;
  // Written aside, then renamed: a reader never sees half a file.
  const partial = `${file}.${crypto.randomUUID().slice(0, 8)}`;
  fs.writeFileSync(partial, JSON.stringify(await bundleWorkflows(testWorkflowsPath)));
  fs.renameSync(partial, file);
  return file;
}

/** The bundle in that file, or a new one when there is none (a worker started outside the suite's global setup). */
export async function readTestWorkflowBundle(file: string | undefined): Promise<WorkflowBundleWithSourceMap> {
  if (file && fs.existsSync(file)) return JSON.parse(await fs.promises.readFile(file, 'utf8')) as WorkflowBundleWithSourceMap;
  return bundleWorkflows(testWorkflowsPath);
}
