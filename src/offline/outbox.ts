/**
 * The outbox (DESIGN "Offline-first"): changes that must work offline are queued here with one call
 * and sent by the replay engine (replay.ts), in order, once each. What is waiting is always visible
 * (useOutbox), and nothing leaves the queue without being sent or the user's decision (discard).
 */
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { AuthContext } from '../session/AuthContext.ts';
import { outboxStoreFor, requestPersistentStorage, userDatabase, userDatabaseExists } from './db.ts';
import { forgetInJournal, readJournal, syncJournal, type JournalItem } from './journal.ts';
import {
  OUTBOX_SYNC_TAG,
  UNSENT_STATES,
  hasDependencyRefs,
  randomId,
  type OutboxEntry,
  type OutboxError,
  type OutboxFormField,
  type OutboxMeta,
  type OutboxMethod,
  type OutboxRequest,
  type OutboxStore,
  type StoredFile,
  type StoredQueryKey,
} from './replay.ts';

export { fromDependency } from './replay.ts';
export type { OutboxEntry, OutboxError, OutboxMeta, OutboxMethod, OutboxState, StoredFile } from './replay.ts';

/** A sent entry stays this long (so "Sent" shows and later changes may still depend on it). */
export const SENT_RETENTION_MS = 24 * 60 * 60_000;

const METHODS: readonly OutboxMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export type OutboxFileInput = Blob | StoredFile;
/** Multipart fields, in the order they are sent (a Record keeps its insertion order). */
export type OutboxFormInput =
  Readonly<Record<string, string | OutboxFileInput>> | ReadonlyArray<readonly [string, string | OutboxFileInput]>;

export type QueueMutationInput = {
  /** Whose change: it is only ever sent with this user's session. */
  userId: string;
  method: OutboxMethod | Lowercase<OutboxMethod>;
  /** Under /api, as in src/api: '/appointments/patient/book-appointment'. May hold fromDependency(…). */
  path: string;
  /** A JSON body … */
  body?: unknown;
  /** … or multipart fields, files included (kept as bytes). */
  form?: OutboxFormInput;
  /** What the user reads in the pending list and toasts: "Book Dr Rao, 12 Dec 10:30". */
  label: string;
  /** The id of an earlier entry that must be sent first (its answer can fill this one's path and body). */
  dependsOn?: string | null;
  /** Queries to refresh once sent. */
  invalidates?: readonly QueryKey[];
  /** Facts screens use to mark the item "waiting to send" ({ appointmentId }). */
  meta?: OutboxMeta;
};

/** A change that cannot be queued as asked (a programming error, shown to nobody but the developer). */
export class OutboxInputError extends Error {
  override name = 'OutboxInputError';
}

export type OutboxDeps = { now?: () => number; newId?: () => string };

/** A file as the outbox keeps it: bytes, type and name. */
export async function toStoredFile(file: Blob, name?: string): Promise<StoredFile> {
  return {
    kind: 'file',
    name: name ?? (typeof (file as File).name === 'string' && (file as File).name ? (file as File).name : 'file'),
    type: file.type || 'application/octet-stream',
    size: file.size,
    data: await file.arrayBuffer(),
  };
}

const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === 'object' && value !== null && (value as StoredFile).kind === 'file';

async function formOf(input: OutboxFormInput): Promise<OutboxFormField[]> {
  const pairs = Array.isArray(input)
    ? (input as ReadonlyArray<readonly [string, string | OutboxFileInput]>)
    : Object.entries(input as Readonly<Record<string, string | OutboxFileInput>>);
  const fields: OutboxFormField[] = [];
  for (const [name, value] of pairs) {
    if (typeof value === 'string') fields.push([name, value]);
    else if (isStoredFile(value)) fields.push([name, { ...value, data: value.data.slice(0) }]);
    else if (value instanceof Blob) fields.push([name, await toStoredFile(value)]);
    else throw new OutboxInputError(`queueMutation: form field "${name}" must be text or a file`);
  }
  return fields;
}

/** JSON as it will be sent: stored exactly so, so every send has the same bytes (and clones safely). */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function normalisePath(path: string): string {
  const trimmed = path.trim();
  if (!trimmed || /^[a-z]+:/i.test(trimmed))
    throw new OutboxInputError('queueMutation: path must be a path under /api');
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.replace(/^\/api(?=\/)/, '');
}

