/** What is waiting, live, for the screens: the outbox summary and the changes the device lost. */
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { AuthContext } from '../session/AuthContext.ts';
import { afterFirstScreenShown } from '../session/firstScreen.ts';
import { summarizeOutbox, type DiscardResult, type OutboxSummary } from './engine/queue.ts';
import type { JournalItem } from './journal.ts';
import { discardOutboxEntry, LOST_KEY, observeDevice, observeOutbox, retryOutboxEntry } from './outboxStorage.ts';

/** The changes this device lost before the server had them (live), oldest first. */
export function useLostChanges(userId?: string): JournalItem[] {
  const auth = useContext(AuthContext);
  const id = userId ?? auth?.user?.id ?? null;
  const feed = useMemo(() => (id ? lostFeedFor(id) : null), [id]);
  return useSyncExternalStore(
    feed?.subscribe ?? noSubscription,
    feed?.getSnapshot ?? noLostChanges,
    feed?.getSnapshot ?? noLostChanges,
  );
}

const NO_LOST: JournalItem[] = [];
const noLostChanges = () => NO_LOST;
const noSubscription = () => () => undefined;
const lostFeeds = new Map<string, LiveFeed<JournalItem[]>>();

function lostFeedFor(userId: string): LiveFeed<JournalItem[]> {
  const onError = (error: unknown) => console.warn('outbox: cannot read the lost changes', error);
  return sharedFeed(lostFeeds, userId, NO_LOST, (publish) =>
    observeDevice(
      (device) =>
        device
          .liveQuery(() => device.userDatabase(userId).meta.get(LOST_KEY))
          .subscribe({
            next: (row) => {
              const items = (row?.value as JournalItem[] | undefined) ?? NO_LOST;
              publish([...items].sort((a, b) => a.createdAt - b.createdAt));
            },
            error: onError,
          }),
      onError,
    ),
  );
}

export type OutboxView = OutboxSummary & {
  /** The first read has not answered yet. */
  loading: boolean;
  /** IndexedDB could not be read (the pending list cannot be shown). */
  unavailable: boolean;
  retry(id: string): Promise<void>;
  discard(id: string): Promise<DiscardResult>;
};

type LiveFeed<T> = { subscribe(listener: () => void): () => void; getSnapshot(): T };
type Feed = LiveFeed<OutboxSummary & { loading: boolean; unavailable: boolean }>;

const EMPTY_SNAPSHOT = { ...summarizeOutbox([]), loading: false, unavailable: false };
const emptyFeed: Feed = { subscribe: () => () => undefined, getSnapshot: () => EMPTY_SNAPSHOT };
const feeds = new Map<string, Feed>();

/**
 * One live reading per user, shared by every component that shows it: started by the first
 * subscriber, once the first screen is on screen (the reading loads Dexie; src/session/firstScreen.ts),
 * and stopped when the last one leaves.
 */
function sharedFeed<T>(
  cache: Map<string, LiveFeed<T>>,
  userId: string,
  initial: T,
  start: (publish: (next: T) => void, current: () => T) => () => void,
): LiveFeed<T> {
  const existing = cache.get(userId);
  if (existing) return existing;
  let snapshot = initial;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  const publish = (next: T) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const feed: LiveFeed<T> = {
    subscribe(listener) {
      listeners.add(listener);
      stop ??= startAfterFirstScreen(() => start(publish, () => snapshot));
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
        }
      };
    },
    getSnapshot: () => snapshot,
  };
  cache.set(userId, feed);
  return feed;
}

/** Starts a reading once the first screen is on screen; the stop returned also holds before then. */
function startAfterFirstScreen(start: () => () => void): () => void {
  let stop: (() => void) | null = null;
  const cancel = afterFirstScreenShown(() => {
    stop = start();
  });
  return () => {
    cancel();
    stop?.();
  };
}

/** One live view of a user's outbox per page, shared by every component that shows it. */
function feedFor(userId: string): Feed {
  return sharedFeed(feeds, userId, { ...summarizeOutbox([]), loading: true, unavailable: false }, (publish, current) =>
    observeOutbox(
      userId,
      (entries) => publish({ ...summarizeOutbox(entries), loading: false, unavailable: false }),
      (error) => {
        console.warn('outbox: cannot read the queue', error);
        publish({ ...current(), loading: false, unavailable: true });
      },
    ),
  );
}

/**
 * The signed-in user's outbox, live: `count` for the badge, `entries` for "Pending changes",
 * `conflicts`, `pausedForAuth`, and the user's retry and discard. Pass `userId` outside the auth context.
 */
export function useOutbox(userId?: string): OutboxView {
  const auth = useContext(AuthContext);
  const id = userId ?? auth?.user?.id ?? null;
  const feed = id ? feedFor(id) : emptyFeed;
  const snapshot = useSyncExternalStore(feed.subscribe, feed.getSnapshot, feed.getSnapshot);
  const retry = useCallback(
    async (entryId: string) => {
      if (id) await retryOutboxEntry(id, entryId);
    },
    [id],
  );
  const discard = useCallback(
    (entryId: string): Promise<DiscardResult> => (id ? discardOutboxEntry(id, entryId) : Promise.resolve('missing')),
    [id],
  );
  return useMemo(() => ({ ...snapshot, retry, discard }), [snapshot, retry, discard]);
}
