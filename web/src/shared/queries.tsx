import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from './http';
import { queryClient } from './query-client';

// Page data through TanStack Query: an answer is kept under the key of what was asked (the page, its filters),
// so a late answer to an older search can never replace a newer one, and a page change aborts what it no
// longer needs. The client (query-client.ts) is provided at the root (QueryRoot); a page whose route has a loader reads its
// data with usePageQuery (page-query.ts) instead.

/** The root's client again (kept for the layouts that wrap their pages in it). */
export function PageDataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * What a page shows, loaded for `key` (its name and the filters it depends on). While a new key loads, the
 * previous answer stays on screen (`data`), with `loading` true; `error` is the message to show, if any.
 * `pollMs` tells, from the last answer, how often to ask again (false: not at all), e.g. while a run is live.
 * `update` changes the answer on screen at once (what a click just did), until the next load replaces it.
 * `keepPrevious: false` for a form's data: nothing shows until the answer for this key is there (a form must
 * never start from another record's values).
 */
export function usePageData<T>(
  key: readonly unknown[],
  load: (signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean; pollMs?: (data: T | undefined) => number | false; keepPrevious?: boolean } = {},
) {
  const { pollMs } = options;
  const queries = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    placeholderData: options.keepPrevious === false ? undefined : keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: pollMs ? (current) => pollMs(current.state.data as T | undefined) : false,
  });
  return {
    data: query.data,
    loading: query.isFetching,
    error: query.error ? errorMessage(query.error) : null,
    reload: () => query.refetch().then(() => undefined),
    update: (change: (current: T) => T) => void queries.setQueryData<T>(key, (current) => (current === undefined ? current : change(current))),
  };
}

/** After a change: load again every page whose key starts with `prefix` (the list just changed). */
export function useReload() {
  const queries = useQueryClient();
  return (prefix: readonly unknown[]) => queries.invalidateQueries({ queryKey: prefix });
}

/**
 * A search box kept in the URL (`?q=`, read by the page through usePageSearch): `text` follows the keyboard, `term`
 * the pause in typing, and the URL (so a reload or a shared link shows the same search) follows `term`.
 */
export function useSearchBox(fromUrl: string, setUrl: (term: string) => void, delay = 300): { text: string; setText: (text: string) => void; term: string } {
  const [text, setText] = useState(fromUrl);
  const [term] = useDebouncedValue(text.trim(), delay);
  // The URL follows the term, never the other way (that would undo typing): only a new term writes it.
  const follow = useEffectEvent((settled: string) => {
    if (settled !== fromUrl) setUrl(settled);
  });
  useEffect(() => follow(term), [term]);
  return { text, setText, term };
}
