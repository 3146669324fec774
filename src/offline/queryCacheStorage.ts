/**
 * Where the persisted query cache is kept (persist.ts): the user's own IndexedDB database, one row per
 * query plus the snapshot's time and buster.
 */
import type { PersistedQueryRow } from './engine/device.ts';
import {
  clearQueryCache,
  commitQueryCacheChange,
  openQueryCacheDatabase,
  readQueryCache,
} from './engine/queryCacheDatabase.ts';

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
 * The user's database as the cache's storage, opened on first use without Dexie
 * (engine/queryCacheDatabase.ts). Once it is open, a write's transaction is created and committed in
 * the same task that asked for it (commitQueryCacheChange), so an answer on screen is on the device even
 * if the page reloads at once. Writes asked for before then wait for the open together, and go in the
 * order they were asked for. Once the database is deleted (sign-out) or upgraded elsewhere, writes fail
 * and it is not opened again.
 */
export function deviceQueryCacheStorage(userId: string, factory?: IDBFactory): QueryCacheStorage {
  let ready: IDBDatabase | undefined;
  let opening: Promise<IDBDatabase> | undefined;
  let closed = false;
  // Writes still waiting for the open: a write asked for meanwhile waits behind them.
  let waiting = 0;
  const open = () =>
    (opening ??= openQueryCacheDatabase(
      userId,
      () => {
        closed = true;
      },
      factory,
    ).then((database) => (ready = database))).catch((error: unknown) => {
      opening = undefined; // tried again by the next write
      throw error;
    });
  const commit = (database: IDBDatabase, change: Parameters<QueryCacheStorage['write']>[0]) => {
    if (closed) return Promise.reject(new Error('The device database was closed'));
    return commitQueryCacheChange(database, { ...change, meta: { key: META_KEY, value: change.meta } });
  };
  return {
    async read() {
      const { meta, rows } = await readQueryCache(await open(), META_KEY);
      return { meta: meta?.value as PersistedMeta | undefined, rows };
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
      const database = await open();
      if (closed) throw new Error('The device database was closed');
      await clearQueryCache(database, META_KEY);
    },
  };
}
