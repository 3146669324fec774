/**
 * A small journal of the changes waiting on this device, kept apart from the outbox (localStorage,
 * not IndexedDB): should the browser lose the outbox (storage evicted, a database that cannot be
 * opened), the journal still names what was waiting, and the server's idempotency store tells which
 * of those it received. The user is told about the ones that never arrived, so that they can make
 * them again; nothing disappears without a word.
 */
import type { IdempotencyKeyState } from '../../domain/schemas/offline.ts';
import { journalKeyFor } from './engine/device.ts';
import { UNSENT_STATES, type OutboxEntry } from './engine/index.ts';

export type JournalItem = { id: string; key: string; label: string; createdAt: number };

/** localStorage's shape (the service worker, which shares this module's callers, has none). */
type KeyValueStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

function defaultStorage(): KeyValueStorage | null {
  try {
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage ?? null;
  } catch {
    return null; // storage disabled
  }
}

function isItem(value: unknown): value is JournalItem {
  const item = value as Partial<JournalItem> | null;
  return (
    typeof item?.id === 'string' &&
    typeof item.key === 'string' &&
    typeof item.label === 'string' &&
    typeof item.createdAt === 'number'
  );
}

export function readJournal(userId: string, storage = defaultStorage()): JournalItem[] {
  try {
    const parsed = JSON.parse(storage?.getItem(journalKeyFor(userId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

function writeJournal(userId: string, items: JournalItem[], storage = defaultStorage()) {
  try {
    if (items.length === 0) storage?.removeItem(journalKeyFor(userId));
    else storage?.setItem(journalKeyFor(userId), JSON.stringify(items));
  } catch {
    // A full or disabled storage: the outbox itself still holds every change.
  }
}

/** The journal's items whose entry the outbox no longer has (nor sent, nor discarded by the user). */
export function missingFrom(journal: readonly JournalItem[], entries: readonly OutboxEntry[]): JournalItem[] {
  const present = new Set(entries.map((entry) => entry.id));
  return journal.filter((item) => !present.has(item.id));
}

/**
 * Brings the journal up to date with the outbox: its unsent entries, plus the items already missing
 * from the outbox that have not been checked with the server yet (reconcileJournal drops those).
 */
export function syncJournal(userId: string, entries: readonly OutboxEntry[], storage = defaultStorage()): void {
  const missing = missingFrom(readJournal(userId, storage), entries);
  const unsent = entries
    .filter((entry) => UNSENT_STATES.includes(entry.state))
    .map((entry) => ({ id: entry.id, key: entry.idempotencyKey, label: entry.label, createdAt: entry.createdAt }));
  writeJournal(userId, [...missing, ...unsent], storage);
}

/** The user discarded it: it is not "lost". */
export function forgetInJournal(userId: string, id: string, storage = defaultStorage()): void {
  writeJournal(
    userId,
    readJournal(userId, storage).filter((item) => item.id !== id),
    storage,
  );
}

/**
 * Which missing changes the server never applied: not received at all, or refused (4xx). A received
 * change (answered 2xx, or still being handled) needs nothing from the user.
 */
export function neverApplied(missing: readonly JournalItem[], held: readonly IdempotencyKeyState[]): JournalItem[] {
  const byKey = new Map(held.map((state) => [state.key, state]));
  return missing.filter((item) => {
    const state = byKey.get(item.key);
    if (!state) return true;
    if (state.state === 'IN_PROGRESS') return false;
    return state.status === null || state.status < 200 || state.status >= 300;
  });
}

/**
 * Checks the missing changes with the server and forgets them in the journal; resolves to those the
 * server never applied (to tell the user), or null when the server could not be asked (kept for later).
 */
export async function reconcileJournal(
  userId: string,
  entries: readonly OutboxEntry[],
  lookup: (keys: string[]) => Promise<IdempotencyKeyState[]>,
  storage = defaultStorage(),
): Promise<JournalItem[] | null> {
  const missing = missingFrom(readJournal(userId, storage), entries);
  if (missing.length === 0) return [];
  let held: IdempotencyKeyState[];
  try {
    held = await lookup(missing.map((item) => item.key));
  } catch {
    return null;
  }
  const checked = new Set(missing.map((item) => item.id));
  // Read again: changes may have been queued while the server was being asked.
  writeJournal(
    userId,
    readJournal(userId, storage).filter((item) => !checked.has(item.id)),
    storage,
  );
  return neverApplied(missing, held);
}
