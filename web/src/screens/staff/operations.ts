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
