/** What every long workflow answers to its `progress` query. */
export interface OperationProgress {
  done: number;
  total: number;
  items: OperationItem[];
}

export interface OperationItem {
  key: string;
  label: string;
  status: 'pending' | 'running' | 'done' | 'error';
  message?: string;
}

export type OperationStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'terminated' | 'timed_out';

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

/** The query name every long workflow implements. */
export const progressQueryName = 'progress';
