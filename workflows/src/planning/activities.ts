// The planning activities as the workflows call them: a batch is one transaction of a few hundred rows, so
// two minutes is plenty; heartbeats tell a dead worker within seconds, and retries back off.
import { proxyActivities } from '@temporalio/workflow';
import { bulkRunMissing, type PlanningActivities } from '@alterna/planning/workflow-contract';

export const planningActivities = proxyActivities<PlanningActivities>({
  startToCloseTimeout: '2m',
  heartbeatTimeout: '10s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 20, nonRetryableErrorTypes: [bulkRunMissing] },
});
