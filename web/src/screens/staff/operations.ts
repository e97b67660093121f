/** Operations registry types: the server's own (core/API.md). */
import type { Operation } from '@alterna/core/operations/types';

export type { Operation, OperationItem, OperationStatus } from '@alterna/core/operations/types';
export type OperationItemStatus = Operation['items'][number]['status'];

/** Still moving: the page keeps polling while one of these is listed. */
export function isActive(operation: Operation): boolean {
  return operation.status === 'running';
}

export const STATUS_COLOR: Record<string, string> = {
  running: 'blue',
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

/** Runs that wait for people (a booklet's signatures, days or weeks), listed apart from the bulk jobs. */
export const SIGNATURE_CHAIN_KINDS = ['booklets.validation'] as const;
export const isSignatureChain = (operation: Pick<Operation, 'kind'>) => (SIGNATURE_CHAIN_KINDS as readonly string[]).includes(operation.kind);

/** The kinds of run the page's filter offers (each module's workflows); kinds seen in the list are added to them. */
export const KNOWN_KINDS = [
  'planning.bulkCreateLessons', 'planning.bulkEditLessons', 'planning.bulkDeleteLessons', 'planning.undoBulkRun',
  'booklets.validation', 'booklets.validationCancellation', 'mass-email.campaign', 'marks.reportCards', 'profile-changes.transition',
] as const;

/** What a planning run's items ended as, that changed a lesson / that did not. */
const CHANGED = ['created', 'updated', 'moved', 'cancelled', 'deleted', 'undone'];
const NOT_DONE = ['skipped', 'conflict', 'refused'];

/**
 * How a completed run ended for the person who asked: 'nothing' (nothing to do, or nothing created or changed: never a
 * green "100 %"), 'partial' (some items refused), or 'done'; null while it runs or when it did not complete.
 */
export function runOutcome(operation: Operation): 'nothing' | 'partial' | 'done' | null {
  if (operation.status !== 'completed') return null;
  const result = operation.result as { counts?: Record<string, number>; failed?: number } | null;
  const counts = result && typeof result === 'object' && result.counts ? result.counts : null;
  if (counts) {
    const sum = (statuses: string[]) => statuses.reduce((total, status) => total + (counts[status] ?? 0), 0);
    if (sum(CHANGED) === 0) return 'nothing';
    return sum(NOT_DONE) > 0 ? 'partial' : 'done';
  }
  if (operation.progress.total === 0) return 'nothing';
  return typeof result?.failed === 'number' && result.failed > 0 ? 'partial' : 'done';
}

export const OUTCOME_COLOR = { nothing: 'orange', partial: 'yellow', done: 'teal' } as const;
