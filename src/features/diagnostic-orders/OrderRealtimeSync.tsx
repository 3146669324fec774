import { useQueryClient } from '@tanstack/react-query';
import { diagnosticOrderKeys } from '../../api/diagnosticOrders.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useFetchAgainWhenLive } from '../../realtime/useFetchAgainWhenLive.ts';
// The field changes are declared at sign-in, so answers sent from the outbox reach the cache from any screen.
import './changes.ts';

/**
 * Keeps every diagnostic order screen current: a change of any order the caller is on (a result, a
 * critical value, an assignment) refreshes the orders on screen without a reload; so does each join
 * of the room (the first connection, a reconnection). Renders nothing.
 */
export function OrderRealtimeSync() {
  const queryClient = useQueryClient();
  useFetchAgainWhenLive(diagnosticOrderKeys.all);
  useRealtimeEvent('diagnosticOrderUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: diagnosticOrderKeys.all });
  });
  return null;
}
