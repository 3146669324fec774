import { describe, expect, it, vi } from 'vitest';
import type { IdempotencyKeyState } from '../../domain/schemas/offline.ts';
import { forgetInJournal, readJournal, reconcileJournal, syncJournal } from './journal.ts';
import type { OutboxEntry, OutboxState } from './engine/index.ts';

const USER = 'u-1';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    keys: () => [...values.keys()],
  };
}

const entry = (id: string, state: OutboxState = 'queued'): OutboxEntry =>
  ({ id, idempotencyKey: `key-${id}`, label: `Change ${id}`, createdAt: 1_000, state }) as OutboxEntry;

const held = (key: string, status: number | null, state: 'COMPLETED' | 'IN_PROGRESS' = 'COMPLETED') =>
  ({ key, state, status, method: 'POST', path: '/x', receivedAt: '', completedAt: null }) as IdempotencyKeyState;

describe('the journal of waiting changes', () => {
  it('names what waits, forgets what was sent or discarded, and removes itself when nothing waits', () => {
    const storage = memoryStorage();
    syncJournal(USER, [entry('a'), entry('b', 'conflict'), entry('c', 'sent')], storage);
    expect(readJournal(USER, storage).map((item) => item.id)).toEqual(['a', 'b']);
    expect(readJournal(USER, storage)[0]).toEqual({ id: 'a', key: 'key-a', label: 'Change a', createdAt: 1_000 });

    forgetInJournal(USER, 'b', storage);
    syncJournal(USER, [entry('a', 'sent')], storage);
    expect(readJournal(USER, storage)).toEqual([]);
    expect(storage.keys()).toEqual([]);
  });

  it('keeps an item the outbox lost until the server has been asked about it', async () => {
    const storage = memoryStorage();
    syncJournal(USER, [entry('a'), entry('b'), entry('c'), entry('d')], storage);
    // The browser dropped the outbox; a new change is queued since.
    syncJournal(USER, [entry('e')], storage);
    expect(readJournal(USER, storage).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e']);

    // No connection: nothing is decided, nothing forgotten.
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await reconcileJournal(USER, [entry('e')], offline, storage)).toBeNull();
    expect(readJournal(USER, storage)).toHaveLength(5);

    // a applied, b still being handled, c refused (409), d never received: c and d must be made again.
    const lookup = vi.fn(async (keys: string[]) => {
      expect(keys).toEqual(['key-a', 'key-b', 'key-c', 'key-d']);
      return [held('key-a', 201), held('key-b', null, 'IN_PROGRESS'), held('key-c', 409)];
    });
    const lost = await reconcileJournal(USER, [entry('e')], lookup, storage);
    expect(lost?.map((item) => item.id)).toEqual(['c', 'd']);
    expect(readJournal(USER, storage).map((item) => item.id)).toEqual(['e']);
  });

  it('asks the server nothing when the outbox still has everything', async () => {
    const storage = memoryStorage();
    syncJournal(USER, [entry('a')], storage);
    const lookup = vi.fn(async () => []);
    expect(await reconcileJournal(USER, [entry('a')], lookup, storage)).toEqual([]);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('reads a damaged journal as empty', () => {
    const storage = memoryStorage();
    storage.setItem('caremesh-outbox-journal-u-1', '{not json');
    expect(readJournal(USER, storage)).toEqual([]);
    storage.setItem(
      'caremesh-outbox-journal-u-1',
      JSON.stringify([{ id: 1 }, { id: 'x', key: 'k', label: 'L', createdAt: 1 }]),
    );
    expect(readJournal(USER, storage)).toEqual([{ id: 'x', key: 'k', label: 'L', createdAt: 1 }]);
  });
});
