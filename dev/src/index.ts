// @alterna/dev: what `npm start` and the tests run beside the app when nothing is configured. Production images do
// not install it; the core finds it with loadDevTools() (core/src/dev-tools.ts), whose DevTools this module is.
export { embeddedDatabase } from './db/pglite.js';
export { checkedValues, generateRows, writeRows, untypedTables, type RowFiles } from './db/rows.js';
export { startDevMailbox, type DevMail, type DevMailbox } from './mail/dev-mailbox.js';
export { readMail, type ReadMail } from './mail/read-mail.js';
export {
  ensureTemporalServer, findTemporalCli, freePort, obtainTemporalCli, startTemporalDevServer, temporalCacheDir, TEMPORAL_CLI_VERSION,
  type DevServer, type DevServerOptions, type EnsuredServer, type EnsureServerOptions, type Log,
} from './temporal/dev-server.js';
export { COMPOSE_VERSION, obtainComposeCli, resolvedComposeFile, validateComposeFile, type ComposeCli } from './compose/compose-cli.js';
