import { useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../api/appointments.ts';
import { waitlistKeys } from '../../../api/waitlist.ts';
import { useRealtimeEvent } from '../../../realtime/useRealtimeEvent.ts';
import { useFetchAgainWhenLive } from '../../../realtime/useFetchAgainWhenLive.ts';

/**
 * Keeps the waitlist current from the socket: an offer made, run out, taken or declined refreshes
 * the patient's entries, the desk's queue and the open slots at once; once the room is joined (the
 * first connection, a reconnection), what was fetched before is fetched again. Renders nothing.
 */
export function WaitlistRealtimeSync() {
  const queryClient = useQueryClient();

  useFetchAgainWhenLive(waitlistKeys.all);

  useRealtimeEvent('waitlistUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['realtime', 'slots'] });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists });
  });
  return null;
}
