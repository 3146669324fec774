/**
 * The user's database opened with IndexedDB itself, for the persisted query cache only (persist.ts,
 * through queryCacheStorage.ts). The first screen restores and writes its answers through this
 * connection, so Dexie, about 30 KB of gzipped code with its own start-up, is not needed before the
 * first screen shows: the outbox's live readings load it afterwards (src/session/firstScreen.ts).
 *
 * Dexie stays the owner of the database's shape (db.ts). This connection opens the native version
 * Dexie opens (its version × 10), and a database that is not there yet is created with exactly the
 * tables and indexes Dexie declares (device.ts's USER_DATABASE_TABLES), so that Dexie finds nothing to
 * change when it opens it later. A database some other version left (an older one to upgrade, or a
 * newer one) is opened at the version it has, and what it holds is used only if the two tables are there.
 */
import {
  databaseNameFor,
  USER_DATABASE_TABLES,
  USER_DATABASE_VERSION,
  type MetaRow,
  type PersistedQueryRow,
} from './device.ts';

/** Dexie opens version n of a schema as IndexedDB version n × 10. */
export const NATIVE_VERSION = USER_DATABASE_VERSION * 10;

/** What one write of the persisted query cache changes: rows put, rows deleted, and the snapshot's meta row. */
export type QueryCacheChange = { put: PersistedQueryRow[]; remove: string[]; meta: MetaRow };

const QUERY_CACHE = 'queryCache';
const META = 'meta';

/** A table's primary key and indexes from Dexie's declaration; only plain key paths are understood here. */
export function parseTable(declaration: string): { primaryKey: string; indexes: string[] } {
  const [primaryKey = '', ...indexes] = declaration.split(',').map((part) => part.trim());
  for (const keyPath of [primaryKey, ...indexes]) {
    if (!/^[A-Za-z_$][\w$]*$/.test(keyPath)) {
      throw new Error(`queryCacheDatabase: "${keyPath}" is not a plain key path; create this database with Dexie`);
    }
  }
  return { primaryKey, indexes };
}

function createTables(database: IDBDatabase): void {
  for (const [name, declaration] of Object.entries(USER_DATABASE_TABLES)) {
    const { primaryKey, indexes } = parseTable(declaration);
    const store = database.createObjectStore(name, { keyPath: primaryKey });
    for (const index of indexes) store.createIndex(index, index, { unique: false, multiEntry: false });
  }
}

const hasQueryCache = (database: IDBDatabase) =>
  database.objectStoreNames.contains(QUERY_CACHE) && database.objectStoreNames.contains(META);

function request(factory: IDBFactory, name: string, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = version === undefined ? factory.open(name) : factory.open(name, version);
    opening.onupgradeneeded = (event) => {
      // A new database gets Dexie's tables. An older one is Dexie's to upgrade: this open gives way.
      if (event.oldVersion === 0) createTables(opening.result);
      else opening.transaction?.abort();
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error ?? new DOMException('The device database could not be opened'));
    // Another connection holds an older version and does not close: this open waits for it, as Dexie's would.
  });
}

/**
 * Opens the user's database for the query cache. `onClose` is called when the connection closes for
 * good: the database is deleted (sign-out) or upgraded elsewhere. It is not opened again here then, so
 * a late write cannot recreate a signed-out user's data.
 */
export async function openQueryCacheDatabase(
  userId: string,
  onClose: () => void,
  factory: IDBFactory = indexedDB,
): Promise<IDBDatabase> {
  const name = databaseNameFor(userId);
  let database: IDBDatabase;
  try {
    database = await request(factory, name, NATIVE_VERSION);
  } catch (error) {
    // A newer version (VersionError) or an older one this open gave way to (AbortError): take it as it is.
    if (!(error instanceof DOMException) || (error.name !== 'VersionError' && error.name !== 'AbortError')) throw error;
    database = await request(factory, name);
  }
  if (!hasQueryCache(database)) {
    database.close();
    throw new Error('The device database has no query cache yet');
  }
  database.onversionchange = () => {
    database.close();
    onClose();
  };
  database.onclose = () => onClose();
  return database;
}

/** The snapshot's meta row and every query row, read in one transaction. */
export function readQueryCache(
  database: IDBDatabase,
  metaKey: string,
): Promise<{ meta: MetaRow | undefined; rows: PersistedQueryRow[] }> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction([QUERY_CACHE, META], 'readonly');
    const rows = transaction.objectStore(QUERY_CACHE).getAll();
    const meta = transaction.objectStore(META).get(metaKey);
    transaction.oncomplete = () =>
      resolve({ meta: meta.result as MetaRow | undefined, rows: rows.result as PersistedQueryRow[] });
    transaction.onabort = () => reject(transaction.error ?? new DOMException('The read was aborted', 'AbortError'));
  });
}

/**
 * Writes a change of the persisted query cache in one IndexedDB transaction whose requests are all
 * issued at once and which is then committed at once (IDBTransaction.commit). A page that reloads or
 * closes right after still keeps it: the browser aborts a transaction its page leaves uncommitted,
 * and one with requests still to issue after a round trip is exactly that. `database` must be open.
 * Transactions on the same stores run in the order they were created, so a later write always wins.
 */
export function commitQueryCacheChange(database: IDBDatabase, change: QueryCacheChange): Promise<void> {
  let transaction: IDBTransaction;
  try {
    transaction = database.transaction([QUERY_CACHE, META], 'readwrite');
  } catch (error) {
    // The connection closed in the meantime (InvalidStateError).
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new DOMException('The write was aborted', 'AbortError'));
  });
  try {
    const queryCache = transaction.objectStore(QUERY_CACHE);
    for (const hash of change.remove) queryCache.delete(hash);
    for (const row of change.put) queryCache.put(row);
    transaction.objectStore(META).put(change.meta);
    transaction.commit();
  } catch (error) {
    // A row the browser cannot store (DataCloneError): nothing of this change is written.
    transaction.abort();
    return done.catch(() => Promise.reject(error));
  }
  return done;
}

/** Empties the query cache and deletes the snapshot's meta row, in one transaction. */
export function clearQueryCache(database: IDBDatabase, metaKey: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction([QUERY_CACHE, META], 'readwrite');
    transaction.objectStore(QUERY_CACHE).clear();
    transaction.objectStore(META).delete(metaKey);
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new DOMException('The change was aborted', 'AbortError'));
  });
}
