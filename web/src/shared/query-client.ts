import { QueryClient } from '@tanstack/react-query';

/**
 * The one QueryClient of the web client: the router's context (route loaders fill it, router.tsx) and the provider
 * at the root (layout/QueryRoot.tsx, the root route's component), so every page, public ones too, reads it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The server already said what went wrong (errors are shown by the page); retrying a refusal helps nobody.
    // Nothing is kept once no page shows it: coming back to a page (after a save elsewhere) loads it afresh,
    // never a stale copy first. Page queries (page-query.ts) keep their answer a little longer, for their screen.
    queries: { retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  },
});
