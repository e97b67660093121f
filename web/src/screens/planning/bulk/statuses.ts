import type { RunItemStatus } from './api';

/** Badge colour of a run item's outcome. */
export const ITEM_COLOUR: Record<RunItemStatus, string> = {
  pending: 'gray',
  created: 'teal',
  updated: 'teal',
  moved: 'teal',
  cancelled: 'gray',
  deleted: 'dark',
  undone: 'blue',
  skipped: 'yellow',
  conflict: 'red',
  refused: 'red',
};

/** Outcomes in the order the result table offers them. */
export const ITEM_ORDER: RunItemStatus[] = ['created', 'updated', 'moved', 'cancelled', 'deleted', 'undone', 'skipped', 'conflict', 'refused', 'pending'];
