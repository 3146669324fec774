/**
 * The page's side of the outbox replay: runs the engine at start, when the connection comes back,
 * when the app regains focus, when a change is queued and when a waiting entry is due; tells the user
 * what was sent or refused; and keeps every open tab's queries fresh. Where Background Sync exists the
 * service worker also replays (service-worker/sync.ts), so changes go even after the page is closed;
 * the lock keeps them one at a time.
 */
import { useContext, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AuthContext } from '../session/AuthContext.ts';
import { getToken } from '../session/token.ts';
import { useToast } from '../ui/toast/index.ts';
import { outboxStoreFor, userDatabase } from './engine/db.ts';
import { offlineApi } from '../api/offline.ts';
import { reconcileJournal, syncJournal, type JournalItem } from './journal.ts';
import { onOutboxChanged, outcomeMessages, recordLostChanges, requestBackgroundSync, settleOutbox } from './outbox.ts';
import { useSentAnswers } from './offlineChange.ts';
import { OUTBOX_CHANNEL, outboxLock, replayOutbox, type OutboxEntry, type StoredQueryKey } from './engine/index.ts';
import { sendRequest } from './sendRequest.ts';
import { isAnsweredOnScreen } from './submit.ts';
import { noteReachable, noteUnreachable } from './useOnline.ts';

/** Messages on OUTBOX_CHANNEL: the worker replayed (pages settle), or a page settled (others refresh). */
export type OutboxChannelMessage =
  { type: 'replayed'; userId: string } | { type: 'settled'; userId: string; invalidates: StoredQueryKey[] };

/** A wait longer than this is re-checked anyway (timers in background tabs drift). */
const MAX_TIMER_MS = 5 * 60_000;
const LEASE_RETRY_MS = 3_000;

export type PageReplayOptions = {
  userId: string;
  /** Refreshes queries after a change was sent (here and, through the channel, in other tabs). */
  invalidate(keys: StoredQueryKey[]): void;
  /** Entries newly sent or newly in conflict: tell the user. */
  announce(entries: OutboxEntry[]): void;
  /** The queue waits for a new sign-in (a 401, or the session ended). Called once per pause. */
  onPausedForAuth?(): void;
  /** Changes the device lost (journal.ts) that the server never applied: tell the user. */
  onLost?(items: JournalItem[]): void;
  getToken?: () => string | null;
  /** What the server holds of these keys (POST /idempotency-keys/lookup). */
  lookupKeys?: typeof offlineApi.lookupKeys;
};

export type PageReplay = { run(connectivityRestored?: boolean): void; stop(): void };

