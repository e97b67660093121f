// Undo of a finished run (its compensation): created lessons removed, edited and moved ones restored from their
// snapshots, cancelled ones re-activated, deleted ones put back. Refused per item when attendance has started,
// the lesson was locked or removed since, or the restore now collides. The undo is itself a tracked run.
import { ValidationError, type Actor, type Knex, type Operation, type Translate } from '@alterna/core';
import { planningWorkflows, type BulkCounts } from '../workflow-contract.js';
import { perm } from '../permissions.js';
import type { LessonSlot, RunItemStatus } from '../types.js';
import { applyWithoutConflicts, type Change } from './bulk-apply.js';
import { insertLessons, loadSnapshots, restoreLessons, type LessonSnapshot } from './bulk-lessons.js';
import { batching, startRun, undoRunId } from './bulk-runs.js';
import { countsInRange, insertRun, itemsTable, loadRun, markItems, pendingItems, runsTable, type ItemOutcome, type RunRow } from './bulk-store.js';
import type { PlanningDeps } from './deps.js';

/** What an undo item keeps of the item it reverses. */
export interface UndoneItem {
  status: RunItemStatus;
  seq: number;
  snapshot: LessonSnapshot | null;
}

/** Item statuses a run's undo reverses. */
const undoneStatuses: RunItemStatus[] = ['created', 'updated', 'moved', 'cancelled', 'deleted'];

