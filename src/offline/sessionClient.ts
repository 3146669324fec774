/**
 * The signed-in session's query client: made the first time it is needed (a screen's first requests
 * may come before the session mounts, firstQueries.ts), then restored from the device and kept there
 * (persist.ts) while the signed-in area is mounted.
 */
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { requestPersistentStorage } from './engine/device.ts';
import { createPersistedQueryClient, persistQueryCache } from './persist.ts';
import { isOnline } from './useOnline.ts';

/**
 * The signed-in session's query client, restored from the device. Offline at start, queries wait for
 * the device's answers (`isRestoring`) instead of failing to fetch. Online, they fetch at once and the
 * device's answers come in beside them: an answer already fetched is newer and is kept (hydration only
 * ever replaces older data), and a screen still waiting shows the device's answer meanwhile. The first
 * screen's requests so do not wait for the device's database to open. Offline here is also a server
 * already found not to answer (useOnline.ts). Mount it with `key={userId}` so
 * another user gets a new client.
 */
export function usePersistedQueryClient(userId: string): { queryClient: QueryClient; isRestoring: boolean } {
  const [{ client: queryClient, createdAt }] = useState(() => sessionQueryClient(userId));
  const [waitsFor] = useState(() => (isOnline() ? null : userId));
  // Offline, the queries wait for the device; online they fetch beside it (see above).
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    holdSessionQueryClient(userId, queryClient, createdAt);
    const handle = persistQueryCache(queryClient, { userId });
    void handle.restored.then(() => {
      if (!active) return;
      // Answers fetched since the client was made (a screen's first requests among them) are this session's own.
      void markRestoredStale(queryClient, createdAt);
      setRestoredFor(userId);
    });
    void requestPersistentStorage();
    return () => {
      active = false;
      handle.stop();
      releaseSessionQueryClient(queryClient);
    };
  }, [queryClient, createdAt, userId]);
  return { queryClient, isRestoring: waitsFor === userId && restoredFor !== userId };
}

type SessionClient = { userId: string; client: QueryClient; createdAt: number };
let session: SessionClient | null = null;

/**
 * The query client of `userId`'s signed-in session: the one already made for them (a screen's first
 * requests may be sent before the session mounts, src/app/firstQueries.ts), or a new one.
 */
export function sessionQueryClient(userId: string): SessionClient {
  if (session?.userId !== userId) session = { userId, client: createPersistedQueryClient(), createdAt: Date.now() };
  return session;
}

/** The mounted session's client is the one later requests go to. */
function holdSessionQueryClient(userId: string, client: QueryClient, createdAt: number): void {
  session = { userId, client, createdAt };
}

/** The session ended (sign-out, another user): nothing more goes to its client. */
function releaseSessionQueryClient(client: QueryClient): void {
  if (session?.client === client) session = null;
}

/**
 * What the device kept shows at once, and is fetched again as soon as the server answers: realtime
 * events missed while the app was closed are not in it (offline, the fetch waits and it stays).
 * Answers fetched since `startedAt` are this session's own and stay fresh.
 */
export function markRestoredStale(queryClient: QueryClient, startedAt: number): Promise<void> {
  return queryClient.invalidateQueries({
    refetchType: 'none',
    predicate: (query) => query.state.dataUpdatedAt < startedAt,
  });
}

/** QueryClientProvider for the signed-in area, with the device's cache restored and kept. */
export function PersistedQueryClientProvider({ userId, children }: { userId: string; children?: ReactNode }) {
  const { queryClient, isRestoring } = usePersistedQueryClient(userId);
  return createElement(
    QueryClientProvider,
    { client: queryClient },
    createElement(IsRestoringProvider, { value: isRestoring }, children),
  );
}
