import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { appointmentKeys } from '../../api/appointments.ts';
import { scheduleKeys } from '../../api/schedules.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useFetchAgainWhenLive } from '../../realtime/useFetchAgainWhenLive.ts';
import { addMessageToCache, applyAppointmentChange, parseAppointmentEvent, parseConversationEvent } from './cache.ts';

/**
 * Keeps the appointment caches current from the socket (SPEC §4 "Realtime appointment events"):
 * each change replaces the appointment wherever it is cached and adds its conversation line; a new
 * appointment also goes on top of the lists it belongs in. Once the room is joined (the page's first
 * connection, a reconnection), what was fetched before is fetched again: it may have missed events.
 * Renders nothing.
 */
export function AppointmentRealtimeSync() {
  const queryClient = useQueryClient();

  useFetchAgainWhenLive(appointmentKeys.all);

  const onNew = useCallback(
    (payload: unknown) => {
      const change = parseAppointmentEvent(payload);
      if (change) applyAppointmentChange(queryClient, change, true);
      // A booking takes a slot: the open slots on screen (the Today view) are fetched again.
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots });
    },
    [queryClient],
  );
  const onChange = useCallback(
    (payload: unknown) => {
      const change = parseAppointmentEvent(payload);
      if (change) applyAppointmentChange(queryClient, change);
      // A cancellation, a rejection or a new time frees or takes a slot.
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots });
    },
    [queryClient],
  );
  const onMessage = useCallback(
    (payload: unknown) => {
      const message = parseConversationEvent(payload);
      if (message) addMessageToCache(queryClient, message);
    },
    [queryClient],
  );

  useRealtimeEvent('newAppointment', onNew);
  useRealtimeEvent('appointmentDecisionByDoctorOrHospital', onChange);
  useRealtimeEvent('patientCancelAppointment', onChange);
  useRealtimeEvent('hospitalOrDoctorAskForReschedule', onChange);
  useRealtimeEvent('patientResponseForReschedule', onChange);
  useRealtimeEvent('messageToTheConversation', onMessage);
  return null;
}
