/**
 * Reads kept on the device (DESIGN "Offline-first"): the signed-in user's query cache is persisted to
 * their own IndexedDB database and restored at the next start, so with no network the last data
 * shows, marked "Offline — last updated {time}". Freshness stays SPEC §9's (src/api/freshness.ts):
 * restored answers keep their time, so stale ones are fetched again as soon as the server answers.
 */
import { createElement, useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  IsRestoringProvider,
  QueryClientProvider,
  useQueryClient,
  type DehydratedState,
  type Query,
  type QueryCache,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { version as appVersion } from '../../package.json';
import { formatDate, formatDateTime } from '../../domain/rules/format.ts';
import { KEPT_FOR_SESSION, keptOfflineFor } from '../api/freshness.ts';
import { isNoAnswer } from '../api/http.ts';
import { createQueryClient } from '../api/queryClient.ts';
import { requestPersistentStorage, type PersistedQueryRow } from './engine/device.ts';
import { deviceQueryCacheStorage, type QueryCacheStorage } from './queryCacheStorage.ts';
import { isOnline, noteReachable, noteUnreachable, useOnline } from './useOnline.ts';

/**
 * Persisted answers older than this are dropped at restore: a week, the length of a session. Each
 * query may be kept for less: keptOfflineFor (src/api/freshness.ts) says how long.
 */
export const PERSIST_MAX_AGE_MS = KEPT_FOR_SESSION;
/** The app does not wait longer than this for the device's cache before fetching. */
const RESTORE_TIMEOUT_MS = 3_000;

/** A new app version or another user never sees a cache written by the other. */
export function persistBuster(userId: string, version: string = appVersion): string {
  return `${version}:${userId}`;
}

/** The query client of a signed-in session: kept in memory as long as it may be persisted (gcTime ≥ maxAge). */
export function createPersistedQueryClient(maxAge: number = PERSIST_MAX_AGE_MS): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  const gcTime = Math.max(maxAge, Number(defaults.queries?.gcTime ?? 0));
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime } });
  return client;
}

/**
 * Every answer the cache holds, except queries that opt out with `meta: { persist: false }` (blobs,
 * secrets). A query whose last refetch failed still holds its answer: it is kept, not forgotten.
 */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.data !== undefined && query.meta?.['persist'] !== false;
}

/** What is written for a query: its answer, as a settled success (a failed refetch is not kept). */
function persistedState(query: DehydratedQuery): DehydratedQuery {
  if (query.state.data === undefined) return query;
  return { ...query, state: { ...query.state, status: 'success', error: null, fetchStatus: 'idle' } };
}

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * A TanStack Persister that writes only what changed: each query is a row, rewritten when its data
 * changes and deleted when the cache lets it go, so a save costs what changed, not the whole cache.
 */
export function createRowsPersister(
  storage: QueryCacheStorage,
  options: {
    maxAge?: number;
    now?: () => number;
    /**
     * True while the device's cache is being read into the client: a save then writes but deletes
     * nothing, since the rows read are not in the client yet and would look let go.
     */
    holdRemovals?: () => boolean;
  } = {},
): Persister {
  const maxAge = options.maxAge ?? PERSIST_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const written = new Map<string, number>();
  return {
    async persistClient(client: PersistedClient) {
      const present = new Set<string>();
      const put: PersistedQueryRow[] = [];
      for (const query of client.clientState.queries) {
        present.add(query.queryHash);
        if (written.get(query.queryHash) === query.state.dataUpdatedAt) continue;
        put.push({
          queryHash: query.queryHash,
          dataUpdatedAt: query.state.dataUpdatedAt,
          query: persistedState(query),
        });
      }
      const remove = options.holdRemovals?.() ? [] : [...written.keys()].filter((hash) => !present.has(hash));
      // Counted as written as soon as the write is asked for: a save while it is in flight writes only
      // what changed since, and starts at once instead of waiting (the storage keeps writes in order).
      const before = new Map([...put.map((row) => row.queryHash), ...remove].map((hash) => [hash, written.get(hash)]));
      for (const row of put) written.set(row.queryHash, row.dataUpdatedAt);
      for (const hash of remove) written.delete(hash);
      try {
        await storage.write({ put, remove, meta: { timestamp: client.timestamp, buster: client.buster } });
      } catch (error) {
        // Not written after all: what this write held is written again by the next save, unless a later
        // save has already taken it over.
        const restore = (hash: string, value: number | undefined) =>
          value === undefined ? written.delete(hash) : written.set(hash, value);
        for (const row of put) {
          if (written.get(row.queryHash) === row.dataUpdatedAt) restore(row.queryHash, before.get(row.queryHash));
        }
        for (const hash of remove) if (!written.has(hash)) restore(hash, before.get(hash));
        throw error;
      }
    },
    async restoreClient() {
      const { meta, rows } = await storage.read();
      if (!meta) return undefined;
      const keptUntil = (row: PersistedQueryRow) =>
        row.dataUpdatedAt + Math.min(maxAge, keptOfflineFor((row.query as DehydratedQuery).queryKey));
      const kept = rows.filter((row) => keptUntil(row) >= now());
      const expired = rows.filter((row) => keptUntil(row) < now()).map((row) => row.queryHash);
      if (expired.length > 0) await storage.write({ put: [], remove: expired, meta });
      written.clear();
      for (const row of kept) written.set(row.queryHash, row.dataUpdatedAt);
      return {
        timestamp: meta.timestamp,
        buster: meta.buster,
        clientState: { mutations: [], queries: kept.map((row) => row.query as DehydratedQuery) },
      };
    },
    async removeClient() {
      written.clear();
      await storage.clear();
    },
  };
}

