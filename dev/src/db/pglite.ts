// The embedded database of `npm start` with no DATABASE_URL: PGlite (PostgreSQL in WebAssembly) in a folder.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import ClientPgLite from 'knex-pglite';
import type { EmbeddedDatabase, EmbeddedDriver } from '@alterna/core';

/**
 * One instance, ready before knex sees it: PGlite has one connection, so every query (and every transaction's trx)
 * goes through it, and a second instance on the same folder would corrupt it. btree_gist for the planning's
 * exclusion constraints, as on PostgreSQL. Values come back as the core gives them on PostgreSQL (core/src/db/index.ts)
 * and as the generated row types say: DATE as 'YYYY-MM-DD' text, NUMERIC as a number (PGlite's own parsers make a Date
 * at UTC midnight and a string).
 */
export const embeddedDatabase: EmbeddedDatabase = async (dir) => {
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create(dir, {
    extensions: { btree_gist },
    parsers: { [types.DATE]: (value: string) => value, [types.NUMERIC]: (value: string) => Number(value) },
  });
  return {
    client: ClientPgLite as unknown as EmbeddedDriver['client'],
    connection: () => ({ pglite }),
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
};
