// What a test asks Temporal about a workflow's activities: the one running now (to kill its worker mid-activity) and
// how many were retried over the run and its continuations (to prove the kill landed inside one).
import type { Client } from '@temporalio/client';

/** temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED (the proto package is not a dependency). */
const activityStarted = 2;

/** The workflow's activity a worker has started and not finished, if any (its lastWorkerIdentity is `<pid>@<host>`). */
export async function startedActivity(client: Client, workflowId: string) {
  const { raw } = await client.workflow.getHandle(workflowId).describe();
  return (raw.pendingActivities ?? []).find((activity) => activity.state === activityStarted) ?? null;
}

/** Every run of the workflow (continued as new included) and the activity tasks among them that were a retry. */
export async function activityRetries(client: Client, workflowId: string): Promise<{ runs: number; retried: number }> {
  let runs = 0;
  let retried = 0;
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    runs += 1;
    const history = await client.workflow.getHandle(workflowId, execution.runId).fetchHistory();
    retried += (history.events ?? []).filter((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1).length;
  }
  return { runs, retried };
}
