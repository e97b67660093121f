import crypto from 'node:crypto';
import type { Knex } from '@alterna/core';
import type { BenchApp } from './app.js';
import { BULK_LESSONS, bulkRequest } from './measure-bulk.js';
import { reason } from './measure-conflicts.js';
import { timed, type Figure } from './stats.js';

const ROUNDS = 2;
const captureTriggers = ['audit_capture_insert', 'audit_capture_update', 'audit_capture_delete', 'audit_capture_truncate'];

/**
 * The audit trail on or off for the baseline: the capture triggers disabled on every table of this bench
 * database only (the product has no such switch: no service can turn the trail off).
 */
async function setTrail(knex: Knex, on: boolean): Promise<void> {
  const tables: string[] = (await knex.raw(`SELECT DISTINCT tgrelid::regclass::text AS name FROM pg_trigger WHERE tgname = 'audit_capture_insert'`)).rows.map((r: { name: string }) => r.name);
  const action = on ? 'ENABLE' : 'DISABLE';
  for (const table of tables) await knex.raw(`ALTER TABLE ${table} ${captureTriggers.map((t) => `${action} TRIGGER ${t}`).join(', ')}`);
}

/** One mass creation through HTTP and its workflow; the lessons it made, counted, then removed (not timed). */
async function createAndRemove(app: BenchApp, days?: string[], lines?: number): Promise<{ ms: number; lessons: number; audited: number }> {
  const knex = app.core.db.knex;
  const { value: workflowId, ms } = await timed(async () => {
    const started = await app.manager.request('POST', '/api/planning/planning/create/many', bulkRequest(app, crypto.randomUUID(), days, lines));
    if (started.status !== 202 || !started.json?.operation?.workflowId) throw new Error(`create/many answered ${started.status}: ${started.text.slice(0, 200)}`);
    const id = started.json.operation.workflowId as string;
    await (await app.core.deps.temporal()).workflow.getHandle(id).result();
    return id;
  });
  const lessons: string[] = await knex('lessons').where('creation_key', 'like', `${workflowId}:%`).pluck('id');
  const audited = Number((await knex('audit_log').where({ workflow_id: workflowId }).count({ n: '*' }).first())?.n ?? 0);
  for (let i = 0; i < lessons.length; i += 5000) await knex('lessons').whereIn('id', lessons.slice(i, i + 5000)).delete();
  return { ms, lessons: lessons.length, audited };
}

/**
 * The trail's insert cost: a 10,000-lesson mass creation (the bulk figure's request, through the route and the
 * workflow) with the audit triggers on, against the same creation with them off, taken in turn in the same run.
 */
export async function measureAudit(app: BenchApp): Promise<Figure[]> {
  const name = `bulk create of ${BULK_LESSONS} lessons with the audit trail vs without (${app.centre.lessons} existing)`;
  const knex = app.core.db.knex;
  try {
    await createAndRemove(app, app.centre.days.slice(-5), 2);
    const on: number[] = [];
    const off: number[] = [];
    const notes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternated, so that neither side always runs on a warmer (or more bloated) table.
      for (const trail of round % 2 === 0 ? [true, false] : [false, true]) {
        await setTrail(knex, trail);
        const run = await createAndRemove(app);
        (trail ? on : off).push(run.ms);
        notes.push(`${trail ? 'on' : 'off'} ${(run.ms / 1000).toFixed(1)} s, ${run.lessons} lessons, ${run.audited} audit rows`);
      }
    }
    await setTrail(knex, true);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length / 1000;
    return [{ name, value: mean(on), baseline: mean(off), unit: 's', target: 1.3, note: `means of ${ROUNDS} runs each; ${notes.join('; ')}` }];
  } catch (error) {
    await setTrail(knex, true).catch(() => {});
    return [{ name, value: null, baseline: null, unit: 's', target: 1.3, missing: reason(error) }];
  }
}
