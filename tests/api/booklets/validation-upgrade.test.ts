// Workflow versioning (issue #28, README "Workflow versioning"): a booklet validation started before a code change
// completes after it. A worker with the product's code starts a validation (tutor, then coach), which reminds the
// tutor, tells the staff and waits; that worker stops, and a worker with a later version takes over: the same
// workflow with a new reminder step behind patched() (tests/support/workflow-variants/). It replays the validation's
// history (the tutor's wait is as it was: no new step for a point passed before the change), takes the signatures,
// gives the coach's turn the new step (reached after the change: the patch marker is recorded) and completes.
// Activities are in memory: the workflow's steps are what this is about, on the suite's Temporal server.
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { bundleWorkflows, deploymentOptions } from '@alterna/workflows/worker';
import type { BookletsActivities, BookletValidationInput } from '@alterna/booklets/workflow-contract';
import { eventually } from '../../support/worker.js';

const variantsEntry = fileURLToPath(new URL('../../support/workflow-variants/entry.ts', import.meta.url));

let before: WorkflowBundleWithSourceMap;
let after: WorkflowBundleWithSourceMap;
let workerConnection: NativeConnection;
let clientConnection: Connection;
let client: Client;
beforeAll(async () => {
  // The SDK's runtime logs each worker's state at INFO; quiet unless something is wrong (once per process).
  try {
    Runtime.install({ logger: new DefaultLogger('WARN'), telemetryOptions: { logging: { filter: { core: 'WARN', other: 'ERROR' } } } });
  } catch {
    // Installed already.
  }
  before = await bundleWorkflows();
  after = await bundleWorkflows(variantsEntry);
  workerConnection = await NativeConnection.connect({ address: inject('temporalAddress') });
  clientConnection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection: clientConnection });
}, 120_000);
afterAll(async () => {
  await workerConnection?.close();
  await clientConnection?.close();
});

/** The steps the validation took, in order, as its activities saw them. */
function recordingActivities(steps: string[]): BookletsActivities {
  return {
    bookletsRecordSignature: async (_id, signature) => void steps.push(`signed:${signature.role}`),
    bookletsRemindSignatory: async (_id, role) => (steps.push(`reminded:${role}`), 1),
    bookletsTellStaff: async (_id, role) => (steps.push(`staff told:${role}`), 1),
    bookletsFinishValidation: async () => (steps.push('validated'), { fileId: null }),
    bookletsWithdrawValidation: async () => void steps.push('withdrawn'),
    bookletsRecordCancellation: async () => ({ cancelled: false }),
    bookletsMailCancellation: async () => 0,
  };
}

const validationInput = (): BookletValidationInput => ({
  validationId: crypto.randomUUID(), signatories: ['tutor', 'coach'], reminderSeconds: 1, staffSeconds: 1,
  labels: { tutor: 'Tutor', coach: 'Coach' }, messages: { signed: 'signed', reminded: 'reminded', staffTold: 'staff told' },
});

const historyEvents = async (workflowId: string) => (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];

