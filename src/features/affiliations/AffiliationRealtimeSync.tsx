import { useQueryClient } from '@tanstack/react-query';
import { affiliationKeys } from '../../api/affiliations.ts';
import { doctorKeys } from '../../api/doctors.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useFetchAgainWhenLive } from '../../realtime/useFetchAgainWhenLive.ts';

/**
 * Keeps every affiliation screen current: the server's `affiliationUpdate` (a proposal, a decision, a
 * change of status, terms or commission, a statement) refreshes the lists and details on screen
 * without a reload; so does each join of the room (the first connection, a reconnection). Renders nothing.
 */
export function AffiliationRealtimeSync() {
  const queryClient = useQueryClient();
  useFetchAgainWhenLive(affiliationKeys.all);
  useRealtimeEvent('affiliationUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: affiliationKeys.all });
    // A doctor's place at a hospital follows its affiliation: the hospital's doctor list changes with it.
    void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
  });
  return null;
}
