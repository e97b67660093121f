// The rows of bulk runs: `planning_runs` (one per run: its request, kind, campus) and `planning_run_items`
// (one per occurrence or lesson: status, lesson, period, why, and the snapshot undo needs).
import type { Knex } from '@alterna/core';
import { bulkRunMissing, type BulkCounts } from '../workflow-contract.js';
import type { Conflict, RunItemStatus, RunKind } from '../types.js';

type Db = Knex | Knex.Transaction;
/** Bindings of arrays (pg sends them as PostgreSQL arrays). */
const arrays = (values: unknown[]) => values as Knex.RawBinding[];

export const runsTable = 'planning_runs';
export const itemsTable = 'planning_run_items';

/** Why an item was not done, beyond the conflict kinds: the results route translates them. */
export const runReasonKinds = ['attendanceStarted', 'locked', 'cancelled', 'missing'] as const;
export type RunReasonKind = (typeof runReasonKinds)[number];
export type RunReason = Conflict | { kind: RunReasonKind; startAt?: string | null; label?: string | null; message?: string };

export interface RunRow {
  run_id: string;
  kind: RunKind;
  campus_id: string | null;
  started_by: string | null;
  request: Record<string, unknown>;
  undone_by: string | null;
}

/** A run's row, or a failure the workflow does not retry (its row is gone). */
export async function loadRun<R = Record<string, unknown>>(db: Db, runId: string): Promise<RunRow & { request: R }> {
  const row = await db(runsTable).where({ run_id: runId }).first<RunRow | undefined>();
  if (!row) {
    const error = new Error(`planning run ${runId} does not exist`);
    error.name = bulkRunMissing;
    throw error;
  }
  return row as RunRow & { request: R };
}

/** Records a run once (the same request again leaves the first row as it is). */
export async function insertRun(db: Db, row: Omit<RunRow, 'undone_by'>): Promise<void> {
  await db(runsTable)
    .insert({ ...row, request: JSON.stringify(row.request) })
    .onConflict('run_id')
    .ignore();
}

export interface NewItem {
  seq: number;
  status: RunItemStatus;
  lessonId?: string | null;
  startAt?: string | Date | null;
  endAt?: string | Date | null;
  reason?: RunReason[] | null;
  before?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const instant = (value: string | Date | null | undefined) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : value);

/** Inserts a run's items with one statement per chunk (arrays, not rows of bindings); a retry inserts nothing twice. */
export async function insertItems(db: Db, runId: string, items: NewItem[], chunk = 10_000): Promise<void> {
  for (let i = 0; i < items.length; i += chunk) {
    const part = items.slice(i, i + chunk);
    await db.raw(
      `INSERT INTO ${itemsTable} (run_id, seq, status, lesson_id, start_at, end_at, reason, before)
       SELECT ?, * FROM unnest(?::int[], ?::text[], ?::uuid[], ?::timestamptz[], ?::timestamptz[], ?::jsonb[], ?::jsonb[])
       ON CONFLICT (run_id, seq) DO NOTHING`,
      arrays([runId, part.map((it) => it.seq), part.map((it) => it.status), part.map((it) => it.lessonId ?? null), part.map((it) => instant(it.startAt)),
        part.map((it) => instant(it.endAt)), part.map((it) => json(it.reason)), part.map((it) => json(it.before))]),
    );
  }
}

export interface ItemOutcome {
  seq: number;
  status: RunItemStatus;
  lessonId: string | null;
  startAt: string | Date | null;
  endAt: string | Date | null;
  reason: RunReason[] | null;
}

/** Writes the outcome of a batch's items in one statement (UPDATE … FROM unnest). */
export async function markItems(db: Db, runId: string, outcomes: ItemOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  await db.raw(
    `UPDATE ${itemsTable} AS i SET status = v.status, lesson_id = v.lesson_id, start_at = v.start_at, end_at = v.end_at, reason = v.reason
     FROM unnest(?::int[], ?::text[], ?::uuid[], ?::timestamptz[], ?::timestamptz[], ?::jsonb[]) AS v(seq, status, lesson_id, start_at, end_at, reason)
     WHERE i.run_id = ? AND i.seq = v.seq`,
    arrays([outcomes.map((o) => o.seq), outcomes.map((o) => o.status), outcomes.map((o) => o.lessonId), outcomes.map((o) => instant(o.startAt)),
      outcomes.map((o) => instant(o.endAt)), outcomes.map((o) => json(o.reason)), runId]),
  );
}

/** Counts by status of the items of a seq range (pending ones left out): what a batch answers, retry or not. */
export async function countsInRange(db: Db, runId: string, fromSeq: number, toSeq: number): Promise<BulkCounts> {
  const rows: { status: string; n: string | number }[] = await db(itemsTable)
    .select('status')
    .count({ n: '*' })
    .where({ run_id: runId })
    .whereBetween('seq', [fromSeq, toSeq])
    .whereNot('status', 'pending')
    .groupBy('status');
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Counts by status of a whole run. */
export async function countsOf(db: Db, runId: string): Promise<BulkCounts> {
  const rows: { status: string; n: string | number }[] = await db(itemsTable).select('status').count({ n: '*' }).where({ run_id: runId }).groupBy('status');
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

export interface PendingItem<B = unknown> {
  seq: number;
  lesson_id: string | null;
  start_at: Date | null;
  end_at: Date | null;
  before: B | null;
}

/** The still pending items of a batch, locked: a retried or concurrent attempt waits, then finds them done. */
export async function pendingItems<B = unknown>(trx: Knex.Transaction, runId: string, fromSeq: number, toSeq: number): Promise<PendingItem<B>[]> {
  const rows = await trx(itemsTable)
    .select('seq', 'lesson_id', 'start_at', 'end_at', 'before')
    .where({ run_id: runId, status: 'pending' })
    .whereBetween('seq', [fromSeq, toSeq])
    .orderBy('seq')
    .forUpdate();
  // `before` is jsonb (unknown to the row types): the run's prepare step wrote a B there.
  return rows.map((row) => ({ ...row, before: row.before as B | null }));
}
