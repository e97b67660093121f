import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { Model } from 'objection';
import { AuditedPgClient, auditedClient, type KnexClientClass } from '../audit/client.js';

export type { Knex };

// Dates stay strings at the API edge; timestamps come back as Date objects, DATE columns as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** An embedded database's knex driver (PGlite, from the development tools): its client class and its one connection. */
export interface EmbeddedDriver {
  client: KnexClientClass;
  connection: () => object;
  close(): Promise<void>;
}

/** Opens the embedded database in a folder, or in memory when there is none. */
export type EmbeddedDatabase = (dir: string | undefined) => Promise<EmbeddedDriver>;

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, the embedded database in `embeddedDir` (or in memory if that is absent too). */
  url?: string | undefined;
  embeddedDir?: string | undefined;
  /** Required without `url`. */
  embedded?: EmbeddedDatabase | undefined;
}

export interface Database {
  knex: Knex;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL or the embedded PGlite (its driver from the development tools); both run the same migrations,
 * btree_gist included. Both clients hand the audit context (core/src/audit) to the connection before a write.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const knex = knexFactory({ client: AuditedPgClient, dialect: 'postgres', connection: options.url, pool: { min: 0, max: 10 } } as Knex.Config);
    Model.knex(knex);
    return { knex, kind: 'postgres', close: () => knex.destroy() };
  }
  if (!options.embedded) throw new Error('No database: neither a PostgreSQL URL nor an embedded database was given');
  const driver = await options.embedded(options.embeddedDir);
  const knex = knexFactory({ client: auditedClient(driver.client), dialect: 'postgres', connection: driver.connection } as Knex.Config);
  Model.knex(knex);
  return {
    knex,
    kind: 'pglite',
    async close() {
      await knex.destroy();
      await driver.close();
    },
  };
}

/** Runs statements on a server's maintenance connection (databases cannot be created inside one). */
async function onServer(serverUrl: string, sql: string, bindings: string[]): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(sql, bindings);
  } finally {
    await admin.destroy();
  }
}

/**
 * Creates a fresh PostgreSQL database on a server (tests make one per run, then a copy of it per test file)
 * and returns its URL; `template` copies an existing database, which must have no open connection.
 */
export async function createPostgresDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  if (template) await onServer(serverUrl, 'CREATE DATABASE ?? TEMPLATE ??', [name, template]);
  else await onServer(serverUrl, 'CREATE DATABASE ??', [name]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, 'DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
}

/** Names of the server's databases that start with a prefix (a test run's copies, to drop them at the end). */
export async function postgresDatabasesLike(serverUrl: string, prefix: string): Promise<string[]> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    const { rows } = await admin.raw("SELECT datname FROM pg_database WHERE starts_with(datname, ?)", [prefix]);
    return rows.map((row: { datname: string }) => row.datname);
  } finally {
    await admin.destroy();
  }
}
