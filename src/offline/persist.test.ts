import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/query-persist-client-core';
import { ApiError } from '../api/http.ts';
import { createQueryClient } from '../api/queryClient.ts';
import type { PersistedQueryRow } from './engine/db.ts';
import {
  PERSIST_MAX_AGE_MS,
  createPersistedQueryClient,
  createRowsPersister,
  lastFetchFailed,
  markRestoredStale,
  offlineLabel,
  persistBuster,
  persistQueryCache,
  shouldPersistQuery,
} from './persist.ts';
import type { PersistedMeta, QueryCacheStorage } from './queryCacheStorage.ts';

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

describe('how long answers are kept on the device', () => {
  it('follows keptOfflineFor: directory results a day, notifications three, the rest the session', async () => {
    const DAY = 86_400_000;
    const { storage, rows } = memoryStorage();
    const writer = new QueryClient();
    const at = (days: number) => ({ updatedAt: T0 - days * DAY });
    writer.setQueryData(['hospitals', 'search', { city: 'Pune' }], { hospitals: [] }, at(2));
    writer.setQueryData(['doctors', 'search', {}], { doctors: [] }, at(0.5));
    writer.setQueryData(['notifications', 'list', {}], { items: [] }, at(4));
    writer.setQueryData(['doctors', 'byId', 'd1'], { name: 'Dr Rao' }, at(6));
    writer.setQueryData(['realtime', 'appointments', 'list', {}], { appointments: [] }, at(6));
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
    expect([...rows.keys()].sort()).toEqual([
      '["doctors","byId","d1"]',
      '["doctors","search",{}]',
      '["realtime","appointments","list",{}]',
    ]);
    expect(reader.getQueryData(['hospitals', 'search', { city: 'Pune' }])).toBeUndefined();
    expect(reader.getQueryData(['doctors', 'byId', 'd1'])).toEqual({ name: 'Dr Rao' });
  });
});

/** Lets every pending promise run (on the real clock: the tests may fake the timers). */
const realSetTimeout = globalThis.setTimeout;
const settle = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

