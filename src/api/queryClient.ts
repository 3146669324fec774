import { QueryClient } from '@tanstack/react-query';
import { freshnessFor } from './freshness.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: (query) => freshnessFor(query.queryKey),
        // Kept at least as long as fresh, so a persisted cache can still show it later.
        gcTime: 60 * 60_000,
        retry: 1,
      },
      mutations: { retry: 0 },
    },
  });
}
