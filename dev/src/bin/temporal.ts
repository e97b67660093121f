// `npm run temporal`: runs the Temporal dev server in the foreground with the project's data file.
// `npm run temporal -- --obtain-only`: makes sure the CLI binary exists and prints its path (CI).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@alterna/core';
import { ensureTemporalServer, obtainTemporalCli } from '../temporal/dev-server.js';

// The port clients expect when TEMPORAL_ADDRESS is unset.
const DEFAULT_PORT = 7233;

// Progress goes to stderr so that stdout carries only the binary path with --obtain-only.
const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

interface ServeOptions {
  port: number;
  dbFile: string;
  namespace: string;
}

function readOptions(): { obtainOnly: boolean; port: number; db: string | undefined } {
  const { values } = parseArgs({
    options: {
      'obtain-only': { type: 'boolean', default: false },
      port: { type: 'string', default: String(DEFAULT_PORT) },
      db: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port <= 0 || port > 64535) {
    throw new Error(`--port must be a port number up to 64535 (the UI listens on port + 1000), got ${values.port}`);
  }
  return { obtainOnly: values['obtain-only'], port, db: values.db };
}

// Until the server is up (a first build takes minutes) a signal just exits: process.exit
// runs the 'exit' hooks that kill child processes, which a default signal death would skip.
let onSignal = (signal: NodeJS.Signals): void => {
  log(`${signal}: exiting`);
  process.exit(1);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => onSignal(signal));

function nextStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    onSignal = (signal) => {
      resolveSignal(signal);
      onSignal = () => process.exit(1); // a second Ctrl+C does not wait for the graceful stop
    };
  });
}

async function serve({ port, dbFile, namespace }: ServeOptions): Promise<number> {
  const server = await ensureTemporalServer({ port, dbFile, namespace, ui: true, log });
  const stopSignal = nextStopSignal();
  console.log(`Temporal dev server: ${server.address} (namespace "${namespace}")`);
  if (server.uiUrl) console.log(`Temporal UI: ${server.uiUrl}`);
  console.log(`Data file: ${dbFile}\nPress Ctrl+C to stop.`);
  const crashed = server.exited?.then(() => 'exited' as const) ?? new Promise<never>(() => {});
  const reason = await Promise.race([stopSignal, crashed]);
  if (reason === 'exited') {
    log('The Temporal dev server exited unexpectedly.');
    return 1;
  }
  log(`${reason}: stopping the Temporal dev server…`);
  await server.stop();
  return 0;
}

async function main(): Promise<number> {
  const { obtainOnly, port, db } = readOptions();
  if (obtainOnly) {
    console.log(await obtainTemporalCli({ log }));
    return 0;
  }
  // Same data folder and namespace as the API and the worker.
  const config = loadConfig();
  return serve({ port, dbFile: db ?? join(config.dataDir, 'temporal.db'), namespace: config.temporalNamespace });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
