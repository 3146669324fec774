/** What the outbox keeps: entries, their states and requests, and the stores the engine is handed. */

/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'caremesh-outbox';
/** The BroadcastChannel on which pages and the worker tell each other that the outbox moved. */
export const OUTBOX_CHANNEL = 'caremesh-outbox';

export const OUTBOX_STATES = ['queued', 'sending', 'failed-retrying', 'paused-auth', 'conflict', 'sent'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** States still waiting to reach the server (what sign-out asks about). */
export const UNSENT_STATES: readonly OutboxState[] = [
  'queued',
  'sending',
  'failed-retrying',
  'paused-auth',
  'conflict',
];

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file kept as bytes: Blobs in IndexedDB are unreliable on iOS Safari. */
export type StoredFile = { kind: 'file'; name: string; type: string; size: number; data: ArrayBuffer };
export type OutboxFormField = readonly [name: string, value: string | StoredFile];

/** What is sent: a path under /api, and a JSON body or multipart fields (in order), or neither. */
export type OutboxRequest = {
  method: OutboxMethod;
  path: string;
  body?: unknown;
  form?: OutboxFormField[];
};

export type OutboxError = {
  /** The HTTP status; 0 when no answer came (no connection, timeout). */
  status: number;
  /** The server's error kind (CONFLICT, VALIDATION …), or NETWORK / DEPENDENCY / SESSION. */
  kind: string;
  /** What to show the user: the server's own message when it sent one. */
  message: string;
  /** details.reason from the server (IDEMPOTENCY_KEY_REUSED …) or the engine's own reason. */
  reason?: string;
  at: number;
  /** For a 401: a fingerprint of the refused session (never the token), so only a new sign-in resumes. */
  tokenTag?: string | null;
};

/** A query key as stored (JSON-like values only). */
export type StoredQueryKey = readonly unknown[];
/** Free-form facts for screens ("waiting to send" marks): { appointmentId: '…' }. */
export type OutboxMeta = Record<string, string | number | boolean | null>;

export type OutboxEntry = {
  id: string;
  /**
   * Sent as `Idempotency-Key`: the entry's id, until the user retries a conflict. The server keeps
   * its 4xx answer for a key, so a retried conflict needs a fresh key to be decided again.
   */
  idempotencyKey: string;
  userId: string;
  /** Position in the user's queue. */
  seq: number;
  request: OutboxRequest;
  /** Human words for lists and toasts: "Book Dr Rao, 12 Dec 10:30". */
  label: string;
  createdAt: number;
  updatedAt: number;
  attempts: number;
  /** Of those attempts, the immediate tries of a lost request (they do not lengthen the backoff). */
  quickTries?: number;
  state: OutboxState;
  lastError: OutboxError | null;
  /** failed-retrying: not sent again before this time. */
  nextAttemptAt: number | null;
  /** The entry that must be sent first; its answer can fill this one's path and body. */
  dependsOn: string | null;
  /** Queries to refresh once this change is sent. */
  invalidates: StoredQueryKey[];
  meta: OutboxMeta | null;
  /** The server's answer body once sent. */
  response: unknown;
  /** The server answered from its idempotency store (an earlier send had already been applied). */
  replayed: boolean;
  sentAt: number | null;
  /** When a page told the user about the latest outcome (sent or conflict); null until then. */
  notifiedAt: number | null;
};

export type NewOutboxEntry = Omit<OutboxEntry, 'seq'>;

/** The little a store must do: the Dexie store (db.ts) and the in-memory one (memoryStore.ts). */
export interface OutboxStore {
  /** Every entry, in queue order. */
  list(): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | undefined>;
  /** Appends at the end of the queue (the store picks `seq`). */
  add(entry: NewOutboxEntry): Promise<OutboxEntry>;
  /**
   * Atomically reads an entry, asks `decide` for changes (null: leave it) and writes them.
   * Resolves to the entry as written, or undefined when it is gone or `decide` declined.
   */
  modify(id: string, decide: (entry: OutboxEntry) => Partial<OutboxEntry> | null): Promise<OutboxEntry | undefined>;
  /** Atomically removes an entry when `decide` (if given) agrees; true when removed. */
  remove(id: string, decide?: (entry: OutboxEntry) => boolean): Promise<boolean>;
}

/** A lease for runtimes without the Web Locks API: one holder at a time, until it expires. */
export interface LeaseStore {
  claimLease(owner: string, now: number, ttlMs: number): Promise<boolean>;
  releaseLease(owner: string): Promise<void>;
}

/** Runs `run` while holding the user's outbox lock; undefined when another holder kept it. */
export type ReplayLock = <T>(run: () => Promise<T>) => Promise<T | undefined>;

/** A UUID v4; crypto.randomUUID needs a secure context, getRandomValues does not (a LAN on http). */
export function randomId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
