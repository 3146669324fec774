import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterFirstScreenShown, firstScreenSettled } from '../session/firstScreen.ts';
import { whenIdle } from '../ui/idle.ts';
import type * as LiveUpdatesModuleType from './LiveUpdates.tsx';

type LiveUpdatesModule = typeof LiveUpdatesModuleType;

/** The latest the work after the first screen waits, whatever is still being fetched. */
export const FIRST_SCREEN_WAIT_MS = 4_000;

/** How long a failed download of the chunk waits before it is tried again (sooner when the browser is back online). */
const RETRY_MS = 10_000;

/**
 * The chunk, fetched until it arrives: the connection may drop before it is downloaded (the worker
 * does not control the page yet), and a failure must not take the screen down — the outbox replay
 * in it then starts once the chunk is in.
 */
function loadLiveUpdates(): Promise<LiveUpdatesModule> {
  return import('./LiveUpdates.tsx').catch(
    () =>
      new Promise((resolve) => {
        const retry = () => {
          window.removeEventListener('online', retry);
          clearTimeout(timer);
          resolve(loadLiveUpdates());
        };
        const timer = setTimeout(retry, RETRY_MS);
        window.addEventListener('online', retry);
      }),
  );
}

const LiveUpdates = lazy(() => loadLiveUpdates().then((m) => ({ default: m.LiveUpdates })));

/** Settles (`ready`) once the listeners of realtime events are mounted (`resolve`); both stable. */
export type ListenersMounted = { ready: () => Promise<void>; resolve: () => void };
export function listenersMounted(): ListenersMounted {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { ready: () => promise, resolve };
}

/**
 * Calls `done` once the first screen's requests have settled: something was fetched and nothing is
 * being fetched now, or a request waits for the network (offline), or FIRST_SCREEN_WAIT_MS passed.
 */
export function afterFirstScreen(queryClient: QueryClient, done: () => void): () => void {
  const cache = queryClient.getQueryCache();
  let sawFetch = false;
  let finished = false;
  const check = () => {
    const queries = cache.getAll();
    if (queries.some((query) => query.state.fetchStatus === 'fetching')) sawFetch = true;
    const waitingForNetwork = queries.some((query) => query.state.fetchStatus === 'paused');
    if ((sawFetch || waitingForNetwork) && queryClient.isFetching() === 0) finish();
  };
  const unsubscribe = cache.subscribe(check);
  const cap = setTimeout(() => finish(), FIRST_SCREEN_WAIT_MS);
  function finish() {
    if (finished) return;
    finished = true;
    unsubscribe();
    clearTimeout(cap);
    done();
  }
  check();
  return () => {
    finished = true;
    unsubscribe();
    clearTimeout(cap);
  };
}

/**
 * The outbox replay and the realtime listeners (LiveUpdates.tsx, a chunk of its own with the schemas
 * that parse events), mounted once the first screen has its data, has been painted, and the main
 * thread is idle: their download and start do not compete with it. The first screen's settling also
 * opens the start's gate (src/session/firstScreen.ts) for the realtime connection, the outbox's live
 * readings and the service worker. `onMounted` tells the realtime connection to hand the listeners
 * the events it held meanwhile.
 */
export function LiveUpdatesAfterFirstScreen({ onMounted }: { onMounted: () => void }) {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelShown = () => undefined as void;
    let cancelIdle = () => undefined as void;
    const cancelWait = afterFirstScreen(queryClient, () => {
      firstScreenSettled();
      cancelShown = afterFirstScreenShown(() => {
        cancelIdle = whenIdle(() => setReady(true));
      });
    });
    return () => {
      cancelWait();
      cancelShown();
      cancelIdle();
    };
  }, [queryClient]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <LiveUpdates onMounted={onMounted} />
    </Suspense>
  );
}
