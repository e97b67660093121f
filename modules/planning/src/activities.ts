import { withHeartbeat } from './services/heartbeat.js';
import type { PlanningServices } from './services/index.js';
import type { PlanningActivities } from './workflow-contract.js';

/** What the planning workflows call (typed by their contract); each activity is safe to retry and heartbeats while it works. */
export function activities(services: PlanningServices) {
  const { runs } = services.bulk;
  return {
    prepareBulkCreate: (runId) => withHeartbeat(() => runs.prepareCreate(runId)),
    createLessonBatch: (runId, from, to) => withHeartbeat(() => runs.createBatch(runId, from, to)),
    prepareBulkEdit: (runId) => withHeartbeat(() => runs.prepareEdit(runId)),
    applyLessonEditBatch: (runId, from, to) => withHeartbeat(() => runs.editBatch(runId, from, to)),
    prepareUndoBulkRun: (undoRunId, runId) => withHeartbeat(() => runs.prepareUndo(undoRunId, runId)),
    undoLessonBatch: (undoRunId, from, to) => withHeartbeat(() => runs.undoBatch(undoRunId, from, to)),
  } satisfies PlanningActivities;
}
