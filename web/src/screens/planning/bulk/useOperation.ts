import { useEffect, useState } from 'react';
import { OPERATIONS_POLL_MS } from '../../../shared/constants';
import { errorMessage } from '../../../shared/http';
import { getOperation, type Operation } from './api';

/** An operation kept fresh: polled every second while it runs (GET /api/operations/:id). */
export function useOperation(initial: Operation): { operation: Operation; error: string | null } {
  const [operation, setOperation] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const running = operation.status === 'running';
  useEffect(() => {
    if (!running) return;
    let live = true;
    let busy = false;
    const timer = window.setInterval(() => {
      if (busy) return;
      busy = true;
      getOperation(initial.id)
        .then((next) => {
          if (!live) return;
          setOperation(next);
          setError(null);
        })
        .catch((e: unknown) => live && setError(errorMessage(e)))
        .finally(() => {
          busy = false;
        });
    }, OPERATIONS_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [initial.id, running]);
  return { operation, error };
}