describe('writing the cache while the app runs', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('writes an answer as soon as it arrives, with no timer to outrun', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    const { storage, rows } = memoryStorage();
    const client = new QueryClient();
    const handle = persistQueryCache(client, { userId: 'u1', storage, buster: 'b' });
    await settle();
    await handle.restored;

    await client.fetchQuery({ queryKey: ['appointments', { scope: 'patient' }], queryFn: async () => ['a1'] });
    await settle();
    // No timer has run: the answer is on the device already, before a reload could lose it.
    expect([...rows.keys()]).toEqual(['["appointments",{"scope":"patient"}]']);
    handle.stop();
  });

  it('starts a write at once while an earlier one is still in flight, with only what changed since', async () => {
    const { storage: memory, rows } = memoryStorage();
    const asked: string[][] = [];
    const landings: Array<() => void> = [];
    // A storage whose writes land only when the test says so.
    const storage: QueryCacheStorage = {
      read: () => memory.read(),
      clear: () => memory.clear(),
      write(change) {
        asked.push(change.put.map((row) => row.queryHash));
        return new Promise<void>((resolve) => landings.push(() => void memory.write(change).then(resolve)));
      },
    };
    const client = new QueryClient();
    const handle = persistQueryCache(client, { userId: 'u1', storage, buster: 'b' });
    await handle.restored;

    client.setQueryData(['me'], { id: 'u1' });
    await settle();
    // The first write has not landed when the list arrives: the list's write is asked for all the same.
    client.setQueryData(['appointments', 'patient'], ['a1']);
    await settle();
    expect(asked).toEqual([['["me"]'], ['["appointments","patient"]']]);

    const flushed = handle.flush();
    for (const land of landings.splice(0)) land();
    await settle();
    for (const land of landings.splice(0)) land();
    await flushed;
    expect([...rows.keys()].sort()).toEqual(['["appointments","patient"]', '["me"]']);
    handle.stop();
  });

  it('writes an answer again with the next change when its write failed', async () => {
    const { storage: memory, rows } = memoryStorage();
    let failNext = true;
    const storage: QueryCacheStorage = {
      ...memory,
      write(change) {
        if (failNext) {
          failNext = false;
          return Promise.reject(new DOMException('The write was aborted', 'AbortError'));
        }
        return memory.write(change);
      },
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = new QueryClient();
    const handle = persistQueryCache(client, { userId: 'u1', storage, buster: 'b' });
    await handle.restored;

    client.setQueryData(['appointments', 'patient'], ['a1']);
    await settle();
    expect(rows.size).toBe(0);
    client.setQueryData(['me'], { id: 'u1' });
    await settle();
    expect([...rows.keys()].sort()).toEqual(['["appointments","patient"]', '["me"]']);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    handle.stop();
  });

  it('writes the answers the client held before it started, with no change after', async () => {
    const { storage, rows } = memoryStorage();
    const client = new QueryClient();
    // Answered before the cache was kept on the device.
    await client.fetchQuery({ queryKey: ['appointments', { scope: 'patient' }], queryFn: async () => ['a1'] });
    const handle = persistQueryCache(client, { userId: 'u1', storage, buster: 'b' });
    await handle.restored;
    await settle();
    expect([...rows.keys()]).toEqual(['["appointments",{"scope":"patient"}]']);
    handle.stop();
  });

  it('writes what is pending when the page is hidden or closed', async () => {
    const windowEvents = new EventTarget();
    const documentEvents = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('window', windowEvents);
    vi.stubGlobal('document', documentEvents);
    const { storage, writes } = memoryStorage();
    const client = new QueryClient();
    const handle = persistQueryCache(client, { userId: 'u1', storage, buster: 'b' });
    await handle.restored;
    await settle();
    const before = writes.length;

    windowEvents.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(writes.length).toBe(before + 1);

    documentEvents.visibilityState = 'hidden';
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(writes.length).toBe(before + 2);

    handle.stop();
    windowEvents.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(writes.length).toBe(before + 2);
  });

  it('still knows the fetch failed when the failure came in the same millisecond as the answer', async () => {
    const client = new QueryClient();
    const handle = persistQueryCache(client, { userId: 'u1', storage: memoryStorage().storage, buster: 'b' });
    await handle.restored;
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    try {
      const key = ['patients', 'me'];
      await client.fetchQuery({ queryKey: key, queryFn: async () => ({ name: 'Asha' }) });
      await client
        .fetchQuery({
          queryKey: key,
          staleTime: 0,
          retry: false,
          queryFn: async () => {
            throw new ApiError('NETWORK', 'Network Error', 0);
          },
        })
        .catch(() => undefined);
      await settle();
      const kept = client.getQueryState(key)!;
      expect(kept.status).toBe('success');
      expect(lastFetchFailed({ isError: false, ...kept })).toBe(true);
    } finally {
      now.mockRestore();
      handle.stop();
    }
  });

  it('keeps an answer, on screen and on the device, when a refetch finds no server', async () => {
    const { storage, rows } = memoryStorage();
    // The app's client: its reads are still tried while the server is found not to answer.
    const client = createQueryClient();
    const handle = persistQueryCache(client, { userId: 'u1', storage, buster: 'b' });
    await handle.restored;
    await settle();
    const key = ['patients', 'me'];
    await client.fetchQuery({ queryKey: key, queryFn: async () => ({ name: 'Asha' }) });
    await settle();
    const answeredAt = client.getQueryState(key)?.dataUpdatedAt;

    await client
      .fetchQuery({
        queryKey: key,
        staleTime: 0,
        retry: false,
        queryFn: async () => {
          throw new ApiError('NETWORK', 'Network Error', 0);
        },
      })
      .catch(() => undefined);
    await settle();

    expect(client.getQueryState(key)).toMatchObject({ status: 'success', error: null, dataUpdatedAt: answeredAt });
    expect(client.getQueryData(key)).toEqual({ name: 'Asha' });
    expect(rows.get('["patients","me"]')?.query).toMatchObject({
      state: { status: 'success', data: { name: 'Asha' } },
    });
    // The failure is still known to a screen that must tell it.
    const kept = client.getQueryState(key)!;
    expect(
      lastFetchFailed({ isError: false, errorUpdatedAt: kept.errorUpdatedAt, dataUpdatedAt: kept.dataUpdatedAt }),
    ).toBe(true);
    await client.fetchQuery({ queryKey: key, staleTime: 0, queryFn: async () => ({ name: 'Asha R' }) });
    const fresh = client.getQueryState(key)!;
    expect(
      lastFetchFailed({ isError: false, errorUpdatedAt: fresh.errorUpdatedAt, dataUpdatedAt: fresh.dataUpdatedAt }),
    ).toBe(false);

    // A refusal from the server is an answer: it shows as the error it is.
    await client
      .fetchQuery({
        queryKey: key,
        staleTime: 0,
        retry: false,
        queryFn: async () => {
          throw new ApiError('FORBIDDEN', 'No access', 403);
        },
      })
      .catch(() => undefined);
    await settle();
    expect(client.getQueryState(key)?.status).toBe('error');
    // … and what the device holds stays, as the answer it was.
    expect(rows.get('["patients","me"]')?.query).toMatchObject({ state: { status: 'success', error: null } });
    handle.stop();
  });
});

