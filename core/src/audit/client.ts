import { createRequire } from 'node:module';
import type knexFactory from 'knex';
import { currentAuditContext } from './context.js';

/** The session setting the audit triggers read: who, which request, which operation. */
export const auditContextSetting = 'alterna.audit_context';

const require = createRequire(import.meta.url);
export type KnexClientClass = typeof knexFactory.Client;
const ClientPg = require('knex/lib/dialects/postgres/index.js') as KnexClientClass;

const given = Symbol('audit context given to the connection');
const inTransaction = Symbol('inside a transaction');
const givenInTransaction = Symbol('context given inside the transaction');
const unknown = Symbol('unknown (a rollback may have undone it)');

interface Connection {
  [given]?: string | typeof unknown;
  [inTransaction]?: boolean;
  [givenInTransaction]?: boolean;
}

// Statements that may change rows; reads never need the context, so a read pays no extra round trip.
const writes = /^\s*(insert|update|delete|merge|truncate|copy|call|do)\b/i;
const writingCte = /^\s*with\b[\s\S]*\b(insert|update|delete|merge)\b/i;
const begins = /^\s*(begin|start\s+transaction)\b/i;
const ends = /^\s*(commit|end)\b/i;
const rollsBack = /^\s*rollback\b/i;

/** Whether a statement may change rows, so that the triggers it fires need the context. */
export const mayWrite = (sql: string) => writes.test(sql) || writingCte.test(sql);
const toSavepoint = /^\s*rollback\s+to\b/i;

/**
 * A knex client that hands the running code's audit context to the connection before a statement that may
 * write, when that connection holds another one (a fresh connection holds none): one `set_config` per change
 * of context, none for reads. Set outside a transaction it outlives it; set inside, a rollback may undo it, so
 * it is given again after one. Subclassing (not patching an instance) reaches transactions too: knex builds
 * their clients from the class's prototype.
 */
export function auditedClient(Base: KnexClientClass): KnexClientClass {
  class Audited extends (Base as any) {
    async _query(connection: Connection, obj: { sql?: unknown }): Promise<unknown> {
      const sql = typeof obj?.sql === 'string' ? obj.sql : '';
      if (mayWrite(sql)) await this.giveAuditContext(connection);
      else if (begins.test(sql)) {
        connection[inTransaction] = true;
        connection[givenInTransaction] = false;
      } else if (ends.test(sql)) connection[inTransaction] = false;
      else if (rollsBack.test(sql)) {
        if (connection[givenInTransaction]) connection[given] = unknown;
        if (!toSavepoint.test(sql)) connection[inTransaction] = false;
      }
      return super._query(connection, obj);
    }

    async giveAuditContext(connection: Connection): Promise<void> {
      const wanted = currentAuditContext();
      if ((connection[given] ?? '') === wanted) return;
      try {
        await super._query(connection, { sql: 'select set_config($1, $2, false)', bindings: [auditContextSetting, wanted], options: {} });
      } catch (error) {
        connection[given] = unknown;
        throw error;
      }
      connection[given] = wanted;
      if (connection[inTransaction]) connection[givenInTransaction] = true;
    }
  }
  return Audited as unknown as KnexClientClass;
}

export const AuditedPgClient = auditedClient(ClientPg);
