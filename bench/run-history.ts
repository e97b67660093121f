import type { Client } from '@temporalio/client';

/**
 * Where a workflow's time went, from its histories (every run of a continue-as-new chain): seconds spent
 * in each activity type (scheduled → completed) and how many there were. A diagnostic for the bulk figure.
 */
export async function activityTimes(client: Client, workflowId: string): Promise<Record<string, { count: number; seconds: number }>> {
  const times: Record<string, { count: number; seconds: number }> = {};
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    const history = await client.workflow.getHandle(workflowId, execution.runId).fetchHistory();
    const scheduled = new Map<string, { type: string; at: number }>();
    for (const event of history.events ?? []) {
      const at = Number(event.eventTime?.seconds ?? 0) * 1000 + Math.floor((event.eventTime?.nanos ?? 0) / 1e6);
      const id = String(event.eventId ?? '');
      if (event.activityTaskScheduledEventAttributes) scheduled.set(id, { type: event.activityTaskScheduledEventAttributes.activityType?.name ?? '?', at });
      const done = event.activityTaskCompletedEventAttributes ?? event.activityTaskFailedEventAttributes;
      if (done) {
        const start = scheduled.get(String(done.scheduledEventId ?? ''));
        if (!start) continue;
        const entry = (times[start.type] ??= { count: 0, seconds: 0 });
        entry.count++;
        entry.seconds += (at - start.at) / 1000;
      }
    }
  }
  return times;
}

export function describeTimes(times: Record<string, { count: number; seconds: number }>): string {
  return Object.entries(times).map(([type, t]) => `${type} ${t.count}× ${t.seconds.toFixed(2)} s`).join(', ');
}
