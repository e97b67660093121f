import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { queryClient } from '../shared/query-client';

/**
 * The root route's component: every page, public ones too, under the one QueryClient (the one route loaders fill).
 * Loaded with the first page, like each page's screen, so the entry bundle carries no TanStack Query code.
 */
export function QueryRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
