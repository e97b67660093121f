// Obtains a `temporal` CLI binary and runs its local dev server, for development and tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { realNow } from '@alterna/core/clock';
import {
  cachedToolPath, exitCode, findOnPath, forEachLine, goInstall, isExecutableFile, killOnExit, resolveGo, toolCacheDir, type GoTool, type Log,
} from '../go-tools.js';

// Later tags carry a `replace` directive in go.mod, which `go install pkg@version` refuses.
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const TEMPORAL_CLI_PACKAGE = `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`;

const READY_TIMEOUT_MS = 60_000;
const RETRY_DELAY_MS = 250;
const STOP_GRACE_MS = 5_000;
const STDERR_TAIL_LINES = 30;
// WAL + no fsync: a dev database favours speed over surviving a power cut.
const SQLITE_PRAGMAS = ['--sqlite-pragma', 'journal_mode=WAL', '--sqlite-pragma', 'synchronous=OFF'];

export type { Log };

export interface FindOptions {
  /** Environment read for PATH and ALTERNA_CACHE_DIR; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

export interface ObtainOptions extends FindOptions {
  log: Log;
  /** Go toolchain to build with; defaults to `go` on PATH. */
  goBinary?: string;
}

export interface DevServerOptions extends ObtainOptions {
  /** SQLite file to persist to; in memory when absent. */
  dbFile?: string;
  /** gRPC port; 0 (the default) picks a free one. */
  port?: number;
  /** Extra namespace to create; `default` always exists. */
  namespace?: string;
  /** Serve the web UI on port + 1000 (meant for a fixed port, as a free port + 1000 may be taken). */
  ui?: boolean;
  /** Binary to run; obtained with obtainTemporalCli when absent. */
  binary?: string;
}

export interface DevServer {
  address: string;
  /** Web UI, when started with `ui`. */
  uiUrl?: string | undefined;
  stop(): Promise<void>;
  /** Settles when the server process exits, whoever stopped it; absent for the @temporalio/testing fallback. */
  exited?: Promise<void>;
}

export interface EnsureServerOptions extends DevServerOptions {
  /** Address of a running server (callers pass TEMPORAL_ADDRESS); used as is. */
  address?: string;
}

export interface EnsuredServer extends DevServer {
  /** False when the server belongs to someone else and stop does nothing. */
  managed: boolean;
}

/** Cache root outside the checkout, so the build survives `git clean` and is shared by clones. */
export const temporalCacheDir = toolCacheDir;

const temporalTool: GoTool = { label: 'the Temporal CLI', pkg: TEMPORAL_CLI_PACKAGE, built: 'temporal' };
const cachedBinaryPath = (env: NodeJS.ProcessEnv) => cachedToolPath(temporalTool.built, env);

/** The `temporal` binary on PATH, else in the cache; never builds. */
export async function findTemporalCli(opts: FindOptions = {}): Promise<string | null> {
  const env = opts.env ?? process.env;
  const onPath = await findOnPath('temporal', env);
  if (onPath) return onPath;
  const cached = cachedBinaryPath(env);
  return (await isExecutableFile(cached)) ? cached : null;
}

function howToGetTemporal(env: NodeJS.ProcessEnv): string {
  return [
    'No Temporal server available. Do one of:',
    `  - install Go (https://go.dev/dl/) and rerun: the CLI is then built into ${cachedBinaryPath(env)}`,
    `    (go install ${TEMPORAL_CLI_PACKAGE}; the first build takes minutes);`,
    '  - put a `temporal` binary on PATH (https://docs.temporal.io/cli#install);',
    '  - set TEMPORAL_ADDRESS to the host:port of a running Temporal server (e.g. 127.0.0.1:7233).',
  ].join('\n');
}

/** The `temporal` binary on PATH or in the cache, else built there with `go install`. */
export async function obtainTemporalCli(opts: ObtainOptions): Promise<string> {
  const env = opts.env ?? process.env;
  const found = await findTemporalCli({ env });
  if (found) return found;
  const go = await resolveGo(opts.goBinary, env);
  if (!go) throw new Error(`Temporal CLI not found on PATH nor in the cache, and Go is not installed\n${howToGetTemporal(env)}`);
  return goInstall(go, temporalTool, env, opts.log);
}

function pushTail(tail: string[], line: string): void {
  tail.push(line);
  if (tail.length > STDERR_TAIL_LINES) tail.shift();
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function devServerArgs(port: number, opts: DevServerOptions): string[] {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'warn'];
  args.push(...(opts.ui ? ['--ui-port', String(port + 1000)] : ['--headless']));
  if (opts.dbFile) args.push('--db-filename', opts.dbFile, ...SQLITE_PRAGMAS);
  if (opts.namespace && opts.namespace !== 'default') args.push('--namespace', opts.namespace);
  return args;
}

