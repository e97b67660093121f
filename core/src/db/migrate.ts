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
