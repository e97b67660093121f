import { useEffect, useRef, useState } from 'react';
import { getRunItems, isPlanningRun, runResult, type Operation } from './api';

/**
 * Which finished planning runs have been undone already (the operation's result cannot say: it was written
 * when the run ended). Asked once per run through its results (`undoneBy`); `markUndone` records an undo
 * started here.
 */
export function useUndoneRuns(operations: Operation[] | null): { undone: Record<string, boolean>; markUndone: (id: string) => void } {
  const [undone, setUndone] = useState<Record<string, boolean>>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const operation of operations ?? []) {
      if (!isPlanningRun(operation) || operation.status !== 'completed' || !runResult(operation)?.undoable || asked.current.has(operation.id)) continue;
      asked.current.add(operation.id);
      getRunItems(operation.id, { offset: 0, limit: 1 })
        .then((page) => setUndone((known) => ({ ...known, [operation.id]: !!page.undoneBy })))
        .catch(() => asked.current.delete(operation.id));
    }
  }, [operations]);
  return { undone, markUndone: (id) => setUndone((known) => ({ ...known, [id]: true })) };
}
