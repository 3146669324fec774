import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/queryClient.ts';
import { AppointmentRealtimeSync } from '../features/appointments/AppointmentRealtimeSync.tsx';
import { NotificationRealtimeSync } from '../features/notifications/NotificationRealtimeSync.tsx';
import { RealtimeProvider } from '../realtime/RealtimeProvider.tsx';
import { AppLayout } from './layout/AppLayout.tsx';

/**
 * Everything behind sign-in, loaded as its own chunk: the data layer arrives with it, so the sign-in
 * screens stay small. A new cache per session: nothing of one user's data survives into the next.
 * The realtime connection lives here too, so it opens after sign-in and closes at sign-out.
 */
export function SignedInArea() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <AppointmentRealtimeSync />
        <NotificationRealtimeSync />
        <AppLayout />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