/** Appends a change to the store's queue (the logic behind queueMutation, testable with any store). */
export async function enqueue(
  store: OutboxStore,
  input: QueueMutationInput,
  deps: OutboxDeps = {},
): Promise<OutboxEntry> {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomId;
  if (!input.userId) throw new OutboxInputError('queueMutation: userId is required');
  const method = input.method.toUpperCase() as OutboxMethod;
  if (!METHODS.includes(method)) throw new OutboxInputError(`queueMutation: ${input.method} is not a change`);
  const label = input.label.trim();
  if (!label) throw new OutboxInputError('queueMutation: a label is required');
  if (input.body !== undefined && input.form !== undefined) {
    throw new OutboxInputError('queueMutation: send a body or a form, not both');
  }

  const request: OutboxRequest = { method, path: normalisePath(input.path) };
  if (input.form !== undefined) request.form = await formOf(input.form);
  else if (input.body !== undefined) request.body = asJson(input.body);

  const dependsOn = input.dependsOn ?? null;
  if (dependsOn) {
    const dependency = await store.get(dependsOn);
    if (!dependency || dependency.userId !== input.userId) {
      throw new OutboxInputError('queueMutation: the change it depends on is not in this user’s outbox');
    }
  } else if (hasDependencyRefs(request)) {
    throw new OutboxInputError('queueMutation: fromDependency(…) needs dependsOn');
  }

  const id = newId();
  const at = now();
  return store.add({
    id,
    idempotencyKey: id,
    userId: input.userId,
    request,
    label,
    createdAt: at,
    updatedAt: at,
    attempts: 0,
    state: 'queued',
    lastError: null,
    nextAttemptAt: null,
    dependsOn,
    invalidates: (input.invalidates ?? []).map((key) => asJson(key) as StoredQueryKey),
    meta: input.meta ? (asJson(input.meta) as OutboxMeta) : null,
    response: null,
    replayed: false,
    sentAt: null,
    notifiedAt: null,
  });
}

/**
 * The user's "Retry": a conflict is queued again under a fresh Idempotency-Key (the server keeps its
 * refusal for the old one), a change waiting for its next attempt goes now, a paused one tries the
 * current session. Resolves to the entry as it is now, or undefined when there was nothing to retry.
 */
export function retryEntry(store: OutboxStore, id: string, deps: OutboxDeps = {}): Promise<OutboxEntry | undefined> {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomId;
  return store.modify(id, (entry) => {
    switch (entry.state) {
      case 'conflict':
        return {
          state: 'queued',
          idempotencyKey: newId(),
          lastError: null,
          nextAttemptAt: null,
          notifiedAt: null,
          updatedAt: now(),
        };
      case 'failed-retrying':
        return { nextAttemptAt: null, updatedAt: now() };
      case 'paused-auth':
        return { state: 'queued', lastError: null, nextAttemptAt: null, updatedAt: now() };
      default:
        return null;
    }
  });
}

export type DiscardResult = 'discarded' | 'sending' | 'missing';

/**
 * The user's "Discard": removes a change that is not on its way right now. Changes that depended on
 * it become conflicts, so the user decides about them too (nothing vanishes on its own).
 */
export async function discardEntry(store: OutboxStore, id: string, deps: OutboxDeps = {}): Promise<DiscardResult> {
  const now = deps.now ?? Date.now;
  let sending = false;
  const removed = await store.remove(id, (entry) => {
    sending = entry.state === 'sending';
    return !sending;
  });
  if (!removed) return sending ? 'sending' : 'missing';
  for (const entry of await store.list()) {
    if (entry.dependsOn !== id) continue;
    const error: OutboxError = {
      status: 0,
      kind: 'DEPENDENCY',
      reason: 'DEPENDENCY_DISCARDED',
      message: 'The change this one depends on was discarded, so it cannot be sent.',
      at: now(),
    };
    await store.modify(entry.id, (e) =>
      e.state === 'queued' || e.state === 'failed-retrying' || e.state === 'paused-auth'
        ? { state: 'conflict', lastError: error, nextAttemptAt: null, notifiedAt: null, updatedAt: now() }
        : null,
    );
  }
  return 'discarded';
}

