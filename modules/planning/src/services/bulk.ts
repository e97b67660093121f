import type { Actor, Operation, Translate } from '@alterna/core';
import type { BulkCounts } from '../workflow-contract.js';
import type { BulkCreateRequest, BulkEditRequest, BulkPreviewRequest, BulkRemoveRequest } from '../validation/bulk.js';
import { bulkCreateService } from './bulk-create.js';
import { bulkEditService } from './bulk-edit.js';
import { bulkResultsService, type RunItemsQuery } from './bulk-results.js';
import { bulkUndoService } from './bulk-undo.js';
import type { PlanningDeps } from './deps.js';

export interface RunItemView {
  seq: number;
  status: string;
  lessonId: string | null;
  startAt: string | null;
  endAt: string | null;
  reasons: { kind: string; message?: string }[];
}

/** Mass creation, mass edit/move/cancel/delete, their results and their undo (routes and workflow activities). */
export interface BulkService {
  /** Validates a mass creation and starts its run (the same requestId answers the same operation). */
  startCreate(actor: Actor, body: BulkCreateRequest, t: Translate): Promise<Operation>;
  startEdit(actor: Actor, body: BulkEditRequest, t: Translate): Promise<Operation>;
  startRemove(actor: Actor, body: BulkRemoveRequest, t: Translate): Promise<Operation>;
  /** The confirmation step: each lesson's new period and its conflicts, nothing written. */
  preview(actor: Actor, body: BulkPreviewRequest, t: Translate): Promise<{ items: unknown[] }>;
  items(actor: Actor, operationId: string, query: RunItemsQuery, t: Translate): Promise<{ total: number; counts: BulkCounts; items: RunItemView[] } & Record<string, unknown>>;
  undo(actor: Actor, operationId: string, t: Translate): Promise<Operation>;
  /** What the workflows' activities call. */
  runs: {
    prepareCreate(runId: string): Promise<{ total: number; itemsPerDay: number }>;
    createBatch(runId: string, fromSeq: number, toSeq: number): Promise<BulkCounts>;
    prepareEdit(runId: string): Promise<{ total: number }>;
    editBatch(runId: string, fromSeq: number, toSeq: number): Promise<BulkCounts>;
    prepareUndo(undoRunId: string, runId: string): Promise<{ total: number }>;
    undoBatch(undoRunId: string, fromSeq: number, toSeq: number): Promise<BulkCounts>;
  };
}

export function bulkService(deps: PlanningDeps): BulkService {
  const create = bulkCreateService(deps);
  const edit = bulkEditService(deps);
  const undo = bulkUndoService(deps);
  const results = bulkResultsService(deps);
  return {
    startCreate: create.start,
    startEdit: edit.startEdit,
    startRemove: edit.startRemove,
    preview: edit.preview,
    items: results.items,
    undo: undo.start,
    runs: {
      prepareCreate: create.prepare,
      createBatch: create.batch,
      prepareEdit: edit.prepare,
      editBatch: edit.batch,
      prepareUndo: undo.prepare,
      undoBatch: undo.batch,
    },
  };
}
