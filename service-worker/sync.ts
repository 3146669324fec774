/// <reference lib="webworker" />
/**
 * Background Sync of the outbox: the browser wakes the worker with the 'caremesh-outbox' tag when the
 * connection allows, even with every CareMesh page closed, and the worker runs the same replay engine
 * as the page against the same IndexedDB database. The signed-in user is the one the jwtToken cookie
 * names; only that user's queue is replayed, with that cookie (and its token as bearer).
 */
import { UserDatabase, outboxStoreFor, userDatabaseExists } from '../src/offline/engine/db.ts';
import {
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  outboxLock,
  replayOutbox,
  userIdOfToken,
  type ReplayReport,
} from '../src/offline/engine/index.ts';

export { OUTBOX_SYNC_TAG };

declare let self: ServiceWorkerGlobalScope;

/** The SyncEvent of Background Sync (not in TypeScript's lib). */
type SyncEventLike = ExtendableEvent & { tag?: unknown; lastChance?: unknown };

const TOKEN_COOKIE = 'jwtToken';

/** The session token from the jwtToken cookie (Cookie Store API: Chromium, where Background Sync is). */
export async function readSessionToken(scope: { cookieStore?: CookieStore } = self): Promise<string | null> {
  try {
    const cookie = await scope.cookieStore?.get(TOKEN_COOKIE);
    return cookie?.value ? decodeURIComponent(cookie.value) : null;
  } catch {
    return null;
  }
}

export class OutboxWaitingError extends Error {
  override name = 'OutboxWaitingError';
}

/**
 * One replay of the signed-in user's outbox. Rejects while changes still wait for a retry (so the
 * browser schedules the sync again), except on the browser's last chance; resolves when the queue is
 * done, needs the user (conflict, sign-in), or nobody is signed in.
 */
export async function replayOutboxInWorker(options: { lastChance?: boolean } = {}): Promise<ReplayReport | null> {
  const token = await readSessionToken();
  const userId = userIdOfToken(token);
  // Without a readable session the page replays after the next sign-in.
  if (!userId || !(await userDatabaseExists(userId))) return null;
  const database = new UserDatabase(userId);
  try {
    const store = outboxStoreFor(database);
    const report = await replayOutbox({
      store,
      userId,
      fetch: (url, init) => self.fetch(url, init),
      getToken: () => readSessionToken(),
      lock: outboxLock(userId, store),
      connectivityRestored: true,
    });
    if (report.ran && (report.sent.length > 0 || report.conflicts.length > 0 || report.pausedForAuth)) {
      announce(userId);
    }
    if (report.retryAt !== null && !options.lastChance) {
      throw new OutboxWaitingError(`${report.pending} queued change(s) wait for another attempt`);
    }
    return report;
  } finally {
    database.close();
  }
}

/** Open pages toast what was sent and refresh their data (pageReplay.ts listens). */
function announce(userId: string) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage({ type: 'replayed', userId });
  channel.close();
}

/** The worker's 'sync' listener: `self.addEventListener('sync', onOutboxSync);` */
export function onOutboxSync(event: Event): void {
  const sync = event as SyncEventLike;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(replayOutboxInWorker({ lastChance: sync.lastChance === true }));
}
