// The HTTP API alone (production: the worker runs as its own process, see workflows/src/bin/worker.ts).
import { bootCore, keepServing, onShutdown } from '../boot.js';
import { ConfigError } from '../config.js';

try {
  // Listening does not wait for Temporal: reads, attendance and the calendar serve without it (issue #28).
  const core = await bootCore({ schedulesInBackground: true });
  await core.listen();
  core.log.info({ port: core.config.port }, `Alterna API listening on http://localhost:${core.config.port}`);
  onShutdown(core.log, () => core.close());
  keepServing(core.log);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
