import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { errorMessage } from './http';

// Page data through TanStack Query: an answer is kept under the key of what was asked (the page, its filters),
// so a late answer to an older search can never replace a newer one, and a page change aborts what it no
// longer needs. Staff pages only: the client lives in the staff layout, loaded with it.

const client = new QueryClient({
  defaultOptions: {
    // The server already said what went wrong (errors are shown by the page); retrying a refusal helps nobody.
    // Nothing is kept once no page shows it: coming back to a page (after a save elsewhere) loads it afresh,
    // never a stale copy first.
    queries: { retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  },
});

export function PageDataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
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

/** A page's search parameters, each with its reader: anything a reader does not accept reads as its default (it never throws). */
export type SearchSchema = Record<string, (raw: unknown) => unknown>;
export type SearchValues<S extends SearchSchema> = { [Name in keyof S]: ReturnType<S[Name]> };
/** A change of some search parameters; null (or '') removes one from the URL. */
export type SearchChange<S extends SearchSchema> = { [Name in keyof S]?: ReturnType<S[Name]> | null };

/**
 * The filters a page keeps in its URL (`?campus=…&from=…`), read through the page's schema, so a hand-edited URL
 * cannot break the page; a change is written back without a new history entry.
 */
export function usePageSearch<S extends SearchSchema>(schema: S): [SearchValues<S>, (change: SearchChange<S>) => void] {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const values = Object.fromEntries(Object.entries(schema).map(([name, read]) => [name, read(search[name])])) as SearchValues<S>;
  const set = (change: SearchChange<S>) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({
        ...previous,
        ...Object.fromEntries(Object.entries(change).map(([name, next]) => [name, next === null || next === '' ? undefined : next])),
      }),
      replace: true,
    } as never);
  return [values, set];
}

/** One search parameter of the page's URL, read through `parse` (see usePageSearch). */
export function useSearchParam<T>(name: string, parse: (raw: unknown) => T): [T, (value: T | null) => void] {
  const [values, set] = usePageSearch({ [name]: parse });
  return [values[name] as T, (value: T | null) => set({ [name]: value })];
}

/** Readers of search parameters. */
export const searchText = (raw: unknown): string => (typeof raw === 'string' ? raw.slice(0, 200) : typeof raw === 'number' ? String(raw) : '');
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One id (a UUID), else null. */
export const searchId = (raw: unknown): string | null => (typeof raw === 'string' && uuidPattern.test(raw) ? raw : null);
/** A list of ids (UUIDs only; anything else is dropped). */
export const searchIds = (raw: unknown): string[] => (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).filter((id): id is string => searchId(id) !== null);
/** A calendar day 'YYYY-MM-DD', else ''. */
export const searchDay = (raw: unknown): string => (/^\d{4}-\d{2}-\d{2}$/.test(searchText(raw)) ? searchText(raw) : '');
export const searchChoice =
  <T extends string>(choices: readonly T[], fallback: T) =>
  (raw: unknown): T =>
    typeof raw === 'string' && (choices as readonly string[]).includes(raw) ? (raw as T) : fallback;

/**
 * A search box kept in the URL (`?q=`): `text` follows the keyboard, `term` the pause in typing, and the URL
 * (so a reload or a shared link shows the same search) follows `term`.
 */
export function useSearchBox(name = 'q', delay = 300): { text: string; setText: (text: string) => void; term: string } {
  const [fromUrl, setUrl] = useSearchParam(name, searchText);
  const [text, setText] = useState(fromUrl);
  const [term] = useDebouncedValue(text.trim(), delay);
  // The URL follows the term, never the other way (that would undo typing): only a new term writes it.
  const follow = useEffectEvent((settled: string) => {
    if (settled !== fromUrl) setUrl(settled);
  });
  useEffect(() => follow(term), [term]);
  return { text, setText, term };
}
