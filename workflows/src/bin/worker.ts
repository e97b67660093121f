// The Temporal worker alone: with DATABASE_URL and TEMPORAL_ADDRESS it runs beside `npm run api`.
import { bootCore, onShutdown, ConfigError } from '@alterna/core';
import { createWorker } from '../worker.js';

try {
  const core = await bootCore({ seed: false, migrate: false });
  const address = core.config.temporalAddress ?? '127.0.0.1:7233';
  const { worker, connection } = await createWorker({ core, address });
  core.log.info({ address, taskQueue: core.config.taskQueue }, 'worker polling');
  onShutdown(core.log, async () => {
    worker.shutdown();
  });
  await worker.run();
  await connection.close();
  await core.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
