// `npm run db:migrate`: every module's migrations, in dependency order.
import { bootCore } from '../boot.js';
import { ConfigError } from '../config.js';

try {
  const core = await bootCore({ migrate: false, seed: false });
  const applied = await core.migrate();
  console.log(applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'Already up to date.');
  await core.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
