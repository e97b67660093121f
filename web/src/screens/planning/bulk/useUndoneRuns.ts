import { useState } from 'react';
import type { Operation } from './api';

/**
 * Which finished runs have been undone already: the operations answer says so (`undoneBy`, in the list's one answer,
 * no request per row); `markUndone` records an undo started here until the list is asked again.
 */
export function useUndoneRuns(operations: Operation[] | null): { undone: Record<string, boolean>; markUndone: (id: string) => void } {
  const [marked, setMarked] = useState<Record<string, boolean>>({});
  const undone = Object.fromEntries((operations ?? []).map((operation) => [operation.id, Boolean(operation.undoneBy) || (marked[operation.id] ?? false)]));
  return { undone, markUndone: (id) => setMarked((known) => ({ ...known, [id]: true })) };
}