export function bulkUndoService(deps: PlanningDeps) {
  const { knex, core } = deps;
  // Putting a lesson back where it was only needs what holds resources; calendars were checked when it was made.
  const check = (db: Knex.Transaction, slots: LessonSlot[]) => deps.services().conflicts.check(db, slots, { calendar: false });

  /** The run of an operation the actor may see, and what they may do with it. */
  async function runOf(actor: Actor, operationId: string, t: Translate): Promise<{ operation: Operation; run: RunRow }> {
    const operation = await core.operations.get(actor, operationId);
    const run = await knex(runsTable).where({ run_id: operation.workflowId }).first<RunRow | undefined>();
    if (!run) throw new ValidationError([{ path: '', message: t('planning.bulk.undo.notPlanning') }]);
    return { operation, run };
  }

  async function start(actor: Actor, operationId: string, t: Translate): Promise<Operation> {
    const { operation, run } = await runOf(actor, operationId, t);
    deps.permissions.assert(actor, perm.lessonUpdate, run.campus_id);
    const refuse = (key: string) => new ValidationError([{ path: '', message: t(`planning.bulk.undo.${key}`) }]);
    if (run.kind === 'undo') throw refuse('isUndo');
    if (operation.status === 'running') throw refuse('running');
    if (run.undone_by) throw refuse('already');
    const undoId = undoRunId(run.run_id);
    await knex.transaction(async (trx) => {
      await insertRun(trx, { run_id: undoId, kind: 'undo', campus_id: run.campus_id, started_by: actor.id, request: { runId: run.run_id } });
      // Taken once: two clicks, two tabs, one undo.
      const taken = await trx(runsTable).where({ run_id: run.run_id }).whereNull('undone_by').update({ undone_by: undoId });
      if (!taken) throw refuse('already');
    });
    try {
      return await startRun(deps, {
        runId: undoId, kind: 'undo', workflowType: planningWorkflows.undoBulkRun, subject: t('planning.bulk.undo.subject', { subject: operation.subject }),
        campusId: run.campus_id, actor, request: { runId: run.run_id }, args: { runId: run.run_id, undoRunId: undoId, ...batching },
      });
    } catch (error) {
      await knex(runsTable).where({ run_id: run.run_id, undone_by: undoId }).update({ undone_by: null });
      throw error;
    }
  }

  /** One undo item per item the run changed, the last done first (a move is taken back in reverse order). */
  async function prepare(undoId: string, runId: string): Promise<{ total: number }> {
    await loadRun(knex, undoId);
    await knex.raw(
      `INSERT INTO ${itemsTable} (run_id, seq, status, lesson_id, start_at, end_at, before)
       SELECT ?, (row_number() OVER (ORDER BY seq DESC) - 1)::int, 'pending', lesson_id,
              COALESCE((before->>'startAt')::timestamptz, start_at), COALESCE((before->>'endAt')::timestamptz, end_at),
              jsonb_build_object('status', status, 'seq', seq, 'snapshot', before)
       FROM ${itemsTable} WHERE run_id = ? AND status = ANY(?)
       ON CONFLICT (run_id, seq) DO NOTHING`,
      [undoId, runId, undoneStatuses],
    );
    const [counted] = await knex(itemsTable).where({ run_id: undoId }).count({ n: '*' });
    return { total: Number(counted?.n ?? 0) };
  }

  async function batch(undoId: string, fromSeq: number, toSeq: number): Promise<BulkCounts> {
    await knex.transaction(async (trx) => {
      const items = await pendingItems<UndoneItem>(trx, undoId, fromSeq, toSeq);
      if (!items.length) return;
      const current = await loadSnapshots(trx, items.map((i) => i.lesson_id!), { forUpdate: true });
      const started = await deps.attendance.started(trx, [...current.keys()]);
      const outcomes: ItemOutcome[] = [];
      const removed: number[] = [];
      const changes: Change[] = [];
      const inserts = new Set<number>();
      const bySeq = new Map(items.map((i) => [i.seq, i]));
      const refuse = (seq: number, kind: 'missing' | 'locked' | 'attendanceStarted') => {
        const item = bySeq.get(seq)!;
        outcomes.push({ seq, status: 'refused', lessonId: item.lesson_id, startAt: item.start_at, endAt: item.end_at, reason: [{ kind }] });
      };
      for (const item of items) {
        const { status, snapshot } = item.before!;
        const lesson = current.get(item.lesson_id!);
        if (status === 'deleted') {
          if (!snapshot) refuse(item.seq, 'missing');
          else {
            if (!lesson) inserts.add(item.seq);
            changes.push({ key: item.seq, target: snapshot });
          }
        } else if (!lesson) refuse(item.seq, 'missing');
        else if (lesson.status === 'locked' && snapshot?.status !== 'locked') refuse(item.seq, 'locked');
        else if (started.has(lesson.id)) refuse(item.seq, 'attendanceStarted');
        else if (status === 'created') removed.push(item.seq);
        else if (!snapshot) refuse(item.seq, 'missing');
        else changes.push({ key: item.seq, target: snapshot });
      }
      const removedIds = removed.map((seq) => bySeq.get(seq)!.lesson_id!);
      if (removedIds.length) await trx('lessons').whereIn('id', removedIds).delete();
      for (const seq of removed) {
        const item = bySeq.get(seq)!;
        outcomes.push({ seq, status: 'undone', lessonId: item.lesson_id, startAt: item.start_at, endAt: item.end_at, reason: null });
      }
      const refused = await applyWithoutConflicts(trx, changes, {
        async write(db, list) {
          await insertLessons(db, list.filter((c) => inserts.has(c.key)).map((c) => c.target));
          await restoreLessons(db, list.filter((c) => !inserts.has(c.key)).map((c) => c.target));
        },
        check,
      });
      for (const change of changes) {
        const conflicts = refused.get(change.key);
        outcomes.push({
          seq: change.key, status: conflicts ? 'refused' : 'undone', lessonId: change.target.id, startAt: change.target.startAt, endAt: change.target.endAt,
          reason: conflicts ?? null,
        });
      }
      await markItems(trx, undoId, outcomes);
    });
    return countsInRange(knex, undoId, fromSeq, toSeq);
  }

  return { start, prepare, batch, runOf };
}

export type BulkUndoService = ReturnType<typeof bulkUndoService>;