/**
 * Tells the user, once per outcome, about entries newly sent or newly in conflict (the claim on
 * `notifiedAt` is atomic, so two tabs never both announce one), then forgets sent entries older than
 * SENT_RETENTION_MS that nothing waiting depends on. Resolves to the entries announced.
 */
export async function settleOutbox(
  store: OutboxStore,
  announce: (entries: OutboxEntry[]) => void | Promise<void>,
  deps: OutboxDeps = {},
): Promise<OutboxEntry[]> {
  const now = deps.now ?? Date.now;
  const entries = await store.list();
  const fresh: OutboxEntry[] = [];
  for (const entry of entries) {
    if ((entry.state !== 'sent' && entry.state !== 'conflict') || entry.notifiedAt !== null) continue;
    const claimed = await store.modify(entry.id, (e) =>
      e.state === entry.state && e.notifiedAt === null ? { notifiedAt: now() } : null,
    );
    if (claimed) fresh.push(claimed);
  }
  if (fresh.length > 0) await announce(fresh);

  const awaited = new Set(entries.filter((e) => e.state !== 'sent' && e.dependsOn).map((e) => e.dependsOn));
  for (const entry of entries) {
    if (entry.state !== 'sent' || awaited.has(entry.id)) continue;
    if (entry.sentAt !== null && entry.sentAt > now() - SENT_RETENTION_MS) continue;
    await store.remove(entry.id, (e) => e.state === 'sent' && e.notifiedAt !== null);
  }
  return fresh;
}

export type OutboxSummary = {
  /** Everything not sent yet, in queue order. */
  entries: OutboxEntry[];
  /** How many changes are waiting (the badge). */
  count: number;
  conflicts: OutboxEntry[];
  /** Waiting for the user to sign in again. */
  pausedForAuth: boolean;
  /** Sent in the last SENT_RETENTION_MS, newest first. */
  recentlySent: OutboxEntry[];
};

export function summarizeOutbox(all: readonly OutboxEntry[]): OutboxSummary {
  const entries = all.filter((entry) => entry.state !== 'sent');
  return {
    entries,
    count: entries.length,
    conflicts: entries.filter((entry) => entry.state === 'conflict'),
    pausedForAuth: entries.some((entry) => entry.state === 'paused-auth'),
    recentlySent: all.filter((entry) => entry.state === 'sent').sort((a, b) => (b.sentAt ?? 0) - (a.sentAt ?? 0)),
  };
}

/** The unsent change an entry waits for ("waiting for: Book Dr Rao …"), or null. */
export function waitingFor(entry: OutboxEntry, all: readonly OutboxEntry[]): OutboxEntry | null {
  if (!entry.dependsOn) return null;
  const dependency = all.find((candidate) => candidate.id === entry.dependsOn);
  return dependency && dependency.state !== 'sent' ? dependency : null;
}

/** Toast wording for a batch of outcomes (pure, so screens and tests share it). */
export function outcomeMessages(entries: readonly OutboxEntry[]): { kind: 'success' | 'error'; message: string }[] {
  const sent = entries.filter((entry) => entry.state === 'sent');
  const conflicts = entries.filter((entry) => entry.state === 'conflict');
  const messages: { kind: 'success' | 'error'; message: string }[] = [];
  if (sent.length > 3) messages.push({ kind: 'success', message: `${sent.length} waiting changes were sent.` });
  else for (const entry of sent) messages.push({ kind: 'success', message: `Sent: ${entry.label}` });
  for (const entry of conflicts) {
    const reason = entry.lastError?.message.trim() || 'The server refused it.';
    const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
    messages.push({
      kind: 'error',
      message: `Not sent: ${entry.label}. ${sentence} Open Pending changes to retry or discard it.`,
    });
  }
  return messages;
}

// ---------------------------------------------------------------------------------------------
// The signed-in user's outbox in IndexedDB

const storeFor = (userId: string) => outboxStoreFor(userDatabase(userId));

type QueuedListener = (userId: string) => void;
const queuedListeners = new Set<QueuedListener>();

/** Called whenever something new may be sent (the page's replay runs; see pageReplay.ts). */
export function onOutboxChanged(listener: QueuedListener): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function outboxChanged(userId: string) {
  for (const listener of queuedListeners) listener(userId);
  void requestBackgroundSync();
}

