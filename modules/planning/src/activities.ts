import type { CoreDeps } from '@alterna/core';
import type { PlanningActivities } from '@alterna/workflows/planning/contract';
import { withHeartbeat } from '@alterna/workflows/planning/heartbeat';
import type { PlanningServices } from './services/index.js';

/** What the planning workflows call; each activity is safe to retry and heartbeats while it works. */
export function planningActivities(services: PlanningServices, _core: CoreDeps): PlanningActivities {
  const { runs } = services.bulk;
  return {
    prepareBulkCreate: (runId) => withHeartbeat(() => runs.prepareCreate(runId)),
    createLessonBatch: (runId, from, to) => withHeartbeat(() => runs.createBatch(runId, from, to)),
    prepareBulkEdit: (runId) => withHeartbeat(() => runs.prepareEdit(runId)),
    applyLessonEditBatch: (runId, from, to) => withHeartbeat(() => runs.editBatch(runId, from, to)),
    prepareUndoBulkRun: (undoRunId, runId) => withHeartbeat(() => runs.prepareUndo(undoRunId, runId)),
    undoLessonBatch: (undoRunId, from, to) => withHeartbeat(() => runs.undoBatch(undoRunId, from, to)),
  };
}
