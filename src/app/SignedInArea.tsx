import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http.ts';
import { AffiliationRealtimeSync } from '../features/affiliations/AffiliationRealtimeSync.tsx';
import { AppointmentRealtimeSync } from '../features/appointments/AppointmentRealtimeSync.tsx';
import { OrderRealtimeSync } from '../features/diagnostic-orders/OrderRealtimeSync.tsx';
import { PharmacyOrderRealtimeSync } from '../features/pharmacy/PharmacyOrderRealtimeSync.tsx';
import { NotificationRealtimeSync } from '../features/notifications/NotificationRealtimeSync.tsx';
import { VerificationRealtimeSync } from '../features/verification/VerificationRealtimeSync.tsx';
import { WaitlistRealtimeSync } from '../features/appointments/waitlist/WaitlistRealtimeSync.tsx';
import { OutboxReplay } from '../offline/pageReplay.ts';
import { PersistedQueryClientProvider } from '../offline/persist.ts';
import { RealtimeProvider } from '../realtime/RealtimeProvider.tsx';
import { useAuth } from '../session/AuthContext.ts';
import { AppLayout } from './layout/AppLayout.tsx';

/**
 * Everything behind sign-in, loaded as its own chunk: the data layer and the offline store arrive
 * with it, so the sign-in screens stay small. Each user has their own query cache, kept on the device
 * in their own database (another user gets a new one), and their own outbox, replayed from here.
 * The realtime connection lives here too, so it opens after sign-in and closes at sign-out.
 */
export function SignedInArea() {
  const { user } = useAuth();
  // The router renders this area for a signed-in user only.
  if (!user) return null;
  return (
    <PersistedQueryClientProvider key={user.id} userId={user.id}>
      <OutboxReplay />
      <SessionEndsOnUnauthorized />
      <RealtimeProvider>
        <AppointmentRealtimeSync />
        <NotificationRealtimeSync />
        <VerificationRealtimeSync />
        <WaitlistRealtimeSync />
        <OrderRealtimeSync />
        <PharmacyOrderRealtimeSync />
        <AffiliationRealtimeSync />
        <AppLayout />
      </RealtimeProvider>
    </PersistedQueryClientProvider>
  );
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * SPEC §4: an authentication error ends the session. Like an expiry it leaves the device's data alone:
 * the changes waiting in the outbox are sent after the next sign-in.
 */
function SessionEndsOnUnauthorized() {
  const queryClient = useQueryClient();
  const { logout } = useAuth();
  const endSession = useEffectEvent(() => logout({ keepLocation: true }));
  useEffect(() => {
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
        endSession();
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
        endSession();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
  return null;
}
