// Workflow versioning (issue #28, README "Workflow versioning"): the recorded histories of every product workflow
// (tests/fixtures/workflow-histories/, `npm run workflows:record-histories`) replay against the current workflow code.
// A change that would break a run in flight — another activity, timer or order of commands without `patched()` —
// fails here with Temporal's non-determinism error. No server: the replay worker reads the histories alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { DefaultLogger, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { bundleWorkflows } from '@alterna/workflows/worker';
import * as entry from '../../workflows/src/workflows.js';
import { historyFromJson, recordedHistories, workflowTypeOf } from '../support/workflow-histories.js';

const histories = recordedHistories();
const productWorkflows = Object.entries(entry).filter(([, value]) => typeof value === 'function').map(([name]) => name).sort();

let bundle: WorkflowBundleWithSourceMap;
beforeAll(async () => {
  // The SDK's runtime logs each replay worker's start and stop at INFO; installed once per process.
  try {
    Runtime.install({ logger: new DefaultLogger('WARN'), telemetryOptions: { logging: { filter: { core: 'WARN', other: 'ERROR' } } } });
  } catch {
    // Installed already.
  }
  bundle = await bundleWorkflows();
}, 120_000);

describe('recorded workflow histories', () => {
  it('cover every workflow the entry file exports, each file under its own workflow', () => {
    const recorded = new Set(histories.map((h) => h.workflowType));
    expect(productWorkflows.filter((name) => !recorded.has(name)), 'workflows without a recorded history').toEqual([]);
    for (const history of histories) expect(workflowTypeOf(history.json), history.file).toBe(history.workflowType);
    expect(histories.filter((h) => !productWorkflows.includes(h.workflowType)).map((h) => h.file), 'histories of no product workflow').toEqual([]);
  });

  it('replay against the current workflow code without a non-determinism error', async () => {
    const failures: string[] = [];
    const replayed = histories.map((h) => ({ workflowId: `${h.workflowType}/${h.workflowId}`, history: historyFromJson(h.json) }));
    for await (const result of Worker.runReplayHistories({ workflowBundle: bundle, replayName: 'product-histories' }, replayed)) {
      if (result.error) failures.push(`${result.workflowId}: ${result.error.name}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
    expect(replayed.length).toBeGreaterThanOrEqual(productWorkflows.length);
  });
});
