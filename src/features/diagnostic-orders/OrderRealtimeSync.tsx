import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { diagnosticOrderKeys } from '../../api/diagnosticOrders.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useRealtimeStatus } from '../../realtime/useRealtimeStatus.ts';
// The field changes are declared at sign-in, so answers sent from the outbox reach the cache from any screen.
import './changes.ts';

/**
 * Keeps every diagnostic order screen current: a change of any order the caller is on (a result, a
 * critical value, an assignment) refreshes the orders on screen without a reload; so does a reconnection.
 * Renders nothing.
 */
export function OrderRealtimeSync() {
  const queryClient = useQueryClient();
  const { status } = useRealtimeStatus();
  const connectedBefore = useRef(false);
  useEffect(() => {
    if (status !== 'connected') return;
    if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: diagnosticOrderKeys.all });
    connectedBefore.current = true;
  }, [status, queryClient]);
  useRealtimeEvent('diagnosticOrderUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: diagnosticOrderKeys.all });
  });
  return null;
}
