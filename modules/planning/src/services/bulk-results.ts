// The results of a run (`GET /planning/runs/:operationId/items`): its items page by page, filtered by status,
// each reason in the asker's language, and the counts of the whole run.
import { NotFoundError, ValidationError, type Actor, type Translate, type Violation } from '@alterna/core';
import { perm } from '../permissions.js';
import type { RunItemStatus } from '../types.js';
import { describeReasons } from './bulk-describe.js';
import { countsOf, itemsTable, runsTable, type RunReason, type RunRow } from './bulk-store.js';
import type { PlanningDeps } from './deps.js';

export const runItemStatuses: readonly RunItemStatus[] = ['pending', 'created', 'skipped', 'conflict', 'updated', 'moved', 'cancelled', 'deleted', 'refused', 'undone'];
const maxLimit = 500;

export interface RunItemsQuery {
  status?: unknown;
  offset?: unknown;
  limit?: unknown;
}

const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);

export function bulkResultsService(deps: PlanningDeps) {
  const { knex, core } = deps;

  function parse(query: RunItemsQuery, t: Translate) {
    const violations: Violation[] = [];
    const status = one(query.status) || undefined;
    if (status !== undefined && !(runItemStatuses as readonly unknown[]).includes(status)) {
      violations.push({ path: 'status', message: t('validation.oneOf', { values: runItemStatuses.join(', ') }) });
    }
    const number = (name: 'offset' | 'limit', fallback: number, min: number, max: number) => {
      const raw = one(query[name]);
      if (raw === undefined || raw === '') return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max) {
        violations.push({ path: name, message: t(value < min ? 'validation.minNumber' : 'validation.maxNumber', { min, max }) });
      }
      return value;
    };
    const offset = number('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = number('limit', 100, 1, maxLimit);
    if (violations.length) throw new ValidationError(violations);
    return { status: status as RunItemStatus | undefined, offset, limit };
  }

  async function items(actor: Actor, operationId: string, query: RunItemsQuery, t: Translate) {
    const filter = parse(query, t);
    const operation = await core.operations.get(actor, operationId);
    const run = await knex(runsTable).where({ run_id: operation.workflowId }).first<RunRow | undefined>();
    if (!run) throw new NotFoundError('Not found.');
    deps.permissions.assert(actor, perm.lessonRead, run.campus_id);
    const base = () => {
      const q = knex(itemsTable).where({ run_id: run.run_id });
      if (filter.status) q.where({ status: filter.status });
      return q;
    };
    const [counted] = await base().count({ n: '*' });
    const n = counted?.n ?? 0;
    // `reason` is jsonb (unknown to the row types): the items' writer (markItems) stores RunReason lists there.
    const rows = (await base().select('seq', 'status', 'lesson_id', 'start_at', 'end_at', 'reason').orderBy('seq').offset(filter.offset).limit(filter.limit))
      .map((row) => ({ ...row, reason: row.reason as RunReason[] | null }));
    const reasons = await describeReasons(deps, knex, rows.map((r) => r.reason ?? []), t);
    return {
      runId: run.run_id,
      kind: run.kind,
      undoneBy: run.undone_by,
      total: Number(n),
      counts: await countsOf(knex, run.run_id),
      items: rows.map((row, i) => ({
        seq: row.seq,
        status: row.status,
        lessonId: row.lesson_id,
        startAt: row.start_at ? new Date(row.start_at).toISOString() : null,
        endAt: row.end_at ? new Date(row.end_at).toISOString() : null,
        reasons: reasons[i]!,
      })),
    };
  }

  return { items };
}
