import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { Model } from 'objection';
import { AuditedPgClient, AuditedPgLiteClient } from '../audit/client.js';

export type { Knex };

// Dates stay strings at the API edge; timestamps come back as Date objects, DATE columns as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, embedded PGlite in `embeddedDir` (or in memory if that is absent too). */
  url?: string | undefined;
  embeddedDir?: string | undefined;
}

export interface Database {
  knex: Knex;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL or the embedded PGlite; both run the same migrations, btree_gist included. Both clients hand
 * the audit context (core/src/audit) to the connection before a write.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const knex = knexFactory({ client: AuditedPgClient, dialect: 'postgres', connection: options.url, pool: { min: 0, max: 10 } } as Knex.Config);
    Model.knex(knex);
    return { knex, kind: 'postgres', close: () => knex.destroy() };
  }
  if (options.embeddedDir) fs.mkdirSync(path.dirname(options.embeddedDir), { recursive: true });
  // One instance, ready before knex sees it: PGlite has one connection, so every query (and every
  // transaction's trx) goes through it, and a second instance on the same folder would corrupt it.
  const pglite = await PGlite.create(options.embeddedDir, { extensions: { btree_gist } });
  const knex = knexFactory({
    client: AuditedPgLiteClient,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
  Model.knex(knex);
  return {
    knex,
    kind: 'pglite',
    async close() {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
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
