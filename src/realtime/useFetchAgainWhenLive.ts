import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useRealtimeStatus } from './useRealtimeStatus.ts';

/** A request answered this soon after the join may still have been read by the server before it. */
export const JOIN_MARGIN_MS = 2_000;

/**
 * Marks the queries under `queryKey` that hold an answer from before `liveSince` (+ the margin) as
 * stale and fetches those on screen again. A fetch in flight (a page of earlier messages) is left to
 * finish, not cancelled.
 */
export function fetchAgainAnswersBefore(queryClient: QueryClient, queryKey: QueryKey, liveSince: number) {
  return queryClient.invalidateQueries(
    {
      queryKey,
      predicate: (query) => query.state.data !== undefined && query.state.dataUpdatedAt < liveSince + JOIN_MARGIN_MS,
    },
    { cancelRefetch: false },
  );
}

/**
 * Each time the server confirms the user's room (the first connection of the page and every
 * reconnection), what is cached under `queryKey` from before is fetched again: an event sent before
 * the room was joined never reached this page. Answers fetched since are current and stay.
 */
export function useFetchAgainWhenLive(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const { liveSince } = useRealtimeStatus();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (liveSince === null) return;
    void fetchAgainAnswersBefore(queryClient, JSON.parse(key) as QueryKey, liveSince);
  }, [liveSince, queryClient, key]);
}