/** A query that holds an answer and failed to refetch for want of a server goes back to that answer. */
export function keepAnswer(query: Query): void {
  const { state } = query;
  if (state.data === undefined || state.status !== 'error' || !isNoAnswer(state.error)) return;
  // The failure stays later than the answer kept, even when both came within one millisecond.
  const errorUpdatedAt = Math.max(state.errorUpdatedAt, state.dataUpdatedAt + 1);
  query.setState({ status: 'success', error: null, fetchStatus: 'idle', errorUpdatedAt });
}

/**
 * Whether the last fetch of a query failed, including one that went back to the answer on the device
 * (`keepAnswer`): a screen that must say a fetch failed (SPEC §8's notification toast) asks this, not
 * `isError`, which is false again once the kept answer shows.
 */
export function lastFetchFailed(result: { isError: boolean; errorUpdatedAt: number; dataUpdatedAt: number }): boolean {
  return result.isError || result.errorUpdatedAt > result.dataUpdatedAt;
}

export type PersistHandle = {
  /** Settles once the device's cache is in the client (or could not be read, or took too long). */
  restored: Promise<void>;
  /** Writes pending changes now. */
  flush(): Promise<void>;
  /** Stops persisting (sign-out: nothing more is written). */
  stop(): void;
};

export type PersistOptions = {
  userId: string;
  storage?: QueryCacheStorage;
  maxAge?: number;
  buster?: string;
};

/**
 * Restores the user's cache into `queryClient`, then writes each change as soon as it happens (an
 * answer is on the device before the user can leave the screen that showed it), and once more when
 * the page is hidden or closed. Changes in one tick are written together. A write starts at once,
 * beside any still in flight (the storage keeps them in order), and holds only what changed since the
 * last one was asked for: a reload right after an answer shows cannot catch it still waiting its turn.
 */
