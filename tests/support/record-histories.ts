// `npm run workflows:record-histories`: the histories the replay test (tests/unit/workflow-replay.test.ts) replays,
// recorded from the suite's own runs. A global setup listed after global-setup.ts (tests/record-histories.config.ts):
// vitest tears global setups down in reverse order, so this one's teardown runs while the run's Temporal dev server
// still answers. It keeps, for each product workflow (those workflows/src/workflows.ts exports), the closed runs of
// distinct shapes (the sequence of events and the activities and markers they name), the longest first,
// and writes them as Temporal's JSON (`temporal workflow show --output json` reads and writes the same) under
// tests/fixtures/workflow-histories/<workflow>/<workflow id>.<run id's end>.json, in place of that workflow's earlier
// recordings. A workflow the run did not reach keeps its files, and files named `kept-…` stay: histories of runs
// recorded before a change behind `patched()`, which prove its old branch replays until the patch is removed (README
// "Workflow versioning").
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { Connection, WorkflowClient } from '@temporalio/client';
import * as entry from '../../workflows/src/workflows.js';
import { historiesDir, historyToJson } from './workflow-histories.js';

/** The workflows the product's worker registers, by their Temporal names. */
export const productWorkflowTypes = (): string[] =>
  Object.entries(entry).filter(([, value]) => typeof value === 'function').map(([name]) => name).sort();

/** How many runs of one workflow are kept, and the largest file kept (a history past it is not a fixture). */
const perWorkflow = 3;
const maxBytes = 400_000;

/** A file name from a run's workflow id (ids hold `:`) and run id (the runs of a continue-as-new chain share the first). */
export const fileNameOf = (workflowId: string, runId: string) => `${workflowId.replace(/[^A-Za-z0-9._-]+/g, '_')}.${runId.slice(-12)}.json`;

interface Recorded { workflowId: string; runId: string; shape: string; events: number; json: string }

/** What a history does, for telling two runs of a workflow apart: its events, with what each schedules or marks. */
function shapeOf(history: { events?: Record<string, any>[] | null }): string {
  return (history.events ?? []).map((event) => {
    const name = event.activityTaskScheduledEventAttributes?.activityType?.name
      ?? event.markerRecordedEventAttributes?.markerName
      ?? event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowType?.name
      ?? '';
    return `${event.eventType}:${name}`;
  }).join(',');
}

export async function recordHistories(address: string, namespace = 'default', log: (message: string) => void = console.log): Promise<Record<string, number>> {
  const connection = await Connection.connect({ address });
  try {
    const client = new WorkflowClient({ connection, namespace });
    const types = new Set(productWorkflowTypes());
    const byType = new Map<string, Recorded[]>();
    for await (const execution of client.list({ query: 'ExecutionStatus != "Running"' })) {
      if (!types.has(execution.type) || execution.status.name === 'TERMINATED' || execution.status.name === 'TIMED_OUT') continue;
      const history = await client.getHandle(execution.workflowId, execution.runId).fetchHistory();
      const json = JSON.stringify(historyToJson(history), null, 1);
      if (json.length > maxBytes) continue;
      const kept = byType.get(execution.type) ?? [];
      const shape = shapeOf(history as never);
      if (kept.some((r) => r.shape === shape)) continue;
      kept.push({ workflowId: execution.workflowId, runId: execution.runId, shape, events: history.events?.length ?? 0, json });
      byType.set(execution.type, kept);
    }
    const counts: Record<string, number> = {};
    for (const [type, runs] of byType) {
      const dir = path.join(historiesDir, type);
      fs.mkdirSync(dir, { recursive: true });
      for (const name of fs.readdirSync(dir)) if (!name.startsWith('kept-')) fs.rmSync(path.join(dir, name));
      const chosen = runs.sort((a, b) => b.events - a.events).slice(0, perWorkflow);
      for (const run of chosen) fs.writeFileSync(path.join(dir, fileNameOf(run.workflowId, run.runId)), `${run.json}\n`);
      counts[type] = chosen.length;
    }
    const missing = [...types].filter((type) => !byType.has(type));
    log(`[histories] recorded ${Object.entries(counts).map(([type, n]) => `${type} (${n})`).join(', ') || 'nothing'}`);
    if (missing.length) log(`[histories] no closed run of ${missing.join(', ')} in this run: their files are left as they were`);
    return counts;
  } finally {
    await connection.close();
  }
}

/** The global setup: nothing to prepare; the teardown records. */
export default function setup(project: TestProject) {
  return async () => {
    // A failure is said and fails the command, and the other teardowns still run (the dev server stops).
    await recordHistories(project.getProvidedContext().temporalAddress).catch((error: unknown) => {
      console.error('[histories] recording failed:', error);
      process.exitCode = 1;
    });
  };
}
