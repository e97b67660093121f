import type { Conflict, RunItemStatus } from '@alterna/planning/types';
import type { Operation } from '@alterna/core/operations/types';
import { requestJson } from '../../../shared/http';

export type { Operation, RunItemStatus };

/** What a planning run's operation ends with. */
export interface RunResult {
  runId: string;
  counts: Partial<Record<RunItemStatus, number>>;
  undoable: boolean;
}

export interface RunItem {
  seq: number;
  status: RunItemStatus;
  lessonId: string | null;
  startAt: string | null;
  endAt: string | null;
  reasons: Conflict[];
}

export interface RunItemsPage {
  /** The undo run (workflow id) that reverted this run, if any. */
  undoneBy?: string | null;
  total: number;
  counts: Partial<Record<RunItemStatus, number>>;
  items: RunItem[];
}

export const PLANNING_RUN_KINDS = ['planning.bulkCreateLessons', 'planning.bulkEditLessons', 'planning.bulkDeleteLessons', 'planning.undoBulkRun'] as const;

export const isPlanningRun = (operation: Pick<Operation, 'kind'>) => (PLANNING_RUN_KINDS as readonly string[]).includes(operation.kind);

export function runResult(operation: Operation): RunResult | null {
  const result = operation.result as Partial<RunResult> | null;
  return result && typeof result === 'object' && result.counts ? { runId: result.runId ?? '', counts: result.counts, undoable: result.undoable === true } : null;
}

/** The body of POST /api/planning/planning/create/many. */
export interface CreateManyBody {
  requestId: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  days?: number[];
  ordinal?: number;
  weekday?: number;
  campuses: string[];
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  name: string;
  lines: {
    planningGroups: string[];
    teachers: string[];
    rooms: string[];
    schoolSubject: string | null;
    lessonType: string;
    remote: string;
    description?: string;
  }[];
}

export type EditAction = 'edit' | 'move' | 'cancel' | 'delete';

/** What a mass edit does to the selected lessons (body of /edit/many and its preview, without requestId). */
export interface EditManyBody {
  lessonIds: string[];
  action: EditAction;
  edit?: { planningGroups?: string[]; rooms?: string[]; teachers?: string[]; schoolSubject?: string | null; lessonType?: string; remote?: string };
  move?: { delay: number; unit: 'minutes' | 'hours' | 'days' | 'weeks'; direction: 'later' | 'earlier' };
  cancel?: { cancellationType: string; comment: string };
}

export interface PreviewItem {
  lessonId: string;
  startAt: string;
  endAt: string;
  conflicts: Conflict[];
}

const started = (body: { operation: Operation }) => body.operation;

export const startCreateMany = (body: CreateManyBody) => requestJson<{ operation: Operation }>('POST', '/api/planning/planning/create/many', body).then(started);

export const previewEditMany = (body: EditManyBody) =>
  requestJson<{ items: PreviewItem[] }>('POST', '/api/planning/planning/edit/many/preview', body).then((answer) => answer.items);

/** Edit / move / cancel go to /edit/many, delete to /remove/many. */
export function startEditMany(requestId: string, body: EditManyBody): Promise<Operation> {
  if (body.action === 'delete') return requestJson<{ operation: Operation }>('POST', '/api/planning/planning/remove/many', { requestId, lessonIds: body.lessonIds }).then(started);
  return requestJson<{ operation: Operation }>('POST', '/api/planning/planning/edit/many', { requestId, ...body }).then(started);
}

export const getOperation = (id: string) => requestJson<{ operation: Operation }>('GET', `/api/operations/${encodeURIComponent(id)}`).then(started);

export function getRunItems(operationId: string, query: { status?: string | null; offset: number; limit: number }): Promise<RunItemsPage> {
  const params = new URLSearchParams({ offset: String(query.offset), limit: String(query.limit) });
  if (query.status) params.set('status', query.status);
  return requestJson<RunItemsPage>('GET', `/api/planning/runs/${encodeURIComponent(operationId)}/items?${params}`);
}

export const undoRun = (operationId: string) => requestJson<{ operation: Operation }>('POST', `/api/planning/runs/${encodeURIComponent(operationId)}/undo`).then(started);
