import path from 'node:path';
import { createCore, type Core, type CoreOptions } from './app.js';
import { assertDeployable, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { discoverModules } from './modules/discover.js';
import { withMigrationLock } from './db/migrate.js';
import type { ModuleDefinition } from './modules/contract.js';

export interface BootOptions {
  config?: Config;
  log?: Logger;
  modules?: ModuleDefinition<any>[];
  temporalAddress?: () => string | undefined;
  /** Migrate at start (the default), then seed the demo centre into an empty database when SEED_DEMO allows. */
  migrate?: boolean;
  seed?: boolean;
  /** Without DATABASE_URL: the embedded database (the development tools' PGlite when not given). */
  embeddedDatabase?: CoreOptions['embeddedDatabase'];
  /** Development only: the in-process SMTP sink (config.smtpUrl points at it) whose inbox the core serves at /dev/mailbox. */
  devMailbox?: CoreOptions['devMailbox'];
  /** Check the Temporal schedules after returning (the API: it listens without waiting for Temporal's deadline). */
  schedulesInBackground?: boolean;
}

/** Config, installed modules, database, migrations and seed: what every entry point does first. */
export async function bootCore(options: BootOptions = {}): Promise<Core> {
  const config = options.config ?? loadConfig();
  assertDeployable(config);
  const log = options.log ?? createLogger(config.logLevel);
  const modules = options.modules ?? (await discoverModules());
  const core = await createCore({
    config, log, modules,
    temporalAddress: options.temporalAddress,
    devMailbox: options.devMailbox,
    embeddedDatabase: options.embeddedDatabase,
    embeddedDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  // Several processes started together on one database (two APIs, an API and `npm run db:migrate`): one migrates
  // and seeds, the others wait for it, then find the migrations applied and the actors there.
  const seed = options.seed ?? config.seedDemo;
  if (options.migrate !== false || seed) {
    await withMigrationLock(core.db, async () => {
      if (options.migrate !== false) {
        const applied = await core.migrate();
        if (applied.length) log.info({ applied }, 'migrations applied');
      }
      if (seed && (await core.seedIfEmpty())) log.info('demo centre seeded');
    });
  }
  await core.bootstrap({ schedulesInBackground: options.schedulesInBackground });
  return core;
}

/** Closes on SIGINT/SIGTERM, once, whatever is still running. */
export function onShutdown(log: Logger, close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => handler('SIGINT'));
  process.once('SIGTERM', () => handler('SIGTERM'));
}

/**
 * A server answers for everyone: an error thrown outside any request's promise chain (a library's callback)
 * is logged and the process goes on, instead of Node's default of exiting and taking every user down.
 */
export function keepServing(log: Logger): void {
  process.on('uncaughtException', (error) => log.error({ err: error }, 'uncaught error; the server goes on'));
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection; the server goes on'));
}
