import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { appointmentKeys } from '../../../api/appointments.ts';
import { waitlistKeys } from '../../../api/waitlist.ts';
import { useRealtimeEvent } from '../../../realtime/useRealtimeEvent.ts';
import { useRealtimeStatus } from '../../../realtime/useRealtimeStatus.ts';

/**
 * Keeps the waitlist current from the socket: an offer made, run out, taken or declined refreshes
 * the patient's entries, the desk's queue and the open slots at once; after a reconnection, what was
 * missed is fetched again. Renders nothing.
 */
export function WaitlistRealtimeSync() {
  const queryClient = useQueryClient();
  const { status } = useRealtimeStatus();
  const connectedBefore = useRef(false);

  useEffect(() => {
    if (status !== 'connected') return;
    if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
    connectedBefore.current = true;
  }, [status, queryClient]);

  useRealtimeEvent('waitlistUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['realtime', 'slots'] });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists });
  });
  return null;
}
