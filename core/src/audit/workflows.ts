import type { Knex } from 'knex';
import type { AuditContext } from './context.js';

const remembered = 1000;

/**
 * The audit context of a workflow's activities: the operations registry's run (its id, and who started it)
 * when the workflow was started through it, else the workflow id alone (schedules). Looked up once per workflow.
 */
export function workflowAuditContexts(knex: Knex): (workflowId: string) => Promise<AuditContext> {
  const known = new Map<string, Promise<AuditContext>>();
  return (workflowId) => {
    let context = known.get(workflowId);
    if (!context) {
      context = knex('operations').where({ workflow_id: workflowId }).first('id', 'started_by', 'started_by_person').then(
        (row: { id: string; started_by: string | null; started_by_person: { firstName: string; lastName: string } | null } | undefined) => ({
          workflowId,
          operationId: row?.id ?? null,
          actorId: row?.started_by ?? null,
          actorName: row?.started_by_person ? `${row.started_by_person.firstName} ${row.started_by_person.lastName}` : null,
        }),
      );
      // A failed look-up is asked again next time.
      context.catch(() => known.delete(workflowId));
      known.set(workflowId, context);
      if (known.size > remembered) known.delete(known.keys().next().value!);
    }
    return context;
  };
}
