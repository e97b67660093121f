import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client, type WorkflowExecutionDescription } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Actor } from '../auth/types.js';
import type { PermissionMatrix } from '../auth/permissions.js';
import { AccessDeniedError, NotFoundError, ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Translate } from '../i18n/index.js';
import { progressQueryName, type Operation, type OperationProgress, type OperationStatus, type WorkflowArgs } from './types.js';
import { now, realNow } from '../clock.js';
import type { Metrics } from '../metrics/index.js';

export const operationPermissions = {
  read: 'core.operations.read',
  cancel: 'core.operations.cancel',
} as const;

interface OperationRow {
  id: string;
  workflow_id: string;
  workflow_type: string;
  kind: string;
  subject: string;
  campus_id: string | null;
  started_by: string | null;
  started_by_person: Operation['startedBy'];
  started_at: Date;
  closed_at: Date | null;
  status: OperationStatus;
  done: number;
  total: number;
  items: Operation['items'];
  error: string | null;
  result: unknown;
  undoes: string | null;
  /** The run that reversed this one (its id), read with the list. */
  undone_by?: string | null;
}

/** What the operations page asks for: some kinds, some states (none: all). */
export interface OperationFilter {
  kinds?: string[];
  statuses?: OperationStatus[];
  limit?: number;
}

export const operationStatuses: OperationStatus[] = ['running', 'completed', 'failed', 'cancelled', 'terminated', 'timed_out'];

export interface StartOperation<Type extends string = string> {
  /** Kind of run, e.g. 'planning.bulkCreateLessons' (the workflow's name, or a variant of it): also the i18n key of its label on the web. */
  kind: string;
  /** The workflow's Temporal name, as its module's contract declares it (`booklets.validation`). */
  workflowType: Type;
  /** A business id, so a retried request never starts the run twice. */
  workflowId: string;
  /** What the named workflow takes (typed by the `Workflows` registry). */
  args: WorkflowArgs<Type>;
  subject: string;
  campusId?: string | null;
  actor: Actor | null;
  taskQueue?: string;
  /** The workflow id of the run this one reverses (an undo): the list then says that run was undone. */
  undoes?: string | null;
}

const queryDeadlineMs = 1500;

const statusFromTemporal: Record<string, OperationStatus> = {
  RUNNING: 'running', COMPLETED: 'completed', FAILED: 'failed', CANCELLED: 'cancelled',
  TERMINATED: 'terminated', TIMED_OUT: 'timed_out', CONTINUED_AS_NEW: 'running',
};

/**
 * The registry of bulk runs: every workflow started through the core is recorded here, and its live
 * status and progress are read from Temporal until it closes, then kept in the row.
 */
export class OperationsService {
  constructor(
    private readonly knex: Knex,
    private readonly temporal: () => Promise<Client>,
    private readonly permissions: PermissionMatrix,
    private readonly defaultTaskQueue: string,
    private readonly log: Logger,
    private readonly metrics?: Pick<Metrics, 'workflowStart'>,
  ) {}

