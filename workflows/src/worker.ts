import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker, type WorkerDeploymentOptions, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { Context } from '@temporalio/activity';
import { runWithAuditContext, workflowAuditContexts, type Core } from '@alterna/core';

/** The product's workflow entry file. */
export const workflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));

export interface WorkerOptions {
  core: Core;
  address: string;
  /** Another entry file (tests add their own workflows to the product's). */
  workflowsPath?: string;
  /** A bundle made once and reused (tests start several workers). */
  workflowBundle?: WorkflowBundleWithSourceMap;
  /** Activities beyond the modules' own (tests only). */
  extraActivities?: Record<string, (...args: any[]) => Promise<unknown>>;
  taskQueue?: string;
  /** On shutdown, how long activities under way may take to finish before they are cancelled (the worker process's drain). */
  shutdownGraceMs?: number;
}

/** The Worker Deployment the product's workers belong to (README "Workflow versioning"). */
export const deploymentName = 'alterna';

/**
 * The worker's deployment version: its build id is BUILD_ID (set one per image: a release tag or a commit), else
 * `alterna@<ALTERNA_VERSION>`. With WORKER_VERSIONING=true the worker takes part in Worker Versioning: it polls as
 * that version of the `alterna` deployment and gets only the tasks Temporal routes to it (the deployment's current
 * version, set by `temporal worker deployment set-current-version`), and workflows move to a new current version at
 * their next task (auto-upgrade: a change to running workflows goes behind `patched()`). Without it the build id is
 * only stamped on the worker's tasks.
 */
export function deploymentOptions(version: string, env: NodeJS.ProcessEnv = process.env): WorkerDeploymentOptions {
  const buildId = env.BUILD_ID?.trim() || `alterna@${version}`;
  return env.WORKER_VERSIONING === 'true'
    ? { version: { deploymentName, buildId }, useWorkerVersioning: true, defaultVersioningBehavior: 'AUTO_UPGRADE' }
    : { version: { deploymentName, buildId }, useWorkerVersioning: false };
}

let runtimeInstalled = false;

/**
 * Keeps the SDK's Rust core quiet unless something is wrong; installed once per process, before the first worker.
 * `metricsAddress`: where the SDK's Prometheus exporter listens (`host:port`, its metrics at /metrics, Temporal's
 * own names: temporal_workflow_completed, temporal_activity_execution_failed, temporal_workflow_task_schedule_to_start_latency…).
 */
export function installRuntime(metricsAddress?: string): boolean {
  if (runtimeInstalled) return false;
  runtimeInstalled = true;
  Runtime.install({
    logger: new DefaultLogger('WARN'),
    telemetryOptions: {
      logging: { filter: { core: 'WARN', other: 'ERROR' } },
      ...(metricsAddress ? { metrics: { prometheus: { bindAddress: metricsAddress } } } : {}),
    },
  });
  return true;
}

export function bundleWorkflows(path = workflowsPath): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: path, logger: new DefaultLogger('WARN') });
}

type Activities = Record<string, (...args: any[]) => Promise<unknown>>;

/** Each activity runs under its workflow's audit context: its changes record the operation and who started it. */
function audited(core: Core, activities: Activities): Activities {
  const contextOf = workflowAuditContexts(core.db.knex);
  return Object.fromEntries(Object.entries(activities).map(([name, run]) => [name, async (...args: unknown[]) => {
    const workflowId = Context.current().info.workflowExecution?.workflowId;
    if (!workflowId) return run(...args);
    return runWithAuditContext(await contextOf(workflowId), () => run(...args));
  }]));
}

/**
 * A worker that runs every module's activities and the product's workflows on the core's task queue (contracts.ts checks the
 * activities against what the workflows proxy).
 */
export async function createWorker(options: WorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  installRuntime();
  const connection = await NativeConnection.connect({ address: options.address });
  const activities = audited(options.core, { ...options.core.activities(), ...(options.extraActivities ?? {}) });
  const worker = await Worker.create({
    connection,
    namespace: options.core.config.temporalNamespace,
    taskQueue: options.taskQueue ?? options.core.config.taskQueue,
    activities,
    workerDeploymentOptions: deploymentOptions(options.core.config.version),
    ...(options.shutdownGraceMs === undefined ? {} : { shutdownGraceTime: options.shutdownGraceMs }),
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath: options.workflowsPath ?? workflowsPath }),
  });
  return { worker, connection };
}
