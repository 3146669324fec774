import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
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
 * Calls `answered`, if given, when the first answer arrives.
 */
export function afterFirstScreen(queryClient: QueryClient, done: () => void, answered?: () => void): () => void {
  const cache = queryClient.getQueryCache();
  let sawFetch = false;
  let sawAnswer = false;
  let finished = false;
  const check = (event?: QueryCacheNotifyEvent) => {
    if (!sawAnswer && event?.type === 'updated' && event.action.type === 'success') {
      sawAnswer = true;
      answered?.();
    }
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

/** The meta element naming what follows the first screen (server/platform/static.ts). */
const AFTER_FIRST_SCREEN_META = 'caremesh-after-first-screen';

/**
 * The code the start runs as soon as its first screen shows (the device's database module with
 * Dexie, the realtime client), fetched, not run, once that screen's first answer has arrived: it is
 * in the page by the time the screen shows, even if the connection drops right after (before the
 * service worker holds the app nothing else would have it, and a change queued then needs Dexie).
 * Fetched any earlier, it took the phone's connection from the screen's own requests. The page sent
 * with a session names it; after a sign-in in this page it is fetched when it is imported.
 */
function fetchWhatFollowsTheFirstScreen() {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${AFTER_FIRST_SCREEN_META}"]`);
  for (const href of meta?.content.split(' ').filter(Boolean) ?? []) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
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
    const cancelWait = afterFirstScreen(
      queryClient,
      () => {
        firstScreenSettled();
        cancelShown = afterFirstScreenShown(() => {
          cancelIdle = whenIdle(() => setReady(true));
        });
      },
      fetchWhatFollowsTheFirstScreen,
    );
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
