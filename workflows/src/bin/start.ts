// `npm start`: everything in one process — Temporal dev server (or TEMPORAL_ADDRESS), database (PGlite by
// default), migrations, demo seed, HTTP API and web client, and the worker. PGlite has one connection, so
// the API and the worker must share this process in embedded mode. The dev server, PGlite and the development
// mailbox come from @alterna/dev, loaded only for what is not configured (a production image does not have it).
import path from 'node:path';
import { bootCore, ConfigError, keepServing, loadConfig, createLogger, loadDevTools, requireDevTools, type DevMailboxHook, type DevTemporalServer, type DevTools } from '@alterna/core';
import { createWorker } from '../worker.js';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
})();
const log = createLogger(config.logLevel);
const say = (message: string) => console.log(`[alterna] ${message}`);

// What stands in for an unset TEMPORAL_ADDRESS or DATABASE_URL; without the package, a message naming them, once.
const unset = [...(config.temporalAddress ? [] : ['TEMPORAL_ADDRESS']), ...(config.databaseUrl ? [] : ['DATABASE_URL'])];
let devTools: DevTools | undefined;
let temporal: DevTemporalServer;
try {
  if (unset.length) devTools = await requireDevTools(unset);
  if (config.temporalAddress) temporal = { address: config.temporalAddress, stop: async () => {} };
  else {
    say('Starting the Temporal dev server (the first run may build its CLI: a few minutes)...');
    temporal = await devTools!.ensureTemporalServer({ dbFile: path.join(config.dataDir, 'temporal.db'), port: 7233, ui: true, log: say });
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `[alterna] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
say(`Temporal at ${temporal.address}${temporal.uiUrl ? ` (UI ${temporal.uiUrl})` : ''}`);

// Without SMTP_URL in development, mail goes to an SMTP sink in this process, readable at /dev/mailbox (when the
// development tools are there; otherwise the mailer logs what it would send).
let devMailbox: DevMailboxHook | undefined;
if (!config.smtpUrl && config.env === 'development') {
  devTools ??= (await loadDevTools()) ?? undefined;
  devMailbox = await devTools?.startDevMailbox();
  if (devMailbox) config.smtpUrl = devMailbox.url;
}

const core = await bootCore({ config, log, temporalAddress: () => temporal.address, devMailbox, embeddedDatabase: devTools?.embeddedDatabase });
const { worker, connection } = await createWorker({ core, address: temporal.address });
const running = worker.run();
await core.listen();
keepServing(log);
say(`Database: ${core.db.kind === 'pglite' ? `embedded PGlite in ${path.relative(process.cwd(), path.join(config.dataDir, 'pglite')) || '.'}` : 'PostgreSQL'}`);
say(`Alterna is running at http://localhost:${config.port}`);
if (devMailbox) say(`Mail sent by the app (no SMTP_URL set): http://localhost:${config.port}/dev/mailbox`);
const identity = (await import('@alterna/identity')) as { demoLoginList?: { typology: string; email: string }[]; demoPassword?: string };
if (config.seedDemo && identity.demoLoginList) {
  say(`Demo logins (password "${identity.demoPassword}"):`);
  for (const login of identity.demoLoginList) say(`  ${login.typology.padEnd(20)} ${login.email}`);
}

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping...`);
  worker.shutdown();
  await running.catch(() => undefined);
  await connection.close();
  await core.close();
  await devMailbox?.close();
  await temporal.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
