import { ApplicationFailure, heartbeat, sleep } from '@temporalio/activity';
import type { Knex } from '@alterna/core';

/** Test-only table of activity effects; the unique key makes retried activities idempotent. */
export async function ensureEffectsTable(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE IF NOT EXISTS test_effects (
    key text PRIMARY KEY, applied_count integer NOT NULL DEFAULT 1, attempts integer NOT NULL DEFAULT 1, created_at timestamptz NOT NULL DEFAULT now())`);
}

export function testActivities(knex: Knex) {
  return {
    async markItem(runKey: string, key: string): Promise<void> {
      if (key.startsWith('bad')) throw ApplicationFailure.nonRetryable(`rejected ${key}`);
      await knex('test_effects').insert({ key: `${runKey}:${key}` }).onConflict('key').ignore();
    },
    /** Heartbeats while it works, then applies its effect once (a retry after a crash finds it applied). */
    async slowEffect(key: string, ms: number): Promise<number> {
      await knex.raw('INSERT INTO test_effects (key, applied_count, attempts) VALUES (?, 0, 1) ON CONFLICT (key) DO UPDATE SET attempts = test_effects.attempts + 1', [`attempt:${key}`]);
      const started = Date.now();
      while (Date.now() - started < ms) {
        heartbeat();
        await sleep(200);
      }
      await knex('test_effects').insert({ key }).onConflict('key').ignore();
      const row = await knex('test_effects').where({ key }).first();
      return row.applied_count as number;
    },
  };
}

export type TestActivities = ReturnType<typeof testActivities>;
