import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorMessage } from './http';

// What a page shows, declared once (its key and how to load it) and used twice: the route's loader asks for it
// before the page renders (page-loaders.ts, router.tsx), and the screen reads it with usePageQuery, finding the
// loader's answer in the cache (no second request). A refused load in the loader shows the route's error component
// with the server's message (RouteError).

/** How long an answer counts as fresh: the screen mounting just after its loader (or a search box's URL catching
 *  up with what the screen already asked) reuses it; any later visit asks the server again. */
export const PAGE_QUERY_FRESH_MS = 2_000;
/** How long an answer nobody shows is kept: long enough for the screen's code to load after its loader (the
 *  client's default gcTime is 0, which would throw the loader's answer away before the screen reads it). */
export const PAGE_QUERY_KEEP_MS = 60_000;

/** The route's path params and validated search (page-search.ts) a page query depends on. */
export interface PageQuery<P, S, T> {
  /** The cache key: the page's name and what the answer depends on. */
  key: (params: P, search: S) => readonly unknown[];
  load: (params: P, search: S, signal: AbortSignal) => Promise<T>;
}

export function definePageQuery<P = Record<string, never>, S = Record<string, never>, T = unknown>(query: PageQuery<P, S, T>): PageQuery<P, S, T> {
  return query;
}

function optionsOf<P, S, T>(query: PageQuery<P, S, T>, params: P, search: S) {
  return {
    queryKey: query.key(params, search),
    queryFn: ({ signal }: { signal: AbortSignal }) => query.load(params, search, signal),
    staleTime: PAGE_QUERY_FRESH_MS,
    gcTime: PAGE_QUERY_KEEP_MS,
  };
}

/**
 * In a route's loader: the page's data, from the cache when just loaded, else from the server (awaited, so the page
 * renders with it; an error reaches the route's error component). ensureQueryData would keep an older visit's answer
 * (the list before a save elsewhere): fetchQuery with the short freshness above asks again.
 */
export function loadPageQuery<P, S, T>(client: QueryClient, query: PageQuery<P, S, T>, params: P, search: S): Promise<T> {
  return client.fetchQuery(optionsOf(query, params, search));
}

/**
 * In the screen: the data its loader put in the cache (same key, no second request), then what a change of search
 * asks for (the previous answer stays on screen meanwhile, `loading` true). Same answer as usePageData: `data`,
 * `loading`, `error` (the message to show), `reload`, `update` (changes the answer on screen until the next load).
 */
export function usePageQuery<P, S, T>(query: PageQuery<P, S, T>, params: P, search: S, options: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  const settings = optionsOf(query, params, search);
  const result = useQuery({ ...settings, placeholderData: keepPreviousData, enabled: options.enabled ?? true });
  return {
    data: result.data,
    loading: result.isFetching,
    error: result.error ? errorMessage(result.error) : null,
    reload: () => result.refetch().then(() => undefined),
    update: (change: (current: T) => T) =>
      void client.setQueryData<T>(settings.queryKey, (current) => (current === undefined ? current : change(current))),
  };
}

/** A route's loader (page-loaders.ts): asks for the page's queries with the route's params and validated search. */
export type PageLoad = (client: QueryClient, params: Record<string, string>, search: Record<string, unknown>) => Promise<unknown>;
