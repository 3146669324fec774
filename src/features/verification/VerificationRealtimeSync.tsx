import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { documentExpiringEvent, verificationUpdateEvent } from '../../../domain/schemas/verification.ts';
import { verificationKeys } from '../../api/verification.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useRealtimeStatus } from '../../realtime/useRealtimeStatus.ts';

/**
 * Keeps the verification screens current from the socket: a review, a status change or an expiry
 * reminder fetches the provider's checklist and the admin's queue again, so nobody reloads. After a
 * reconnection, whatever was missed meanwhile is fetched again. Renders nothing.
 */
export function VerificationRealtimeSync() {
  const queryClient = useQueryClient();
  const { status } = useRealtimeStatus();
  const connectedBefore = useRef(false);

  useEffect(() => {
    if (status !== 'connected') return;
    if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: verificationKeys.all });
    connectedBefore.current = true;
  }, [status, queryClient]);

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
