import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/query-persist-client-core';
import type { PersistedQueryRow } from './engine/db.ts';
import {
  PERSIST_MAX_AGE_MS,
  createPersistedQueryClient,
  createRowsPersister,
  offlineLabel,
  persistBuster,
  shouldPersistQuery,
  type PersistedMeta,
  type QueryCacheStorage,
} from './persist.ts';

const T0 = Date.UTC(2026, 0, 5, 5, 0, 0); // 10:30 AM in India

function memoryStorage() {
  let meta: PersistedMeta | undefined;
  const rows = new Map<string, PersistedQueryRow>();
  const writes: { put: string[]; remove: string[] }[] = [];
  const storage: QueryCacheStorage = {
    async read() {
      return { meta, rows: [...rows.values()].map((row) => structuredClone(row)) };
    },
    async write(change) {
      writes.push({ put: change.put.map((row) => row.queryHash), remove: change.remove });
      for (const hash of change.remove) rows.delete(hash);
      for (const row of change.put) rows.set(row.queryHash, structuredClone(row));
      meta = change.meta;
    },
    async clear() {
      rows.clear();
      meta = undefined;
    },
  };
  return { storage, rows, writes };
}

const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery };

describe('the persisted query cache', () => {
  it('keeps queries as long as they may be persisted', () => {
    expect(createPersistedQueryClient().getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
  });

  it('is busted by another app version or another user', () => {
    expect(persistBuster('u1', '0.1.0')).toBe('0.1.0:u1');
    expect(persistBuster('u1', '0.1.0')).not.toBe(persistBuster('u2', '0.1.0'));
  });

  it('writes only the queries that changed and deletes those the cache let go', async () => {
    const { storage, writes } = memoryStorage();
    const persister = createRowsPersister(storage, { now: () => T0 });
    const client = new QueryClient();
    const save = () => persistQueryClientSave({ queryClient: client, persister, buster: 'b', dehydrateOptions });

    client.setQueryDefaults(['secret'], { meta: { persist: false } });
    client.setQueryData(['hospitals', 1], { name: 'Sahyadri' });
    client.setQueryData(['doctors', 1], { name: 'Dr Rao' });
    client.setQueryData(['secret'], new Blob(['x']));
    await save();
    await save();
    client.setQueryData(['doctors', 1], { name: 'Dr Arjun Rao' }, { updatedAt: Date.now() + 1 });
    client.removeQueries({ queryKey: ['hospitals'] });
    await save();

    expect(writes).toEqual([
      { put: ['["hospitals",1]', '["doctors",1]'], remove: [] },
      { put: [], remove: [] },
      { put: ['["doctors",1]'], remove: ['["hospitals",1]'] },
    ]);
  });

  it('restores what was kept, without answers older than the maximum age', async () => {
    const { storage, rows } = memoryStorage();
    const writer = new QueryClient();
    writer.setQueryData(['doctors', 1], { name: 'Dr Rao' }, { updatedAt: T0 });
    writer.setQueryData(['old'], { name: 'old' }, { updatedAt: T0 - PERSIST_MAX_AGE_MS - 1 });
    await persistQueryClientSave({
      queryClient: writer,
      persister: createRowsPersister(storage, { now: () => T0 }),
      buster: 'b',
      dehydrateOptions,
    });

    const reader = new QueryClient();
    await persistQueryClientRestore({
      queryClient: reader,
      persister: createRowsPersister(storage, { now: () => T0 }),
      buster: 'b',
      maxAge: PERSIST_MAX_AGE_MS,
    });
    expect(reader.getQueryData(['doctors', 1])).toEqual({ name: 'Dr Rao' });
    expect(reader.getQueryState(['doctors', 1])?.dataUpdatedAt).toBe(T0);
    expect(reader.getQueryData(['old'])).toBeUndefined();
    expect([...rows.keys()]).toEqual(['["doctors",1]']);

    const otherVersion = new QueryClient();
    await persistQueryClientRestore({
      queryClient: otherVersion,
      persister: createRowsPersister(storage, { now: () => T0 }),
      buster: 'other',
    });
    expect(otherVersion.getQueryData(['doctors', 1])).toBeUndefined();
    expect(rows.size).toBe(0);
  });
});

describe('offlineLabel', () => {
  it('shows the time for today and the date before', () => {
    expect(offlineLabel(T0, T0 + 60_000)).toBe('Offline — last updated 10:30 AM');
    expect(offlineLabel(T0, T0 + 2 * 86_400_000)).toBe('Offline — last updated Jan 5, 2026, 10:30 AM');
    expect(offlineLabel(null)).toBe('Offline');
  });
});
