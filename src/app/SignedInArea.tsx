import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http.ts';
import { PersistedQueryClientProvider } from '../offline/persist.ts';
import { RealtimeProvider } from '../realtime/RealtimeProvider.tsx';
import { useAuth } from '../session/AuthContext.ts';
import { LiveUpdatesAfterFirstScreen, listenersMounted } from './afterFirstScreen.tsx';
import { AppLayout } from './layout/AppLayout.tsx';

/**
 * Everything behind sign-in, loaded as its own chunk: the data layer and the offline store arrive
 * with it, so the sign-in screens stay small. Each user has their own query cache, kept on the device
 * in their own database (another user gets a new one), and their own outbox, replayed from here.
 * The realtime connection lives here too, so it opens after sign-in and closes at sign-out.
 *
 * The first screen comes first: the outbox replay and the realtime listeners load once its requests
 * have settled (afterFirstScreen.tsx); the events the socket receives before are held for them.
 */
export function SignedInArea() {
  const { user } = useAuth();
  // The router renders this area for a signed-in user only.
  if (!user) return null;
  return <SignedInSession key={user.id} userId={user.id} />;
}

function SignedInSession({ userId }: { userId: string }) {
  const [listeners] = useState(listenersMounted);
  return (
    <PersistedQueryClientProvider userId={userId}>
      <SessionEndsOnUnauthorized />
      <RealtimeProvider listenersReady={listeners.ready}>
        <LiveUpdatesAfterFirstScreen onMounted={listeners.resolve} />
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
