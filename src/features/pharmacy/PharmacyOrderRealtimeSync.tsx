import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { pharmacyKeys } from '../../api/pharmacy.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useRealtimeStatus } from '../../realtime/useRealtimeStatus.ts';
// The counter's changes are declared at sign-in, so answers sent from the outbox reach the cache from any screen.
import './changes.ts';

/** Keeps every pharmacy order on screen current (the pharmacy's desk, the patient's record); renders nothing. */
export function PharmacyOrderRealtimeSync() {
  const queryClient = useQueryClient();
  const { status } = useRealtimeStatus();
  const connectedBefore = useRef(false);
  useEffect(() => {
    if (status !== 'connected') return;
    if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: pharmacyKeys.orders });
    connectedBefore.current = true;
  }, [status, queryClient]);
  useRealtimeEvent('pharmacyOrderUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: pharmacyKeys.orders });
  });
  return null;
}
