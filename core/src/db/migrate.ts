import type { Knex } from 'knex';
import type { Migration } from '../modules/contract.js';

/** One knex migration source for all modules, in module dependency order, each module's in name order. */
export function migrationSource(groups: { module: string; migrations: Migration[] }[]): Knex.MigrationSource<Migration & { id: string }> {
  const all = groups.flatMap((group) =>
    [...group.migrations].sort((a, b) => a.name.localeCompare(b.name)).map((m) => ({ ...m, id: `${group.module}/${m.name}` })),
  );
  return {
    getMigrations: async () => all,
    getMigrationName: (migration) => migration.id,
    getMigration: async (migration) => ({ up: migration.up, down: migration.down }),
  };
}

export async function migrateLatest(knex: Knex, groups: { module: string; migrations: Migration[] }[]): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource: migrationSource(groups) })) as [number, string[]];
  return applied;
}

/**
 * The key of PostgreSQL's advisory lock that whoever migrates or seeds holds: a fixed number of this app's own
 * (the login limit's locks use the two-integer form, another key space).
 */
export const migrationLockKey = 7_246_310_511;

type LockClient = { acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<unknown> };

/**
 * Runs `work` while this process holds the database's migration lock, so that of several processes started together
 * on one database one migrates and seeds while the others wait, then find it done. PostgreSQL: a session lock on a
 * connection of the pool kept aside until `work` ends (the work runs on the others; a process that dies frees it
 * with its connection). PGlite: one process and one connection, so there is no one to wait for and no lock.
 */
export async function withMigrationLock<T>(db: { knex: Knex; kind: 'postgres' | 'pglite' }, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work();
  const client = db.knex.client as unknown as LockClient;
  const connection = await client.acquireConnection();
  try {
    await db.knex.raw('SELECT pg_advisory_lock(?)', [migrationLockKey]).connection(connection);
    try {
      return await work();
    } finally {
      await db.knex.raw('SELECT pg_advisory_unlock(?)', [migrationLockKey]).connection(connection);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}
