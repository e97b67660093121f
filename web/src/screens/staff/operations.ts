/** Operations registry types (core/API.md). */
export type OperationStatus = 'running' | 'cancelling' | 'completed' | 'failed' | 'cancelled' | 'terminated' | 'timed_out';
export type OperationItemStatus = 'pending' | 'running' | 'done' | 'error';

export interface OperationItem {
  key: string;
  label: string;
  status: OperationItemStatus;
  message?: string | null;
}

export interface Operation {
  id: string;
  workflowId: string;
  kind: string;
  subject: string;
  campusId: string | null;
  startedBy: { id: string; firstName: string; lastName: string } | null;
  startedAt: string;
  closedAt: string | null;
  status: OperationStatus;
  progress: { done: number; total: number };
  items: OperationItem[];
  error: string | null;
  result: unknown;
  canCancel: boolean;
}

/** Still moving: the page keeps polling while one of these is listed. */
export function isActive(operation: Operation): boolean {
  return operation.status === 'running' || operation.status === 'cancelling';
}

export const STATUS_COLOR: Record<string, string> = {
  running: 'blue',
  cancelling: 'yellow',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
  terminated: 'orange',
  timed_out: 'orange',
};

export const ITEM_STATUS_COLOR: Record<string, string> = {
  pending: 'gray',
  running: 'blue',
  done: 'teal',
  error: 'red',
};
