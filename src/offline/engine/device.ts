/**
 * What the page and the service worker know of the device's store without opening it: the names of a
 * user's database, journal and picture cache, the database's tables, and the request to keep storage.
 * Nothing here loads Dexie: the page fetches the database module (db.ts) with openDeviceDatabase() on
 * first use, so the first screen's requests and rendering do not wait for it.
 */

/** A row of the database's `meta` table: the query cache's snapshot time and buster, the outbox's lease, lost changes. */
export type MetaRow = { key: string; value: unknown };

/** One dehydrated query of the persisted cache, by its hash (persist.ts writes only what changed). */
export type PersistedQueryRow = { queryHash: string; dataUpdatedAt: number; query: unknown };

const DATABASE_PREFIX = 'caremesh-user-';

export const databaseNameFor = (userId: string) => `${DATABASE_PREFIX}${userId}`;

/**
 * The user's database as Dexie declares it (db.ts): its version and its tables, each a primary key
 * followed by its indexes. The persisted query cache opens the same database without Dexie
 * (queryCacheDatabase.ts) and, when it is not there yet, creates exactly these: plain key paths only.
 */
export const USER_DATABASE_VERSION = 1;
export const USER_DATABASE_TABLES = {
  outbox: 'id, seq, state',
  queryCache: 'queryHash',
  meta: 'key',
} as const;
/** Where the page keeps the journal of this account's waiting changes (journal.ts), in localStorage. */
export const journalKeyFor = (userId: string) => `caremesh-outbox-journal-${userId}`;
/** The service worker's runtime cache of this account's document pictures (service-worker/userFiles.ts). */
export const userFilesCacheName = (userId: string) => `caremesh-user-files-${userId}`;

/** The database module (Dexie and the user's database), fetched once, on first use. */
export const openDeviceDatabase = () => import('./db.ts');

type StorageWithPersist = { persisted?(): Promise<boolean>; persist?(): Promise<boolean> };

/**
 * Asks the browser to keep this site's storage under storage pressure (queued changes must not be
 * evicted). Chrome answers from site engagement (an installed app is kept); Firefox may ask the user.
 * Resolves to whether storage is persistent; false where the API is missing.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = (globalThis as { navigator?: { storage?: StorageWithPersist } }).navigator?.storage;
  try {
    if (!storage?.persist) return false;
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
