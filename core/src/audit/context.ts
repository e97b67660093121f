import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Next } from 'koa';
import type { RequestState } from '../http/state.js';

/** Who and what is behind the changes made now: the audit trail records it beside each changed row. */
export interface AuditContext {
  actorId?: string | null;
  actorName?: string | null;
  /** The HTTP request (its x-request-id). */
  requestId?: string | null;
  /** The operations registry's id of the bulk run (or other tracked workflow) doing the work. */
  operationId?: string | null;
  workflowId?: string | null;
}

// Kept serialised: it is compared with what each connection was last given, statement after statement.
const storage = new AsyncLocalStorage<string>();

/** Runs `fn` with the context every write it makes (through the core's knex) is recorded under. */
export function runWithAuditContext<T>(context: AuditContext, fn: () => T): T {
  const value = JSON.stringify({
    actor: context.actorId ?? null,
    actorName: context.actorName ?? null,
    request: context.requestId ?? null,
    operation: context.operationId ?? null,
    workflow: context.workflowId ?? null,
  });
  return storage.run(value, fn);
}

/** The serialised context of the running code, '' outside any (seeds, migrations, schedules). */
export function currentAuditContext(): string {
  return storage.getStore() ?? '';
}

/** Every request's changes are recorded under its actor and request id (reads set nothing in the database). */
export function auditContextMiddleware() {
  return (ctx: Context, next: Next) => {
    const { actor, requestId } = ctx.state as RequestState;
    return runWithAuditContext({ actorId: actor?.id, actorName: actor ? `${actor.firstName} ${actor.lastName}` : null, requestId }, next);
  };
}
