import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useRealtimeStatus } from './useRealtimeStatus.ts';

/**
 * Marks the queries under `queryKey` holding an answer from before `before` as stale and fetches
 * those on screen again. A fetch in flight (a page of earlier messages) is left to finish, not cancelled.
 */
export function fetchAgainAnswersBefore(queryClient: QueryClient, queryKey: QueryKey, before: number) {
  return queryClient.invalidateQueries(
    { queryKey, predicate: (query) => query.state.data !== undefined && query.state.dataUpdatedAt < before },
    { cancelRefetch: false },
  );
}

/**
 * Each time the server confirms the user's room (the page's first connection, every reconnection),
 * what is cached under `queryKey` and may have missed an event sent before the room was joined is
 * fetched again (RealtimeProvider decides from when: at the first join, the server says whether any
 * event was sent while the page was fetching). Answers fetched since are current and stay.
 */
export function useFetchAgainWhenLive(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const { fetchAgainBefore } = useRealtimeStatus();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (fetchAgainBefore === null) return;
    void fetchAgainAnswersBefore(queryClient, JSON.parse(key) as QueryKey, fetchAgainBefore);
  }, [fetchAgainBefore, queryClient, key]);
}
