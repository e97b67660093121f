// `npm run db:migrate`: every module's migrations, in dependency order.
import { bootCore } from '../boot.js';
import { ConfigError } from '../config.js';
import { withMigrationLock } from '../db/migrate.js';

try {
  const core = await bootCore({ migrate: false, seed: false });
  // Under the lock an API's start takes too: run beside starting APIs, one of them migrates, the others wait.
  const applied = await withMigrationLock(core.db, () => core.migrate());
  console.log(applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'Already up to date.');
  await core.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
