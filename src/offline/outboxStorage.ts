/** The signed-in user's outbox in IndexedDB: queueing, retrying, discarding, reading and watching it. */
import { openDeviceDatabase, requestPersistentStorage } from './engine/device.ts';
import { OUTBOX_SYNC_TAG, type OutboxEntry, UNSENT_STATES } from './engine/index.ts';
import { discardEntry, type DiscardResult, enqueue, type QueueMutationInput, retryEntry } from './engine/queue.ts';
import { forgetInJournal, type JournalItem, readJournal, syncJournal } from './journal.ts';

/** The user's outbox; the database module is fetched on first use (device.ts). */
const storeFor = async (userId: string) => {
  const { outboxStoreFor, userDatabase } = await openDeviceDatabase();
  return outboxStoreFor(userDatabase(userId));
};
const databaseOf = async (userId: string) => (await openDeviceDatabase()).userDatabase(userId);

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
  const entry = await enqueue(await storeFor(input.userId), input);
  syncJournal(input.userId, [...journalAsEntries(input.userId), entry]);
  if (!persistenceAsked) {
    persistenceAsked = true;
    void requestPersistentStorage();
  }
  outboxChanged(input.userId);
  return entry;
}

export async function retryOutboxEntry(userId: string, id: string): Promise<OutboxEntry | undefined> {
  const entry = await retryEntry(await storeFor(userId), id);
  if (entry) outboxChanged(userId);
  return entry;
}

export async function discardOutboxEntry(userId: string, id: string): Promise<DiscardResult> {
  // Out of the journal first: a change the user discarded is never reported as lost.
  forgetInJournal(userId, id);
  const result = await discardEntry(await storeFor(userId), id);
  if (result === 'sending') syncJournal(userId, await (await storeFor(userId)).list());
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

export const LOST_KEY = 'lost-changes';

/** Keeps the lost changes for the Pending changes screen until the user dismisses them. */
export async function recordLostChanges(userId: string, items: readonly JournalItem[]): Promise<void> {
  if (items.length === 0) return;
  const database = await databaseOf(userId);
  const { meta } = database;
  await database.transaction('rw', meta, async () => {
    const known = ((await meta.get(LOST_KEY))?.value as JournalItem[] | undefined) ?? [];
    const ids = new Set(known.map((item) => item.id));
    await meta.put({ key: LOST_KEY, value: [...known, ...items.filter((item) => !ids.has(item.id))] });
  });
}

export async function dismissLostChanges(userId: string): Promise<void> {
  await (await databaseOf(userId)).meta.delete(LOST_KEY);
}

export async function listOutbox(userId: string): Promise<OutboxEntry[]> {
  return (await storeFor(userId)).list();
}

/** The changes of a user not yet sent: what sign-out asks about. 0 without touching a database that does not exist. */
export async function countUnsent(userId: string): Promise<number> {
  const { userDatabaseExists } = await openDeviceDatabase();
  if (!(await userDatabaseExists(userId))) return 0;
  const entries = await (await storeFor(userId)).list();
  return entries.filter((entry) => UNSENT_STATES.includes(entry.state)).length;
}

/** Calls `listener` with the user's entries now and after every change (in any tab or the worker). */
export function observeOutbox(
  userId: string,
  listener: (entries: OutboxEntry[]) => void,
  onError: (error: unknown) => void = (error) => console.warn('outbox: cannot read the queue', error),
): () => void {
  return observeDevice((device) => {
    const database = device.userDatabase(userId);
    return device
      .liveQuery(() => database.outbox.orderBy('seq').toArray())
      .subscribe({ next: listener, error: onError });
  }, onError);
}

type DeviceModule = Awaited<ReturnType<typeof openDeviceDatabase>>;

/**
 * A live reading of the device's database, started once its module is in: returns the stop, which
 * also holds when called before the reading has started.
 */
export function observeDevice(
  start: (device: DeviceModule) => { unsubscribe(): void },
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  openDeviceDatabase().then(
    (device) => {
      if (stopped) return;
      subscription = start(device);
      // Stopped by its own first reading (a listener that had what it waited for).
      if (stopped) subscription.unsubscribe();
    },
    (error: unknown) => {
      if (!stopped) onError(error);
    },
  );
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
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