type SyncRegistration = { active: unknown; sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the service worker to replay the outbox when the connection allows, even after this page is
 * closed (Background Sync, Chromium). False where it is missing: the page then replays by itself.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

let persistenceAsked = false;

/**
 * Queues a change for the user and starts sending it (now when online, later otherwise). Resolves
 * once it is stored on the device; throws OutboxInputError for a malformed call, and the storage's
 * error when the device has no room.
 */
export async function queueMutation(input: QueueMutationInput): Promise<OutboxEntry> {
  const entry = await enqueue(storeFor(input.userId), input);
  syncJournal(input.userId, [...journalAsEntries(input.userId), entry]);
  if (!persistenceAsked) {
    persistenceAsked = true;
    void requestPersistentStorage();
  }
  outboxChanged(input.userId);
  return entry;
}

export async function retryOutboxEntry(userId: string, id: string): Promise<OutboxEntry | undefined> {
  const entry = await retryEntry(storeFor(userId), id);
  if (entry) outboxChanged(userId);
  return entry;
}

export async function discardOutboxEntry(userId: string, id: string): Promise<DiscardResult> {
  // Out of the journal first: a change the user discarded is never reported as lost.
  forgetInJournal(userId, id);
  const result = await discardEntry(storeFor(userId), id);
  if (result === 'sending') syncJournal(userId, await storeFor(userId).list());
  return result;
}

/** The journal's items as stand-ins for entries the outbox holds (so an append keeps them). */
function journalAsEntries(userId: string): OutboxEntry[] {
  return readJournal(userId).map(
    (item) =>
      ({
        id: item.id,
        idempotencyKey: item.key,
        label: item.label,
        createdAt: item.createdAt,
        state: 'queued',
      }) as OutboxEntry,
  );
}

// ---------------------------------------------------------------------------------------------
// Changes the device lost before the server had them (journal.ts found them out)

const LOST_KEY = 'lost-changes';

/** Keeps the lost changes for the Pending changes screen until the user dismisses them. */
export async function recordLostChanges(userId: string, items: readonly JournalItem[]): Promise<void> {
  if (items.length === 0) return;
  const { meta } = userDatabase(userId);
  await userDatabase(userId).transaction('rw', meta, async () => {
    const known = ((await meta.get(LOST_KEY))?.value as JournalItem[] | undefined) ?? [];
    const ids = new Set(known.map((item) => item.id));
    await meta.put({ key: LOST_KEY, value: [...known, ...items.filter((item) => !ids.has(item.id))] });
  });
}

export async function dismissLostChanges(userId: string): Promise<void> {
  await userDatabase(userId).meta.delete(LOST_KEY);
}

/** The changes this device lost before the server had them (live), oldest first. */
export function useLostChanges(userId?: string): JournalItem[] {
  const auth = useContext(AuthContext);
  const id = userId ?? auth?.user?.id ?? null;
  const feed = useMemo(() => (id ? lostFeedFor(id) : null), [id]);
  return useSyncExternalStore(
    feed?.subscribe ?? noSubscription,
    feed?.getSnapshot ?? noLostChanges,
    feed?.getSnapshot ?? noLostChanges,
  );
}

const NO_LOST: JournalItem[] = [];
const noLostChanges = () => NO_LOST;
const noSubscription = () => () => undefined;
const lostFeeds = new Map<string, LiveFeed<JournalItem[]>>();

function lostFeedFor(userId: string): LiveFeed<JournalItem[]> {
  return sharedFeed(lostFeeds, userId, NO_LOST, (publish) => {
    const subscription = liveQuery(() => userDatabase(userId).meta.get(LOST_KEY)).subscribe({
      next: (row) => {
        const items = (row?.value as JournalItem[] | undefined) ?? NO_LOST;
        publish([...items].sort((a, b) => a.createdAt - b.createdAt));
      },
      error: (error) => console.warn('outbox: cannot read the lost changes', error),
    });
    return () => subscription.unsubscribe();
  });
}

export function listOutbox(userId: string): Promise<OutboxEntry[]> {
  return storeFor(userId).list();
}

/** The changes of a user not yet sent: what sign-out asks about. 0 without touching a database that does not exist. */
export async function countUnsent(userId: string): Promise<number> {
  if (!(await userDatabaseExists(userId))) return 0;
  const entries = await storeFor(userId).list();
  return entries.filter((entry) => UNSENT_STATES.includes(entry.state)).length;
}

/** Calls `listener` with the user's entries now and after every change (in any tab or the worker). */
export function observeOutbox(
  userId: string,
  listener: (entries: OutboxEntry[]) => void,
  onError: (error: unknown) => void = (error) => console.warn('outbox: cannot read the queue', error),
): () => void {
  const database = userDatabase(userId);
  const subscription = liveQuery(() => database.outbox.orderBy('seq').toArray()).subscribe({
    next: listener,
    error: onError,
  });
  return () => subscription.unsubscribe();
}

/** Resolves when the entry is sent or needs the user (conflict, sign-in); the caller may stop waiting with `signal`. */
export function waitForOutcome(userId: string, id: string, signal?: AbortSignal): Promise<OutboxEntry | undefined> {
  return new Promise((resolve, reject) => {
    let stop: () => void = () => undefined;
    const finish = (entry: OutboxEntry | undefined) => {
      stop();
      signal?.removeEventListener('abort', abort);
      resolve(entry);
    };
    const abort = () => {
      stop();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    stop = observeOutbox(
      userId,
      (entries) => {
        const entry = entries.find((candidate) => candidate.id === id);
        if (!entry || entry.state === 'sent' || entry.state === 'conflict' || entry.state === 'paused-auth') {
          finish(entry);
        }
      },
      (error) => {
        stop();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type OutboxView = OutboxSummary & {
  /** The first read has not answered yet. */
  loading: boolean;
  /** IndexedDB could not be read (the pending list cannot be shown). */
  unavailable: boolean;
  retry(id: string): Promise<void>;
  discard(id: string): Promise<DiscardResult>;
};

type LiveFeed<T> = { subscribe(listener: () => void): () => void; getSnapshot(): T };
type Feed = LiveFeed<OutboxSummary & { loading: boolean; unavailable: boolean }>;

const EMPTY_SNAPSHOT = { ...summarizeOutbox([]), loading: false, unavailable: false };
const emptyFeed: Feed = { subscribe: () => () => undefined, getSnapshot: () => EMPTY_SNAPSHOT };
const feeds = new Map<string, Feed>();

/**
 * One live reading per user, shared by every component that shows it: started by the first
 * subscriber, stopped when the last one leaves.
 */
function sharedFeed<T>(
  cache: Map<string, LiveFeed<T>>,
  userId: string,
  initial: T,
  start: (publish: (next: T) => void, current: () => T) => () => void,
): LiveFeed<T> {
  const existing = cache.get(userId);
  if (existing) return existing;
  let snapshot = initial;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  const publish = (next: T) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const feed: LiveFeed<T> = {
    subscribe(listener) {
      listeners.add(listener);
      stop ??= start(publish, () => snapshot);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
        }
      };
    },
    getSnapshot: () => snapshot,
  };
  cache.set(userId, feed);
  return feed;
}

/** One live view of a user's outbox per page, shared by every component that shows it. */
function feedFor(userId: string): Feed {
  return sharedFeed(feeds, userId, { ...summarizeOutbox([]), loading: true, unavailable: false }, (publish, current) =>
    observeOutbox(
      userId,
      (entries) => publish({ ...summarizeOutbox(entries), loading: false, unavailable: false }),
      (error) => {
        console.warn('outbox: cannot read the queue', error);
        publish({ ...current(), loading: false, unavailable: true });
      },
    ),
  );
}

/**
 * The signed-in user's outbox, live: `count` for the badge, `entries` for "Pending changes",
 * `conflicts`, `pausedForAuth`, and the user's retry and discard. Pass `userId` outside the auth context.
 */
export function useOutbox(userId?: string): OutboxView {
  const auth = useContext(AuthContext);
  const id = userId ?? auth?.user?.id ?? null;
  const feed = id ? feedFor(id) : emptyFeed;
  const snapshot = useSyncExternalStore(feed.subscribe, feed.getSnapshot, feed.getSnapshot);
  const retry = useCallback(
    async (entryId: string) => {
      if (id) await retryOutboxEntry(id, entryId);
    },
    [id],
  );
  const discard = useCallback(
    (entryId: string): Promise<DiscardResult> => (id ? discardOutboxEntry(id, entryId) : Promise.resolve('missing')),
    [id],
  );
  return useMemo(() => ({ ...snapshot, retry, discard }), [snapshot, retry, discard]);
}
