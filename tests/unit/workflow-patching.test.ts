// Workflow versioning (issue #28, README "Workflow versioning"): a booklet validation waits weeks for its signatures,
// so a change to its steps meets validations in flight. The recorded histories of `booklets.validation` (one of them
// reminded the tutor, told the staff and then waited for the signature) replay against a later version that adds a
// reminder step once the staff has been told: behind `patched()` every one of them replays; without it, the one that
// had reached that step does not. No server: the replay worker reads the histories alone.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DefaultLogger, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { bundleWorkflows } from '@alterna/workflows/worker';
import { historyFromJson, recordedHistories, type RecordedHistory } from '../support/workflow-histories.js';

const variantsEntry = fileURLToPath(new URL('../support/workflow-variants/entry.ts', import.meta.url));
const validations = recordedHistories().filter((h) => h.workflowType === 'booklets.validation');
const staffTold = (h: RecordedHistory) => h.json.events.some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'bookletsTellStaff');

/** The history as if the validation had been started under another workflow name (the unpatched variant's). */
const startedAs = (h: RecordedHistory, workflowType: string) => {
  const [first, ...rest] = h.json.events;
  const attributes = first!.workflowExecutionStartedEventAttributes;
  return { events: [{ ...first, workflowExecutionStartedEventAttributes: { ...attributes, workflowType: { name: workflowType } } }, ...rest] };
};

let bundle: WorkflowBundleWithSourceMap;
beforeAll(async () => {
  // The SDK's runtime logs each replay worker's start and stop at INFO; installed once per process.
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } } });
  } catch {
    // Installed already.
  }
  bundle = await bundleWorkflows(variantsEntry);
}, 120_000);

async function replay(workflowType: string) {
  const results: Record<string, string | null> = {};
  const histories = validations.map((h) => ({ workflowId: h.workflowId, history: historyFromJson(workflowType === 'booklets.validation' ? h.json : startedAs(h, workflowType)) }));
  for await (const result of Worker.runReplayHistories({ workflowBundle: bundle, replayName: 'booklet-variants' }, histories)) {
    results[result.workflowId] = result.error ? `${result.error.name}: ${result.error.message}` : null;
  }
  return results;
}

describe('a new step in booklet validations in flight', () => {
  it('has histories of validations past the staff reminder and of validations signed before it', () => {
    expect(validations.filter(staffTold).length).toBeGreaterThanOrEqual(1);
    expect(validations.filter((h) => !staffTold(h)).length).toBeGreaterThanOrEqual(1);
  });

  it('replays every recorded validation when the step is behind patched()', async () => {
    const results = await replay('booklets.validation');
    expect(Object.keys(results).sort()).toEqual(validations.map((h) => h.workflowId).sort());
    expect(Object.entries(results).filter(([, error]) => error)).toEqual([]);
  });

  it('breaks the validations that had told the staff when the same step has no patched()', async () => {
    const results = await replay('test.bookletValidationUnpatched');
    for (const history of validations) {
      if (staffTold(history)) expect(results[history.workflowId], history.workflowId).toMatch(/^DeterminismViolationError: .*[Nn]ondeterminism/s);
      // A validation signed before the staff was told never reaches the step: nothing differs for it.
      else expect(results[history.workflowId], history.workflowId).toBeNull();
    }
  });
});
