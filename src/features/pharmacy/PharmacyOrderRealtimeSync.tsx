import { useQueryClient } from '@tanstack/react-query';
import { pharmacyKeys } from '../../api/pharmacy.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useFetchAgainWhenLive } from '../../realtime/useFetchAgainWhenLive.ts';
// The counter's changes are declared at sign-in, so answers sent from the outbox reach the cache from any screen.
import './changes.ts';

/** Keeps every pharmacy order on screen current (the pharmacy's desk, the patient's record); renders nothing. */
export function PharmacyOrderRealtimeSync() {
  const queryClient = useQueryClient();
  useFetchAgainWhenLive(pharmacyKeys.orders);
  useRealtimeEvent('pharmacyOrderUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: pharmacyKeys.orders });
  });
  return null;
}
