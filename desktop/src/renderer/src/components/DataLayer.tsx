import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query';

/**
 * The data layer around a signed-in area (the admin layout, the staff portal). It loads with the
 * area's lazy chunk, so the sign-in screens do not carry it; leaving the area (signing out, a
 * session that ended) drops the cache, so whoever signs in next sees none of it.
 */
export function DataLayer({ children }: { children: ReactNode }) {
  useEffect(() => () => queryClient.clear(), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
