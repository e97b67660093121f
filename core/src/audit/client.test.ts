import { describe, expect, it } from 'vitest';
import { mayWrite } from './client.js';

// Only a statement that may change rows gets the audit context first: reads pay no extra round trip.
describe('statements that need the audit context', () => {
  it('are the writes, whatever their case and leading space', () => {
    for (const sql of ['insert into "lessons" ("id") values ($1)', ' UPDATE lessons SET x = 1', 'delete from "sessions" where "token_hash" = $1',
      'merge into t using s on true when matched then do nothing', 'TRUNCATE audit_probe', 'WITH moved AS (UPDATE lessons SET x = 1 RETURNING id) SELECT * FROM moved']) {
      expect(mayWrite(sql), sql).toBe(true);
    }
  });

  it('are not the reads and the transaction statements', () => {
    for (const sql of ['select * from "lessons" where "id" = $1', 'WITH weeks AS (SELECT 1) SELECT * FROM weeks', 'BEGIN;', 'COMMIT;', 'SAVEPOINT trx2;',
      'ROLLBACK TO SAVEPOINT trx2', 'select set_config($1, $2, false)', 'select "updated_at" from "booklet_forms"']) {
      expect(mayWrite(sql), sql).toBe(false);
    }
  });
});
