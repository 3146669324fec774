/**
 * The device's store for one user (DESIGN "Offline-first"): one IndexedDB database per user, opened
 * by Dexie, holding the outbox and the persisted query cache (which the page reads and writes without
 * Dexie: queryCacheDatabase.ts). Shared by the page and the service worker, so nothing here touches
 * the DOM.
 */
import Dexie, { type Table } from 'dexie';
import {
  databaseNameFor,
  journalKeyFor,
  USER_DATABASE_TABLES,
  USER_DATABASE_VERSION,
  userFilesCacheName,
  type MetaRow,
  type PersistedQueryRow,
} from './device.ts';
import type { LeaseStore, OutboxEntry, OutboxStore } from './index.ts';

export { databaseNameFor, journalKeyFor, requestPersistentStorage, userFilesCacheName } from './device.ts';
export type { MetaRow, PersistedQueryRow } from './device.ts';
/** Dexie's live query, for the page's live views (they reach it through device.ts's openDeviceDatabase). */
export { liveQuery } from 'dexie';

const LEASE_KEY = 'outbox-lease';

export class UserDatabase extends Dexie {
  declare outbox: Table<OutboxEntry, string>;
  declare queryCache: Table<PersistedQueryRow, string>;
  declare meta: Table<MetaRow, string>;

  constructor(readonly userId: string) {
    super(databaseNameFor(userId));
    this.version(USER_DATABASE_VERSION).stores(USER_DATABASE_TABLES);
    // Deleted (sign-out in another tab) or upgraded elsewhere: this connection closes for good, so a
    // late write cannot recreate the signed-out user's data. A later userDatabase() opens afresh.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: true });
      if (openDatabases.get(userId) === this) openDatabases.delete(userId);
      return false;
    });
  }
}

const openDatabases = new Map<string, UserDatabase>();

/** The page's connection to a user's database (one per user per context, opened on first use). */
export function userDatabase(userId: string): UserDatabase {
  if (!userId) throw new Error('userDatabase: a user id is required');
  let database = openDatabases.get(userId);
  if (!database) {
    database = new UserDatabase(userId);
    openDatabases.set(userId, database);
  }
  return database;
}

/** Whether this device holds a database for the user, without creating one. */
export function userDatabaseExists(userId: string): Promise<boolean> {
  return Dexie.exists(databaseNameFor(userId));
}

/** The outbox of a user's database as the replay engine's store (with a lease for runtimes without Web Locks). */
export function outboxStoreFor(database: UserDatabase): OutboxStore & LeaseStore {
  const { outbox, meta } = database;
  return {
    list: () => outbox.orderBy('seq').toArray(),
    get: (id) => outbox.get(id),
    add: (entry) =>
      database.transaction('rw', outbox, async () => {
        const last = await outbox.orderBy('seq').last();
        const stored: OutboxEntry = { ...entry, seq: (last?.seq ?? 0) + 1 };
        await outbox.add(stored);
        return stored;
      }),
    modify: (id, decide) =>
      database.transaction('rw', outbox, async () => {
        const entry = await outbox.get(id);
        if (!entry) return undefined;
        const changes = decide(entry);
        if (!changes) return undefined;
        const next: OutboxEntry = { ...entry, ...changes, id: entry.id, seq: entry.seq };
        await outbox.put(next);
        return next;
      }),
    remove: (id, decide) =>
      database.transaction('rw', outbox, async () => {
        const entry = await outbox.get(id);
        if (!entry || (decide && !decide(entry))) return false;
        await outbox.delete(id);
        return true;
      }),
    claimLease: (owner, now, ttlMs) =>
      database.transaction('rw', meta, async () => {
        const current = (await meta.get(LEASE_KEY))?.value as { owner: string; expiresAt: number } | undefined;
        if (current && current.owner !== owner && current.expiresAt > now) return false;
        await meta.put({ key: LEASE_KEY, value: { owner, expiresAt: now + ttlMs } });
        return true;
      }),
    releaseLease: (owner) =>
      database.transaction('rw', meta, async () => {
        const current = (await meta.get(LEASE_KEY))?.value as { owner: string } | undefined;
        if (current?.owner === owner) await meta.delete(LEASE_KEY);
      }),
  };
}

/** Deletes the user's database; connections elsewhere (tabs, the worker) are closed by Dexie on the way. */
export async function deleteUserDatabase(userId: string): Promise<void> {
  const database = openDatabases.get(userId);
  openDatabases.delete(userId);
  // No reopening by a late write (a persister still flushing): it fails instead of recreating the data.
  if (database) await database.delete({ disableAutoOpen: true });
  else await Dexie.delete(databaseNameFor(userId));
}

/** Removes API answers from every runtime cache (other accounts' pictures too: they are fetched again). */
export async function deleteCachedApiResponses(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    if (name.startsWith('workbox-precache')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith('/api/')) await cache.delete(request);
    }
  }
}

type PushRegistration = { pushManager: { getSubscription(): Promise<{ unsubscribe(): Promise<boolean> } | null> } };
type PageNavigator = { serviceWorker?: { getRegistration(): Promise<PushRegistration | undefined> } };

/** Unsubscribes this browser from Web Push (the server drops the subscription at its next push). */
async function unsubscribeBrowserPush(): Promise<void> {
  const registration = await (globalThis as { navigator?: PageNavigator }).navigator?.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/**
 * Sign-out: removes this user's data from the device: the IndexedDB database (outbox and persisted
 * queries), the journal of their waiting changes, the worker's cache of their document pictures, cached
 * API answers and the push subscription. `unsubscribePush` replaces the default
 * (browser-only) unsubscription, e.g. with one that also tells the server; call this while the token
 * is still valid if it does. Every step runs even when one fails; the failures are thrown together.
 */
export async function clearUserData(
  userId: string,
  options: { unsubscribePush?: () => Promise<void> } = {},
): Promise<void> {
  const failures: unknown[] = [];
  const step = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      failures.push(error);
    }
  };
  await step(options.unsubscribePush ?? unsubscribeBrowserPush);
  await step(() => deleteUserDatabase(userId));
  await step(async () =>
    (globalThis as { localStorage?: { removeItem(key: string): void } }).localStorage?.removeItem(
      journalKeyFor(userId),
    ),
  );
  await step(async () => {
    if (typeof caches !== 'undefined') await caches.delete(userFilesCacheName(userId));
  });
  await step(deleteCachedApiResponses);
  if (failures.length > 0) throw new AggregateError(failures, 'Some of this account’s data could not be removed.');
}