/** Starts `temporal server start-dev` and resolves once it answers gRPC calls. */
export async function startTemporalDevServer(opts: DevServerOptions): Promise<DevServer> {
  const binary = opts.binary ?? (await obtainTemporalCli(opts));
  const port = opts.port || (await freePort());
  await createDbFolder(opts);
  const address = `127.0.0.1:${port}`;
  const started = realNow();
  const child = spawn(binary, devServerArgs(port, opts), { stdio: ['ignore', 'ignore', 'pipe'] });
  killOnExit(child);
  const stderrTail: string[] = [];
  let stopping = false;
  forEachLine(child.stderr, (line) => {
    pushTail(stderrTail, line);
    // Shutdown logs a burst of harmless connection warnings.
    if (!stopping) opts.log(`temporal: ${line}`);
  });
  const exited = exitCode(child).then(
    (code) => code,
    (err: Error) => err.message,
  );
  const stop = memoize(async () => {
    stopping = true;
    await terminate(child, exited);
  });
  const earlyExit = exited.then((outcome) => {
    if (stopping) return;
    throw new Error(`temporal server start-dev exited early (${outcome}):\n${stderrTail.join('\n')}`);
  });
  const giveUp = new AbortController();
  try {
    await Promise.race([waitUntilReady(address, namespacesOf(opts), giveUp.signal), earlyExit]);
  } catch (err) {
    await stop();
    throw err;
  } finally {
    giveUp.abort();
  }
  opts.log(`Temporal dev server ready at ${address} after ${realNow() - started} ms`);
  return {
    address,
    uiUrl: uiUrlOf(port, opts),
    stop,
    exited: exited.then(() => undefined),
  };
}

function uiUrlOf(port: number, opts: DevServerOptions): string | undefined {
  return opts.ui ? `http://127.0.0.1:${port + 1000}` : undefined;
}

/** Callers choose where the file lives (e.g. .data/temporal.db); the server will not create folders. */
async function createDbFolder(opts: DevServerOptions): Promise<void> {
  if (opts.dbFile) await mkdir(dirname(resolve(opts.dbFile)), { recursive: true });
}

function namespacesOf(opts: DevServerOptions): string[] {
  return [...new Set(['default', opts.namespace ?? 'default'])];
}

function memoize(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

async function terminate(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const forceKill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(forceKill);
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Retries until the frontend answers and the namespaces are registered (SQLite start may take seconds). */
async function waitUntilReady(address: string, namespaces: string[], signal: AbortSignal): Promise<void> {
  const deadline = realNow() + READY_TIMEOUT_MS;
  let lastError: unknown;
  while (realNow() < deadline && !signal.aborted) {
    try {
      await probe(address, namespaces);
      return;
    } catch (err) {
      lastError = err;
      await sleep(RETRY_DELAY_MS);
    }
  }
  throw new Error(`Temporal dev server at ${address} not ready after ${READY_TIMEOUT_MS / 1000} s: ${String(lastError)}`);
}

async function probe(address: string, namespaces: string[]): Promise<void> {
  const connection = await Connection.connect({ address, connectTimeout: '2s' });
  try {
    await connection.workflowService.getSystemInfo({});
    for (const namespace of namespaces) await connection.workflowService.describeNamespace({ namespace });
  } finally {
    await connection.close();
  }
}

/** Last resort: @temporalio/testing downloads its own dev server build (needs internet). */
async function startDownloadedDevServer(opts: DevServerOptions): Promise<DevServer> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const port = opts.port || (await freePort());
  await createDbFolder(opts);
  opts.log('Downloading a Temporal dev server through @temporalio/testing…');
  const testEnv = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port,
      ...(opts.dbFile && { dbFilename: opts.dbFile }),
      ...(opts.namespace && { namespace: opts.namespace }),
      ...(opts.ui && { ui: true, uiPort: port + 1000 }),
      log: { format: 'pretty', level: 'warn' },
      extraArgs: opts.dbFile ? SQLITE_PRAGMAS : [],
    },
  });
  return {
    address: testEnv.address,
    uiUrl: uiUrlOf(port, opts),
    stop: memoize(() => testEnv.teardown()),
  };
}

/**
 * A server to talk to: the given address as is, else a dev server from the obtained CLI,
 * else one downloaded by @temporalio/testing.
 */
export async function ensureTemporalServer(opts: EnsureServerOptions): Promise<EnsuredServer> {
  if (opts.address) return { address: opts.address, stop: async () => {}, managed: false };
  let binary: string;
  try {
    binary = await obtainTemporalCli(opts);
  } catch (obtainError) {
    const why = firstLine(obtainError);
    opts.log(`${why}: trying the @temporalio/testing download as a last resort`);
    return { ...(await startDownloadedOrExplain(opts, why)), managed: true };
  }
  return { ...(await startTemporalDevServer({ ...opts, binary })), managed: true };
}

async function startDownloadedOrExplain(opts: DevServerOptions, obtainFailure: string): Promise<DevServer> {
  try {
    return await startDownloadedDevServer(opts);
  } catch (downloadError) {
    const reasons = `${obtainFailure}\nThe @temporalio/testing download failed too: ${firstLine(downloadError)}`;
    throw new Error(`${reasons}\n${howToGetTemporal(opts.env ?? process.env)}`, { cause: downloadError });
  }
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
