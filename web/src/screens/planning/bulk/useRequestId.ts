import { useCallback, useRef, useState } from 'react';

/** A v4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The business id of the run this page may start: kept while the page lives, so a double click or a retried
 * POST names the same run (the server starts it once); renewed only to plan another run.
 */
export function useRequestId(): [string, () => void] {
  const ref = useRef<string>(null as unknown as string);
  ref.current ??= newRequestId();
  const [, setVersion] = useState(0);
  const renew = useCallback(() => {
    ref.current = newRequestId();
    setVersion((v) => v + 1);
  }, []);
  return [ref.current, renew];
}
