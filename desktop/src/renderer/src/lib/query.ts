/**
 * The console's one way to load, cache, invalidate and mutate server data: TanStack Query over
 * lib/api. Query and mutation functions `unwrap` their call, so a failure arrives as an ApiFailure.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { failureToast, type FailureToastOptions } from './toast';

export interface LoadFailureToast extends FailureToastOptions {
  fallback: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { failureToast?: LoadFailureToast };
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // Queries have no onError of their own (v5): a screen names its load-failure toast in `meta`.
    // Every failed load is logged (spec section 7 asks that of General settings).
    onError(error, query) {
      console.warn('Could not load', query.queryKey.join('/'), error.message);
      const shown = query.meta?.failureToast;
      if (shown) failureToast(error, shown.fallback, shown);
    },
  }),
  defaultOptions: {
    // The specification shows a failure as soon as a call fails, and loads a screen's data when
    // the screen opens; retries and focus refetches would delay or repeat its messages.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
