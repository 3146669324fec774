import { useQueryClient } from '@tanstack/react-query';
import { documentExpiringEvent, verificationUpdateEvent } from '../../../domain/schemas/verification.ts';
import { verificationKeys } from '../../api/verification.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useFetchAgainWhenLive } from '../../realtime/useFetchAgainWhenLive.ts';

/**
 * Keeps the verification screens current from the socket: a review, a status change or an expiry
 * reminder fetches the provider's checklist and the admin's queue again, so nobody reloads. Once the
 * room is joined (the first connection, a reconnection), what was fetched before is fetched again.
 * Renders nothing.
 */
export function VerificationRealtimeSync() {
  const queryClient = useQueryClient();

  useFetchAgainWhenLive(verificationKeys.all);

  useRealtimeEvent('verificationUpdate', (payload) => {
    const event = verificationUpdateEvent.safeParse(payload);
    if (!event.success) return;
    void queryClient.invalidateQueries({ queryKey: verificationKeys.mine });
    void queryClient.invalidateQueries({ queryKey: verificationKeys.histories });
    void queryClient.invalidateQueries({ queryKey: verificationKeys.admin });
  });
  useRealtimeEvent('documentExpiring', (payload) => {
    if (!documentExpiringEvent.safeParse(payload).success) return;
    void queryClient.invalidateQueries({ queryKey: verificationKeys.mine });
    void queryClient.invalidateQueries({ queryKey: verificationKeys.histories });
  });
  return null;
}
