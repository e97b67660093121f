// `npm start`: everything in one process — Temporal dev server (or TEMPORAL_ADDRESS), database (PGlite by
// default), migrations, demo seed, HTTP API and web client, and the worker. PGlite has one connection, so
// the API and the worker must share this process in embedded mode.
import path from 'node:path';
import { bootCore, ConfigError, keepServing, loadConfig, createLogger } from '@alterna/core';
import { startDevMailbox, type DevMailbox } from '@alterna/core/mail/dev-mailbox';
import { ensureTemporalServer } from '@alterna/core/temporal/dev-server';
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

let temporal: Awaited<ReturnType<typeof ensureTemporalServer>>;
try {
  if (!config.temporalAddress) say('Starting the Temporal dev server (the first run may build its CLI: a few minutes)...');
  temporal = await ensureTemporalServer({ address: config.temporalAddress, dbFile: path.join(config.dataDir, 'temporal.db'), port: 7233, ui: true, log: say });
} catch (error) {
  console.error(`[alterna] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
say(`Temporal at ${temporal.address}${temporal.uiUrl ? ` (UI ${temporal.uiUrl})` : ''}`);

// Without SMTP_URL in development, mail goes to an SMTP sink in this process, readable at /dev/mailbox.
let devMailbox: DevMailbox | undefined;
if (!config.smtpUrl && config.env === 'development') {
  devMailbox = await startDevMailbox();
  config.smtpUrl = devMailbox.url;
}

const core = await bootCore({ config, log, temporalAddress: () => temporal.address, devMailbox });
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
