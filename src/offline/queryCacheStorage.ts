/**
 * Where the persisted query cache is kept (persist.ts): the user's own IndexedDB database, one row per
 * query plus the snapshot's time and buster.
 */
import type * as DeviceDatabase from './engine/db.ts';
import type { UserDatabase } from './engine/db.ts';
import { openDeviceDatabase, type PersistedQueryRow } from './engine/device.ts';

const META_KEY = 'query-cache';

export type PersistedMeta = { timestamp: number; buster: string };

/** Where the cache is kept: one row per query plus the snapshot's time and buster. */
export interface QueryCacheStorage {
  read(): Promise<{ meta: PersistedMeta | undefined; rows: PersistedQueryRow[] }>;
  /**
   * Writes a change. Writes may overlap (each starts as soon as it is asked for): they must land in
   * the order they were asked for, so that the last one wins.
   */
  write(change: { put: PersistedQueryRow[]; remove: string[]; meta: PersistedMeta }): Promise<void>;
  clear(): Promise<void>;
}

/**
 * The user's Dexie database as the cache's storage (opened on first use). Once the database is open,
 * a write's transaction is created and committed in the same task that asked for it
 * (commitQueryCacheChange), so an answer on screen is on the device even if the page reloads at once.
 * Writes asked for before then wait for the open together, and go in the order they were asked for.
 */
export function dexieQueryCacheStorage(userId: string): QueryCacheStorage {
  type Ready = { device: typeof DeviceDatabase; database: UserDatabase };
  let ready: Ready | undefined;
  let opening: Promise<Ready> | undefined;
  // Writes still waiting for the open: a write asked for meanwhile waits behind them.
  let waiting = 0;
  const open = () =>
    (opening ??= openDeviceDatabase().then(async (device) => {
      const database = device.userDatabase(userId);
      if (!database.isOpen()) await database.open();
      return (ready = { device, database });
    })).catch((error: unknown) => {
      opening = undefined; // tried again by the next write
      throw error;
    });
  const commit = ({ device, database }: Ready, change: Parameters<QueryCacheStorage['write']>[0]) => {
    // Deleted (sign-out) or upgraded elsewhere, the database stays closed: the write fails, never reopens it.
    if (!database.isOpen()) return Promise.reject(new Error('The device database was closed'));
    return device.commitQueryCacheChange(database, { ...change, meta: { key: META_KEY, value: change.meta } });
  };
  return {
    async read() {
      const { queryCache, meta } = (await open()).database;
      const [row, rows] = await Promise.all([meta.get(META_KEY), queryCache.toArray()]);
      return { meta: row?.value as PersistedMeta | undefined, rows };
    },
    write(change) {
      if (ready && waiting === 0) return commit(ready, change);
      waiting += 1;
      return open().then(
        (opened) => {
          waiting -= 1;
          return commit(opened, change);
        },
        (error: unknown) => {
          waiting -= 1;
          throw error;
        },
      );
    },
    async clear() {
      const { database } = await open();
      const { queryCache, meta } = database;
      await database.transaction('rw', queryCache, meta, async () => {
        await queryCache.clear();
        await meta.delete(META_KEY);
      });
    },
  };
}
