// IndexedDB in Node (fake-indexeddb), installed before Dexie loads, so both use the same one.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDatabase, outboxStoreFor, userDatabase } from './engine/db.ts';
import { databaseNameFor, USER_DATABASE_TABLES } from './engine/device.ts';
import type { OutboxEntry } from './engine/index.ts';
import { NATIVE_VERSION, openQueryCacheDatabase, parseTable, readQueryCache } from './engine/queryCacheDatabase.ts';
import { deviceQueryCacheStorage } from './queryCacheStorage.ts';

const row = (queryHash: string, dataUpdatedAt: number) => ({ queryHash, dataUpdatedAt, query: { queryHash } });
const meta = (timestamp: number) => ({ timestamp, buster: 'test' });
const opened: IDBDatabase[] = [];
const open = async (userId: string, onClose = () => undefined) => {
  const database = await openQueryCacheDatabase(userId, onClose);
  opened.push(database);
  return database;
};

/** What Dexie reads of a database's tables: name, primary key and sorted indexes. */
async function shapeOf(name: string) {
  const dexie = new Dexie(name);
  await dexie.open();
  const shape = dexie.tables
    .map((table) => ({
      name: table.name,
      primaryKey: table.schema.primKey.keyPath,
      auto: table.schema.primKey.auto,
      indexes: table.schema.indexes.map((index) => [index.keyPath, index.unique, index.multi]).sort(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const version = dexie.verno;
  dexie.close();
  return { version, shape };
}

afterEach(() => {
  for (const database of opened.splice(0)) database.close();
  vi.restoreAllMocks();
});

describe('the query cache’s own connection to the user’s database', () => {
  it('creates the database exactly as Dexie declares it, so Dexie opens it with nothing to change', async () => {
    const userId = crypto.randomUUID();
    const warn = vi.spyOn(console, 'warn');
    await open(userId);

    const created = await shapeOf(databaseNameFor(userId));
    // The same declaration, created by Dexie itself in another database.
    const byDexie = crypto.randomUUID();
    await userDatabase(byDexie).open();
    userDatabase(byDexie).close();
    expect(created).toEqual(await shapeOf(databaseNameFor(byDexie)));
    expect(created.version).toBe(NATIVE_VERSION / 10);

    // Dexie opens it at its own version and works on it: no schema patch, the outbox's order kept.
    const database = userDatabase(userId);
    await database.open();
    expect(database.verno).toBe(1);
    const outbox = outboxStoreFor(database);
    const entry = { id: 'a', state: 'pending' } as unknown as OutboxEntry;
    await outbox.add(entry);
    await outbox.add({ ...entry, id: 'b' });
    expect((await outbox.list()).map((e) => [e.id, e.seq])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/SchemaDiff/);
    database.close();
  });

  it('opens a database Dexie created, and what one side writes the other reads', async () => {
    const userId = crypto.randomUUID();
    const database = userDatabase(userId);
    await database.open();
    await database.queryCache.put(row('from-dexie', 1));

    const storage = deviceQueryCacheStorage(userId);
    await storage.write({ put: [row('from-the-page', 2)], remove: [], meta: meta(2) });
    const read = await storage.read();
    expect(read.rows.map((r) => r.queryHash).sort()).toEqual(['from-dexie', 'from-the-page']);
    expect(read.meta).toEqual(meta(2));
    expect((await database.queryCache.get('from-the-page'))?.dataUpdatedAt).toBe(2);
    database.close();
  });

  it('opens a database some later version left at a higher number', async () => {
    const userId = crypto.randomUUID();
    // A later release's schema (one more table) on the same database.
    const later = new Dexie(databaseNameFor(userId));
    later.version(2).stores({ ...USER_DATABASE_TABLES, drafts: 'id' });
    await later.open();
    await later.table('queryCache').put(row('kept', 1));
    later.close();

    const database = await open(userId);
    expect(database.version).toBe(20);
    expect((await readQueryCache(database, 'query-cache')).rows.map((r) => r.queryHash)).toEqual(['kept']);
  });

  it('gives way when the user’s database is deleted (sign-out): the deletion is not blocked, later writes fail', async () => {
    const userId = crypto.randomUUID();
    const storage = deviceQueryCacheStorage(userId);
    await storage.write({ put: [row('q', 1)], remove: [], meta: meta(1) });

    await deleteUserDatabase(userId);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(databaseNameFor(userId));
    await expect(storage.write({ put: [row('late', 2)], remove: [], meta: meta(2) })).rejects.toThrow(/closed/);
    // Nothing recreated the signed-out user's data.
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(databaseNameFor(userId));
  });

  it('lands writes asked for before the database was open in the order they were asked for', async () => {
    const storage = deviceQueryCacheStorage(crypto.randomUUID());
    const writes = [1, 2, 3].map((n) =>
      storage.write({ put: [row('same', n)], remove: n === 3 ? ['gone'] : [], meta: meta(n) }),
    );
    await Promise.all(writes);
    const read = await storage.read();
    expect(read.rows).toEqual([row('same', 3)]);
    expect(read.meta).toEqual(meta(3));

    await storage.write({ put: [row('other', 4)], remove: ['same'], meta: meta(4) });
    expect((await storage.read()).rows.map((r) => r.queryHash)).toEqual(['other']);
    await storage.clear();
    expect(await storage.read()).toEqual({ meta: undefined, rows: [] });
  });

  it('writes nothing of a change that holds a row the browser cannot store', async () => {
    const storage = deviceQueryCacheStorage(crypto.randomUUID());
    await storage.write({ put: [row('kept', 1)], remove: [], meta: meta(1) });
    const unstorable = { queryHash: 'bad', dataUpdatedAt: 2, query: { run: () => undefined } };
    await expect(
      storage.write({ put: [row('also', 2), unstorable], remove: ['kept'], meta: meta(2) }),
    ).rejects.toThrow();
    const read = await storage.read();
    expect(read.rows.map((r) => r.queryHash)).toEqual(['kept']);
    expect(read.meta).toEqual(meta(1));
  });
});

describe('parseTable', () => {
  it('reads a primary key and plain indexes', () => {
    expect(parseTable('id, seq, state')).toEqual({ primaryKey: 'id', indexes: ['seq', 'state'] });
    expect(parseTable('queryHash')).toEqual({ primaryKey: 'queryHash', indexes: [] });
  });

  it('refuses what only Dexie knows how to create', () => {
    for (const declaration of ['++id', '&email', '*tags', '[a+b]', 'id, address.city', '']) {
      expect(() => parseTable(declaration), declaration).toThrow(/plain key path/);
    }
  });
});