/** Until the staff has been told about the tutor and the workflow has taken it in: it waits for the tutor, with no timer. */
async function waitingAfterStaffTold(workflowId: string) {
  await eventually(async () => {
    const events = await historyEvents(workflowId);
    const told = events.findIndex((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'bookletsTellStaff');
    return told >= 0 && events.slice(told).some((e) => e.activityTaskCompletedEventAttributes) && events.at(-1)?.workflowTaskCompletedEventAttributes;
  });
}

/** Signs for the tutor, waits for the coach's two reminders, signs for the coach; the validation's result. */
async function signAll(workflowId: string, steps: string[]) {
  const handle = client.workflow.getHandle(workflowId);
  expect(await handle.executeUpdate('booklets.sign', { args: [{ role: 'tutor', signerId: crypto.randomUUID(), route: 'test' }] })).toEqual({ signed: ['tutor'], awaiting: 'coach' });
  // The coach's turn comes after the change: reminded, staff told, then the new step reminds the coach once more.
  await eventually(async () => steps.filter((step) => step === 'reminded:coach').length === 2);
  await handle.executeUpdate('booklets.sign', { args: [{ role: 'coach', signerId: crypto.randomUUID(), route: 'test' }] });
  return handle.result();
}

const allSteps = ['reminded:tutor', 'staff told:tutor', 'signed:tutor', 'reminded:coach', 'staff told:coach', 'reminded:coach', 'signed:coach', 'validated'];

describe('a booklet validation across a change of its code', () => {
  it('started before a new reminder step, completes after it', async () => {
    const taskQueue = `validation-upgrade-${crypto.randomUUID()}`;
    const workflowId = `booklet-validation-upgrade-${crypto.randomUUID()}`;
    const steps: string[] = [];
    const activities = recordingActivities(steps);
    // No workflow cache: the next worker gets the validation's tasks at once, not after the first one's sticky queue times out.
    const first = await Worker.create({ connection: workerConnection, taskQueue, workflowBundle: before, activities, maxCachedWorkflows: 0 });
    const firstRun = first.run();
    const handle = await client.workflow.start('booklets.validation', { taskQueue, workflowId, args: [validationInput()] });
    await waitingAfterStaffTold(workflowId);
    first.shutdown();
    await firstRun;
    expect(steps).toEqual(['reminded:tutor', 'staff told:tutor']);

    // The deployment: the later version's worker takes over the validation in flight.
    const second = await Worker.create({ connection: workerConnection, taskQueue, workflowBundle: after, activities });
    const secondRun = second.run();
    try {
      expect(await signAll(workflowId, steps)).toEqual({ validated: true, fileId: null });
    } finally {
      second.shutdown();
      await secondRun;
    }
    expect(await handle.describe()).toMatchObject({ status: { name: 'COMPLETED' } });
    expect(steps).toEqual(allSteps);
    // One patch marker, recorded at the coach's step: the tutor's, passed before the change, has none.
    const markers = (await historyEvents(workflowId)).filter((e) => e.markerRecordedEventAttributes);
    expect(markers).toHaveLength(1);
  });

  it('moves to the new build id with Worker Versioning, the old worker still polling and then stopped', async () => {
    const taskQueue = `validation-upgrade-${crypto.randomUUID()}`;
    const workflowId = `booklet-validation-upgrade-${crypto.randomUUID()}`;
    // The product's deployment options (BUILD_ID, WORKER_VERSIONING), under a deployment of this test's own.
    const deploymentName = `alterna-test-${crypto.randomUUID().slice(0, 8)}`;
    const versioned = (buildId: string) => {
      const options = deploymentOptions('0.0.0', { BUILD_ID: buildId, WORKER_VERSIONING: 'true' });
      return { ...options, version: { ...options.version, deploymentName } };
    };
    // As `temporal worker deployment set-current-version` does; refused until the version's workers have polled.
    const setCurrent = (buildId: string) => eventually(async () => {
      try {
        await client.workflowService.setWorkerDeploymentCurrentVersion({ namespace: 'default', deploymentName, buildId, identity: 'validation-upgrade.test' });
        return true;
      } catch {
        return false;
      }
    });
    const steps: string[] = [];
    const activities = recordingActivities(steps);
    const old = await Worker.create({ connection: workerConnection, taskQueue, workflowBundle: before, activities, workerDeploymentOptions: versioned('v1') });
    const oldRun = old.run();
    let next: Worker | undefined;
    let nextRun: Promise<void> | undefined;
    try {
      await setCurrent('v1');
      const handle = await client.workflow.start('booklets.validation', { taskQueue, workflowId, args: [validationInput()] });
      await waitingAfterStaffTold(workflowId);

      // The upgrade: the new build beside the old one, then made current; the old worker gets no task after that.
      next = await Worker.create({ connection: workerConnection, taskQueue, workflowBundle: after, activities, workerDeploymentOptions: versioned('v2') });
      nextRun = next.run();
      await setCurrent('v2');
      expect(await signAll(workflowId, steps)).toEqual({ validated: true, fileId: null });
      expect(await handle.describe()).toMatchObject({ status: { name: 'COMPLETED' } });
      expect(steps).toEqual(allSteps);
      // Every workflow task before the switch was the old build's, every one after it the new one's.
      const builds = (await historyEvents(workflowId)).flatMap((e) => e.workflowTaskCompletedEventAttributes ? [e.workflowTaskCompletedEventAttributes.deploymentVersion?.buildId] : []);
      const switched = builds.indexOf('v2');
      expect(switched).toBeGreaterThan(0);
      expect(builds.slice(0, switched).every((build) => build === 'v1')).toBe(true);
      expect(builds.slice(switched).every((build) => build === 'v2')).toBe(true);
    } finally {
      // The old build drains (nothing of it runs any more) and stops.
      old.shutdown();
      await oldRun;
      next?.shutdown();
      await nextRun;
    }
  });
});