export function persistQueryCache(queryClient: QueryClient, options: PersistOptions): PersistHandle {
  const maxAge = options.maxAge ?? PERSIST_MAX_AGE_MS;
  const buster = options.buster ?? persistBuster(options.userId);
  let restoring = true;
  const persister = createRowsPersister(options.storage ?? deviceQueryCacheStorage(options.userId), {
    maxAge,
    holdRemovals: () => restoring,
  });
  const cache = queryClient.getQueryCache();
  let stopped = false;
  let scheduled = false;
  const writing = new Set<Promise<void>>();
  let warned = false;

  /** Starts a write of what changed, now; it does not wait for writes still in flight. */
  const writeNow = () => {
    scheduled = false;
    if (stopped) return;
    const write = persistQueryClientSave({
      queryClient,
      persister,
      buster,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    })
      .catch((error: unknown) => {
        if (!warned) console.warn('offline: the query cache could not be saved on this device', error);
        warned = true;
      })
      .finally(() => writing.delete(write));
    writing.add(write);
  };
  // Changes in one tick are written together.
  const save = () => {
    if (scheduled || stopped) return;
    scheduled = true;
    queueMicrotask(writeNow);
  };
  /** Writes what is pending now, and settles once every write asked for so far has landed. */
  const flush = async () => {
    writeNow();
    await Promise.all([...writing]);
  };

  // Whether requests get answers feeds the "Offline" indicator. An answer on the device is not
  // replaced by an error because the server could not be reached: the query goes back to its answer
  // (still stale, so it is fetched again once the server answers), and the screen shows it as offline.
  const unsubscribeReachability = cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'success') noteReachable();
    else if (event.action.type === 'error' && isNoAnswer(event.action.error)) {
      noteUnreachable();
      keepAnswer(event.query);
    }
  });

  const restore = persistQueryClientRestore({ queryClient, persister, maxAge, buster })
    .catch((error: unknown) => {
      console.warn('offline: the query cache on this device could not be read', error);
    })
    .finally(() => {
      restoring = false;
    });
  const restored = Promise.race([restore, new Promise<void>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS))]);
  // Every answer is written as it arrives, also while the device's cache is still being read (an online
  // start fetches beside it): the rows persister only deletes rows it wrote or read itself, so an early
  // save forgets nothing, and an older row read afterwards never replaces the newer answer.
  const unsubscribeSaves = cache.subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed') save();
    else if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'setState')) {
      save();
    }
  });

  // Answers the client already holds when keeping starts are written now, not with whatever changes next.
  if (cache.getAll().some(shouldPersistQuery)) save();

  const onPageHide = () => void flush();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
  }

  return {
    restored,
    flush,
    stop() {
      stopped = true;
      unsubscribeSaves();
      unsubscribeReachability();
      if (hasWindow) {
        window.removeEventListener('pagehide', onPageHide);
        document.removeEventListener('visibilitychange', onVisibility);
      }
    },
  };
}

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
  const [queryClient] = useState(() => createPersistedQueryClient());
  const [waitsFor] = useState(() => (isOnline() ? null : userId));
  // Offline, the queries wait for the device; online they fetch beside it (see above).
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    const startedAt = Date.now();
    const handle = persistQueryCache(queryClient, { userId });
    void handle.restored.then(() => {
      if (!active) return;
      void markRestoredStale(queryClient, startedAt);
      setRestoredFor(userId);
    });
    void requestPersistentStorage();
    return () => {
      active = false;
      handle.stop();
    };
  }, [queryClient, userId]);
  return { queryClient, isRestoring: waitsFor === userId && restoredFor !== userId };
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

/** The newest answer among the queries matching `queryKey`, or among those on screen; null without any. */
export function lastUpdatedAt(cache: QueryCache, queryKey?: QueryKey): number | null {
  let latest = 0;
  for (const query of cache.findAll(queryKey ? { queryKey } : { type: 'active' })) {
    if (query.state.data !== undefined && query.state.dataUpdatedAt > latest) latest = query.state.dataUpdatedAt;
  }
  return latest > 0 ? latest : null;
}

/** "Offline — last updated 10:30 AM" (today) or "… Jan 5, 2024, 10:30 AM"; "Offline" with nothing kept. */
export function offlineLabel(updatedAt: number | null, now: number = Date.now()): string {
  if (!updatedAt) return 'Offline';
  const day = formatDate(updatedAt);
  const full = formatDateTime(updatedAt);
  return `Offline — last updated ${day === formatDate(now) ? full.slice(day.length + 2) : full}`;
}

export type OfflineInfo = { online: boolean; lastUpdatedAt: number | null; label: string | null };

/**
 * For the screen's "Offline — last updated {time}" mark: `label` is null while online. With a
 * `queryKey`, the time is that data's; without, the newest of the queries on screen.
 */
export function useOfflineInfo(queryKey?: QueryKey): OfflineInfo {
  const online = useOnline();
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const read = useCallback(() => lastUpdatedAt(cache, queryKey), [cache, queryKey]);
  const updatedAt = useSyncExternalStore(subscribe, read, read);
  return { online, lastUpdatedAt: updatedAt, label: online ? null : offlineLabel(updatedAt) };
}