describe('restoring beside the first fetches (an online start)', () => {
  it('keeps an answer fetched before the device was read, and gives a waiting query the device’s answer', async () => {
    const { storage } = memoryStorage();
    const earlier = new QueryClient();
    const first = persistQueryCache(earlier, { userId: 'u1', storage, buster: 'b' });
    await first.restored;
    const yesterday = Date.now() - 86_400_000;
    earlier.setQueryData(['appointments', 'patient'], ['kept on the device'], { updatedAt: yesterday });
    earlier.setQueryData(['waitlist', 'mine'], ['kept on the device'], { updatedAt: yesterday });
    await first.flush();
    first.stop();

    // The next start: the list is fetched before the device's cache has been read.
    const client = new QueryClient();
    await client.fetchQuery({ queryKey: ['appointments', 'patient'], queryFn: async () => ['fresh'] });
    const startedAt = Date.now() - 1_000;
    const handle = persistQueryCache(client, { userId: 'u1', storage, buster: 'b' });
    await handle.restored;
    await markRestoredStale(client, startedAt);

    expect(client.getQueryData(['appointments', 'patient'])).toEqual(['fresh']);
    expect(client.getQueryState(['appointments', 'patient'])?.isInvalidated).toBe(false);
    expect(client.getQueryData(['waitlist', 'mine'])).toEqual(['kept on the device']);
    // The device's answer is fetched again as soon as a screen uses it.
    expect(client.getQueryState(['waitlist', 'mine'])?.isInvalidated).toBe(true);
    handle.stop();
  });
});

describe('an answer saved while the device is read', () => {
  it('deletes none of the rows read until they are in the client', async () => {
    const { storage, rows } = memoryStorage();
    const earlier = new QueryClient();
    earlier.setQueryData(['schedule', 'd1'], ['kept on the device']);
    await persistQueryClientSave({ queryClient: earlier, persister: createRowsPersister(storage), buster: 'b' });

    let restoring = true;
    const persister = createRowsPersister(storage, { holdRemovals: () => restoring });
    await persister.restoreClient();
    // A save between the read and the hydration: the client holds only this session's answer.
    const client = new QueryClient();
    client.setQueryData(['appointments', 'patient'], ['fresh']);
    await persistQueryClientSave({ queryClient: client, persister, buster: 'b' });
    expect([...rows.keys()].sort()).toEqual(['["appointments","patient"]', '["schedule","d1"]']);

    // Once the rows are in the client, one the client let go is deleted as before.
    restoring = false;
    await persistQueryClientSave({ queryClient: client, persister, buster: 'b' });
    expect([...rows.keys()]).toEqual(['["appointments","patient"]']);
  });
});

describe('offlineLabel', () => {
  it('shows the time for today and the date before', () => {
    expect(offlineLabel(T0, T0 + 60_000)).toBe('Offline — last updated 10:30 AM');
    expect(offlineLabel(T0, T0 + 2 * 86_400_000)).toBe('Offline — last updated Jan 5, 2026, 10:30 AM');
    expect(offlineLabel(null)).toBe('Offline');
  });
});