  async start<Type extends string>(input: StartOperation<Type>): Promise<Operation> {
    const person = input.actor ? { id: input.actor.id, firstName: input.actor.firstName, lastName: input.actor.lastName } : null;
    const inserted = await this.knex('operations')
      .insert({
        workflow_id: input.workflowId,
        workflow_type: input.workflowType,
        kind: input.kind,
        subject: input.subject,
        campus_id: input.campusId ?? null,
        started_by: input.actor?.id ?? null,
        started_by_person: person ? JSON.stringify(person) : null,
        undoes: input.undoes ?? null,
      })
      .onConflict('workflow_id')
      .ignore()
      .returning('id');
    try {
      const client = await this.temporal();
      await client.workflow.start(input.workflowType, {
        taskQueue: input.taskQueue ?? this.defaultTaskQueue,
        workflowId: input.workflowId,
        args: input.args,
      });
      this.metrics?.workflowStart(input.workflowType, 'started');
    } catch (error) {
      // The same business id again: the run already exists, answer it instead of starting a second one.
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) {
        this.metrics?.workflowStart(input.workflowType, 'failed');
        // Never started: no record of a run that does not exist (a row from an earlier start stays).
        if (inserted.length) await this.knex('operations').where({ workflow_id: input.workflowId }).delete();
        throw error;
      }
      this.metrics?.workflowStart(input.workflowType, 'existing');
    }
    const row = await this.knex<OperationRow>('operations').where({ workflow_id: input.workflowId }).first();
    if (!row) throw new Error(`operation ${input.workflowId} vanished`);
    return this.present(row, input.actor);
  }

  /**
   * Operations the actor may see, newest first, with live progress for the running ones and, for a run an undo
   * reversed, that undo's id: one answer for the whole page (set queries; Temporal asked only for live runs).
   */
  async list(actor: Actor, filter: OperationFilter = {}): Promise<Operation[]> {
    const readable = this.permissions.campusesFor(actor, operationPermissions.read);
    const query = this.withUndo()
      .where((q) => {
        q.where('o.started_by', actor.id);
        if (readable.length) q.orWhereIn('o.campus_id', readable).orWhereNull('o.campus_id');
      })
      .orderBy('o.started_at', 'desc')
      .limit(filter.limit ?? 100);
    if (filter.kinds?.length) query.whereIn('o.kind', filter.kinds);
    if (filter.statuses?.length) query.whereIn('o.status', filter.statuses);
    const rows: OperationRow[] = await query;
    const fresh = await Promise.all(rows.map((row) => this.refresh(row)));
    return fresh.map((row) => this.present(row, actor));
  }

  async get(actor: Actor, id: string): Promise<Operation> {
    const row = await this.visibleRow(actor, id);
    return this.present(await this.refresh(row), actor);
  }

  /** Lets the workflow run its own cancellation (compensations, partial results) rather than killing it. */
  async cancel(actor: Actor, id: string, t: Translate): Promise<Operation> {
    const row = await this.refresh(await this.visibleRow(actor, id));
    if (!this.mayCancel(row, actor)) throw new AccessDeniedError();
    if (row.status !== 'running') throw new ValidationError([{ path: '', message: t('operations.notCancellable') }]);
    const client = await this.temporal();
    await client.workflow.getHandle(row.workflow_id).cancel();
    return this.present(await this.refresh(row), actor);
  }

  /** For workflows and tests: the current record by workflow id, refreshed. */
  async byWorkflowId(workflowId: string): Promise<Operation | null> {
    const row = await this.knex<OperationRow>('operations').where({ workflow_id: workflowId }).first();
    return row ? this.present(await this.refresh(row), null) : null;
  }

  /** Operation rows, each with the id of the run that reversed it (undone_by). */
  private withUndo() {
    return this.knex<OperationRow>('operations as o')
      .select('o.*', this.knex.raw('(SELECT u.id FROM operations u WHERE u.undoes = o.workflow_id ORDER BY u.started_at DESC LIMIT 1) AS undone_by'));
  }

  private async visibleRow(actor: Actor, id: string): Promise<OperationRow> {
    const row: OperationRow | undefined = await this.withUndo().where('o.id', id).first();
    if (!row || !this.canSee(row, actor)) throw new NotFoundError('Not found.');
    return row;
  }

  private canSee(row: OperationRow, actor: Actor): boolean {
    if (row.started_by === actor.id) return true;
    return this.permissions.isGranted(actor, operationPermissions.read, row.campus_id);
  }

  /** The starter, or who holds the cancel permission on the run's campus. */
  private mayCancel(row: OperationRow, actor: Actor | null): boolean {
    if (!actor) return false;
    return row.started_by === actor.id || this.permissions.isGranted(actor, operationPermissions.cancel, row.campus_id);
  }

  private canCancel(row: OperationRow, actor: Actor | null): boolean {
    return row.status === 'running' && this.mayCancel(row, actor);
  }

  /** Reads status and progress from Temporal while running; stores the final state once it closes. */
  private async refresh(row: OperationRow): Promise<OperationRow> {
    if (row.status !== 'running') return row;
    let description: WorkflowExecutionDescription;
    let client: Client;
    try {
      client = await this.temporal();
      description = await client.workflow.getHandle(row.workflow_id).describe();
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) this.log.warn({ err: error, workflowId: row.workflow_id }, 'operation status unavailable');
      return row;
    }
    const handle = client.workflow.getHandle(row.workflow_id);
    const status = statusFromTemporal[description.status.name] ?? 'running';
    // A query needs a worker; while none polls (a crash, a deploy) keep the last progress instead of waiting.
    const progress = await client
      .withDeadline(realNow() + queryDeadlineMs, () => handle.query<OperationProgress>(progressQueryName))
      .catch(() => null);
    const next: Partial<OperationRow> = { status };
    if (progress) Object.assign(next, { done: progress.done, total: progress.total, items: progress.items });
    if (status !== 'running') {
      next.closed_at = description.closeTime ?? now();
      if (status === 'completed') next.result = await handle.result().catch(() => null);
      if (status === 'failed') next.error = await handle.result().then(() => null, (error: unknown) => failureMessage(error));
    }
    const update = {
      ...next,
      ...(next.items ? { items: JSON.stringify(next.items) } : {}),
      ...('result' in next ? { result: JSON.stringify(next.result ?? null) } : {}),
    };
    await this.knex('operations').where({ id: row.id }).update(update);
    return { ...row, ...next };
  }

  private present(row: OperationRow, actor: Actor | null): Operation {
    return {
      id: row.id,
      workflowId: row.workflow_id,
      kind: row.kind,
      subject: row.subject,
      campusId: row.campus_id,
      startedBy: row.started_by_person ?? null,
      startedAt: new Date(row.started_at).toISOString(),
      closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
      status: row.status,
      progress: { done: row.done, total: row.total },
      items: row.items ?? [],
      error: row.error,
      result: row.result ?? null,
      undoneBy: row.undone_by ?? null,
      canCancel: this.canCancel(row, actor),
    };
  }
}

/** The innermost cause says what went wrong; the outer ones only say "workflow failed". */
function failureMessage(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