export function startPageReplay(options: PageReplayOptions): PageReplay {
  const { userId } = options;
  const store = outboxStoreFor(userDatabase(userId));
  const lock = outboxLock(userId, store);
  const controller = new AbortController();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  let running = false;
  let again = false;
  let restoredAgain = false;
  let stopped = false;
  let paused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // Anything the journal names that the outbox lost is checked with the server once, then reported.
  const reconcile = async () => {
    const lost = await reconcileJournal(userId, await store.list(), options.lookupKeys ?? offlineApi.lookupKeys);
    if (!lost || lost.length === 0) return;
    await recordLostChanges(userId, lost);
    options.onLost?.(lost);
  };

  const settle = async () => {
    const settled = await settleOutbox(store, (entries) => {
      const invalidates = entries.filter((entry) => entry.state === 'sent').flatMap((entry) => entry.invalidates);
      if (invalidates.length > 0) {
        options.invalidate(invalidates);
        channel?.postMessage({ type: 'settled', userId, invalidates } satisfies OutboxChannelMessage);
      }
      options.announce(entries);
    });
    syncJournal(userId, await store.list());
    return settled;
  };

  const schedule = (at: number | null) => {
    clearTimeout(timer);
    if (at === null || stopped) return;
    const wait = Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => run(), wait);
  };

  const run = (connectivityRestored = false) => {
    if (stopped) return;
    if (running) {
      again = true;
      restoredAgain ||= connectivityRestored;
      return;
    }
    running = true;
    void (async () => {
      let restored = connectivityRestored;
      try {
        do {
          again = false;
          // Surely offline: nothing to try (the 'online' event runs it again).
          if (navigator.onLine === false) break;
          await reconcile().catch((error: unknown) => console.warn('outbox: the journal could not be checked', error));
          const report = await replayOutbox({
            store,
            userId,
            // fetch, or XMLHttpRequest for an upload whose progress a screen shows.
            fetch: sendRequest,
            getToken: options.getToken ?? getToken,
            lock,
            connectivityRestored: restored,
            signal: controller.signal,
          });
          restored = restoredAgain;
          restoredAgain = false;
          if (stopped) break;
          if (report.sent.length > 0 || report.conflicts.length > 0) noteReachable();
          if (report.stoppedBy?.kind === 'NETWORK') noteUnreachable();
          await settle();
          // Another tab held the lease (no Web Locks here): look again shortly.
          schedule(report.ran ? report.retryAt : Date.now() + LEASE_RETRY_MS);
          if (report.pausedForAuth && !paused) options.onPausedForAuth?.();
          paused = report.pausedForAuth;
          // The worker finishes what is still waiting should this page close.
          if (report.retryAt !== null) void requestBackgroundSync();
        } while (again && !stopped);
      } catch (error) {
        console.warn('outbox: replay failed', error);
      } finally {
        running = false;
      }
    })();
  };

  const onOnline = () => run(true);
  const onFocus = () => run();
  const onVisible = () => {
    if (document.visibilityState === 'visible') run();
  };
  const unlisten = onOutboxChanged((changed) => {
    if (changed === userId) run();
  });
  if (channel) {
    channel.onmessage = (event: MessageEvent<OutboxChannelMessage>) => {
      const message = event.data;
      if (message?.userId !== userId) return;
      if (message.type === 'settled') options.invalidate(message.invalidates);
      else if (message.type === 'replayed') void settle().catch(() => undefined);
    };
  }
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  // What the worker sent while no page was open is announced even when offline now.
  void settle().catch(() => undefined);
  run();

  return {
    run,
    stop() {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      unlisten();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      channel?.close();
    },
  };
}

/**
 * Runs the page's replay for the signed-in user while mounted (put it once inside the signed-in
 * area, under the QueryClientProvider and the ToastProvider).
 */
export function useOutboxReplay(userId?: string): void {
  const auth = useContext(AuthContext);
  const id = userId ?? auth?.user?.id ?? null;
  const queryClient = useQueryClient();
  useSentAnswers(queryClient, id ?? undefined);
  const toast = useToast();
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  }, [toast]);

  useEffect(() => {
    if (!id) return;
    const replay = startPageReplay({
      userId: id,
      invalidate: (keys) => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      },
      announce: (entries) => {
        // A screen that waited for the answer showed it already.
        for (const { kind, message } of outcomeMessages(entries.filter((entry) => !isAnsweredOnScreen(entry.id)))) {
          toastRef.current.show({ kind, message, ...(kind === 'error' ? { duration: 30_000 } : {}) });
        }
      },
      onLost: (items) =>
        toastRef.current.error(
          `${lostSentence(items.length)} Open Pending changes to see which, then make ${items.length === 1 ? 'it' : 'them'} again.`,
          { title: 'Changes lost on this device', duration: 60_000 },
        ),
      onPausedForAuth: () =>
        toastRef.current.warning('Sign in again to send the changes waiting on this device.', { duration: 30_000 }),
    });
    return () => replay.stop();
  }, [id, queryClient]);
}

/** "2 changes made on this device were lost before they reached the server." */
export function lostSentence(count: number): string {
  return count === 1
    ? '1 change made on this device was lost before it reached the server.'
    : `${count} changes made on this device were lost before they reached the server.`;
}

/** useOutboxReplay as a component: `<OutboxReplay />`. */
export function OutboxReplay(): null {
  useOutboxReplay();
  return null;
}
