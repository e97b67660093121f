// What the core asks of the development tools (`@alterna/dev`), and how it finds them: `npm start` with nothing
// configured uses them; production images do not install them, and then need every service configured.
import type Router from '@koa/router';
import { ConfigError } from './config.js';
import type { EmbeddedDatabase } from './db/index.js';

/** The development inbox: an SMTP server the mailer sends to, whose messages the core serves at /dev/mailbox. */
export interface DevMailboxHook {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Adds its pages (GET /dev/mailbox…) to the core's router. */
  mount(router: Router): void;
  close(): Promise<void>;
}

export interface DevTemporalServer {
  address: string;
  uiUrl?: string | undefined;
  stop(): Promise<void>;
}

export interface DevTemporalOptions {
  /** A running server's address (TEMPORAL_ADDRESS), used as is. */
  address?: string | undefined;
  /** SQLite file the dev server keeps its data in; in memory when absent. */
  dbFile?: string;
  port?: number;
  ui?: boolean;
  log: (message: string) => void;
}

export interface DevTools {
  /** The embedded PGlite database, in a folder or in memory. */
  embeddedDatabase: EmbeddedDatabase;
  /** A Temporal server: the given address, else the Temporal CLI's dev server (the CLI obtained when missing). */
  ensureTemporalServer(options: DevTemporalOptions): Promise<DevTemporalServer>;
  startDevMailbox(): Promise<DevMailboxHook>;
}

// A name in a variable: the core neither type-checks against the package nor declares it (it depends on the core).
const devPackage = '@alterna/dev';

/** The development tools, or null where they are not installed (a production image). `name`: for tests. */
export async function loadDevTools(name = devPackage): Promise<DevTools | null> {
  try {
    return (await import(name)) as DevTools;
  } catch (error) {
    // Only the package itself missing means "not installed"; a failure inside it is a bug to show.
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((error as Error).message).includes(`'${name}'`)) return null;
    throw error;
  }
}

/** The development tools, else a configuration error naming the variables that replace them. */
export async function requireDevTools(variables: string[], name = devPackage): Promise<DevTools> {
  const tools = await loadDevTools(name);
  if (tools) return tools;
  throw new ConfigError(variables.map((variable) => `${variable} must be set: the development tools (${name}) that stand in for it when unset are not installed here`));
}
