/**
 * The outbox replay engine (DESIGN "Offline-first"): sends a user's queued changes in order, one at a
 * time, each with its own `Idempotency-Key`, and decides what every answer means for the entry.
 * Pure of the page: no DOM, no Dexie, no React. Storage, fetch, the session token, the clock and
 * randomness are handed in, so the page and the service worker run this same code, and the unit
 * tests run it against an in-memory store.
 */
import { isApiErrorBody, isRetryableStatus } from '../../domain/errors.ts';
import { decodeTokenPayload, isTokenExpired } from '../../domain/rules/token.ts';

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

export type BackoffPolicy = { baseMs: number; capMs: number };
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 };
/** A server's Retry-After is honoured up to this long. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** No answer within this long counts as no connection (uploads on slow 4G included). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

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

/** Exponential backoff with equal jitter: half the step, plus up to another half at random. */
export function backoffDelay(attempts: number, random: () => number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`; null when absent. */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

// ---------------------------------------------------------------------------------------------
// The session

/** The user a session token belongs to (its `sub`), or null. */
export function userIdOfToken(token: string | null | undefined): string | null {
  const sub = decodeTokenPayload(token)?.['sub'];
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/** A short fingerprint of a token (FNV-1a), so a refused session is recognised without storing it. */
export function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16)}.${token.length}`;
}

export type SessionCheck =
  { ok: true; token: string; tag: string } | { ok: false; reason: 'signed-out' | 'expired' | 'other-user' };

/** Whether `token` may send `userId`'s changes: present, not expired, and that user's own. */
export function checkSession(token: string | null | undefined, userId: string, now: number): SessionCheck {
  if (!token) return { ok: false, reason: 'signed-out' };
  if (isTokenExpired(token, now)) return { ok: false, reason: 'expired' };
  if (userIdOfToken(token) !== userId) return { ok: false, reason: 'other-user' };
  return { ok: true, token, tag: tokenTag(token) };
}

const SESSION_MESSAGES: Record<Exclude<SessionCheck, { ok: true }>['reason'], string> = {
  'signed-out': 'Sign in again to send this change.',
  expired: 'Your session has expired. Sign in again to send this change.',
  'other-user': 'Sign in to the account that made this change to send it.',
};

// ---------------------------------------------------------------------------------------------
// Requests that take values from the answer to the change they depend on

const DEPENDENCY_REF = /\{\{dependsOn:([A-Za-z0-9_$.-]+)\}\}/g;
const WHOLE_DEPENDENCY_REF = /^\{\{dependsOn:([A-Za-z0-9_$.-]+)\}\}$/;

/**
 * A placeholder for a value of the dependency's answer, by its path in the answer body:
 * `/appointments/${fromDependency('data.id')}/cancel`. In a JSON body, a string that is only the
 * placeholder takes the value as it is (number, object …); anywhere else it becomes text.
 */
export function fromDependency(path: string): string {
  if (!/^[A-Za-z0-9_$.-]+$/.test(path)) throw new Error(`fromDependency: invalid path "${path}"`);
  return `{{dependsOn:${path}}}`;
}

function valueAt(source: unknown, path: string): unknown {
  let value = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

class MissingDependencyValue extends Error {}

function lookup(answer: unknown, path: string): unknown {
  const value = valueAt(answer, path);
  if (value === undefined || value === null) throw new MissingDependencyValue(path);
  return value;
}

function asText(answer: unknown, path: string): string {
  const value = lookup(answer, path);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new MissingDependencyValue(path);
}

function resolveValue(value: unknown, answer: unknown): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_DEPENDENCY_REF.exec(value);
    if (whole) return lookup(answer, whole[1]!);
    return value.replace(DEPENDENCY_REF, (_match, path: string) => asText(answer, path));
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, answer));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, answer)]));
  }
  return value;
}

export function hasDependencyRefs(request: OutboxRequest): boolean {
  const text = JSON.stringify({
    path: request.path,
    body: request.body,
    form: request.form?.map(([n, v]) => [n, typeof v === 'string' ? v : '']),
  });
  return /\{\{dependsOn:/.test(text);
}

export type ResolvedRequest = { ok: true; request: OutboxRequest } | { ok: false; missing: string };

/** The request with its placeholders filled from the dependency's answer. */
export function resolveRequest(request: OutboxRequest, dependencyAnswer: unknown): ResolvedRequest {
  try {
    const path = request.path.replace(DEPENDENCY_REF, (_match, at: string) =>
      encodeURIComponent(asText(dependencyAnswer, at)),
    );
    const resolved: OutboxRequest = { method: request.method, path };
    if (request.body !== undefined) resolved.body = resolveValue(request.body, dependencyAnswer);
    if (request.form) {
      resolved.form = request.form.map(([name, value]) =>
        typeof value === 'string'
          ? ([name, resolveValue(value, dependencyAnswer) as string] as const)
          : ([name, value] as const),
      );
    }
    return { ok: true, request: resolved };
  } catch (error) {
    if (error instanceof MissingDependencyValue) return { ok: false, missing: error.message };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// One send

/** The fetch arguments for an entry: always the same bytes for the same entry (the server fingerprints them). */
export function buildFetch(
  request: OutboxRequest,
  idempotencyKey: string,
  token: string | null,
  apiBase = '/api',
): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': idempotencyKey };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  // The jwtToken cookie goes too: it is what the service worker's replays carry (DESIGN "The API contract").
  const init: RequestInit = { method: request.method, headers, credentials: 'same-origin', cache: 'no-store' };
  if (request.form) {
    const form = new FormData();
    for (const [name, value] of request.form) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.data], { type: value.type }), value.name);
    }
    init.body = form;
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  return { url: `${apiBase.replace(/\/$/, '')}${path}`, init };
}

export type SendOutcome =
  | { type: 'sent'; response: unknown; replayed: boolean }
  | { type: 'retry'; error: OutboxError; delayMs: number }
  | { type: 'auth'; error: OutboxError }
  | { type: 'conflict'; error: OutboxError };

export type Answer = { status: number; body: unknown; retryAfter: string | null; replayed: boolean };

function errorOf(status: number, body: unknown, at: number): OutboxError {
  if (isApiErrorBody(body)) {
    const reason = (body.details as { reason?: unknown } | undefined)?.reason;
    // The same key with other bytes: a send with this key reached the server before, with other content.
    const message =
      reason === 'IDEMPOTENCY_KEY_REUSED'
        ? 'This change reached the server before with different content. Check whether it went through before sending it again.'
        : body.message;
    return { status, kind: body.error, message, at, ...(typeof reason === 'string' ? { reason } : {}) };
  }
  return { status, kind: status >= 500 ? 'SERVER_ERROR' : 'HTTP', message: `The server answered ${status}.`, at };
}

/**
 * What an answer means for the entry: 2xx sent; 401 waits for a new sign-in; no answer, 408, 429,
 * 5xx and "the first send is still running" retry later; every other 4xx (409, 422 …) needs the user.
 */
export function outcomeOf(
  answer: Answer,
  attempts: number,
  now: number,
  random: () => number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): SendOutcome {
  const { status, body } = answer;
  if (status >= 200 && status < 300) return { type: 'sent', response: body, replayed: answer.replayed };
  const error = errorOf(status, body, now);
  if (status === 401) return { type: 'auth', error };
  const serverWait = retryAfterMs(answer.retryAfter, now);
  if (status === 409 && error.reason === 'IDEMPOTENCY_IN_PROGRESS') {
    return { type: 'retry', error, delayMs: Math.max(serverWait ?? 1_000, 250) };
  }
  if (isRetryableStatus(status)) {
    return { type: 'retry', error, delayMs: Math.max(backoffDelay(attempts, random, policy), serverWait ?? 0) };
  }
  return { type: 'conflict', error };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Locks

/** The Web Locks API: waits its turn, across tabs and the service worker. */
export function webLock(locks: LockManager, name: string): ReplayLock {
  return (run) => locks.request(name, { mode: 'exclusive' }, () => run());
}

/** A lease in the store, renewed while held; a holder that died loses it after `ttlMs`. */
export function leaseLock(lease: LeaseStore, owner: string = randomId(), ttlMs = 30_000, now = Date.now): ReplayLock {
  return async (run) => {
    if (!(await lease.claimLease(owner, now(), ttlMs))) return undefined;
    const renew = setInterval(() => void lease.claimLease(owner, now(), ttlMs).catch(() => undefined), ttlMs / 3);
    try {
      return await run();
    } finally {
      clearInterval(renew);
      await lease.releaseLease(owner).catch(() => undefined);
    }
  };
}

/** One replay at a time per user: Web Locks where they exist, otherwise the store's lease. */
export function outboxLock(userId: string, lease: LeaseStore): ReplayLock {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks && typeof locks.request === 'function' ? webLock(locks, `caremesh-outbox:${userId}`) : leaseLock(lease);
}

// ---------------------------------------------------------------------------------------------
// The engine

export type ReplayOptions = {
  store: OutboxStore;
  /** Whose queue: only this user's entries are sent, and only with this user's session. */
  userId: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The current session token (the jwtToken cookie); read again before every send. */
  getToken: () => string | null | Promise<string | null>;
  apiBase?: string;
  now?: () => number;
  random?: () => number;
  lock?: ReplayLock;
  backoff?: BackoffPolicy;
  /** The connection just came back (online event, Background Sync): entries that failed for lack of one go now. */
  connectivityRestored?: boolean;
  requestTimeoutMs?: number;
  signal?: AbortSignal;
};

export type ReplayReport = {
  /** False when another tab or the worker held the lock (it is replaying). */
  ran: boolean;
  sent: OutboxEntry[];
  conflicts: OutboxEntry[];
  pausedForAuth: boolean;
  /** When the next waiting entry is due (failed-retrying), or null. */
  retryAt: number | null;
  /** Why this pass stopped early: the error of the send that must be retried or that was refused (401). */
  stoppedBy: OutboxError | null;
  /** Entries still on their way: queued, sending, failed-retrying or paused-auth. */
  pending: number;
};

const SENDABLE: readonly OutboxState[] = ['queued', 'failed-retrying'];
/** Immediate second and third tries of a request lost while the connection was answering. */
export const QUICK_RETRIES = 2;

/** The attempts a backoff counts: the quick tries of a lost request do not lengthen the wait. */
const backoffAttempts = (entry: OutboxEntry) => Math.max(1, entry.attempts - (entry.quickTries ?? 0));

/** No answer at all (the request or its answer lost on the way): not the server asking for room. */
const isLostRequest = (outcome: SendOutcome) => outcome.type === 'retry' && outcome.error.status === 0;
const PENDING: readonly OutboxState[] = ['queued', 'sending', 'failed-retrying', 'paused-auth'];

function isDue(entry: OutboxEntry, now: number, connectivityRestored: boolean): boolean {
  if (entry.state !== 'failed-retrying' || entry.nextAttemptAt === null || entry.nextAttemptAt <= now) return true;
  return connectivityRestored && entry.lastError?.status === 0;
}

/**
 * Sends the user's queue in order, one entry at a time, under the lock. Stops at the first entry
 * that has to wait (retry later, or a new sign-in); an entry that needs the user (conflict) is set
 * aside and the rest go on, except entries that depend on it, which wait for the user's decision.
 */
export async function replayOutbox(options: ReplayOptions): Promise<ReplayReport> {
  const lock: ReplayLock = options.lock ?? ((run) => run());
  const report = await lock(() => runPass(options));
  return (
    report ?? { ran: false, sent: [], conflicts: [], pausedForAuth: false, retryAt: null, stoppedBy: null, pending: 0 }
  );
}

async function runPass(options: ReplayOptions): Promise<ReplayReport> {
  const { store, userId } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const policy = options.backoff ?? DEFAULT_BACKOFF;
  const report: ReplayReport = {
    ran: true,
    sent: [],
    conflicts: [],
    pausedForAuth: false,
    retryAt: null,
    stoppedBy: null,
    pending: 0,
  };
  const byId = new Map<string, OutboxEntry>();
  const remember = (entry: OutboxEntry | undefined) => {
    if (entry) byId.set(entry.id, entry);
    return entry;
  };

  // Holding the lock, a 'sending' entry is one whose sender died (tab closed, worker stopped): it is
  // sent again with the same key, and the server answers it once.
  for (const entry of await store.list()) {
    if (entry.state === 'sending' && entry.userId === userId) {
      await store.modify(entry.id, (e) => (e.state === 'sending' ? { state: 'queued', updatedAt: now() } : null));
    }
  }

  const pauseAll = async (error: OutboxError) => {
    report.pausedForAuth = true;
    for (const entry of byId.values()) {
      if (entry.userId !== userId || !PENDING.includes(entry.state)) continue;
      remember(
        await store.modify(entry.id, (e) =>
          PENDING.includes(e.state)
            ? { state: 'paused-auth', lastError: error, nextAttemptAt: null, updatedAt: now() }
            : null,
        ),
      );
    }
  };

  const sessionFailure = (reason: Exclude<SessionCheck, { ok: true }>['reason']): OutboxError => ({
    status: 0,
    kind: 'SESSION',
    message: SESSION_MESSAGES[reason],
    reason: reason.toUpperCase().replace('-', '_'),
    at: now(),
    tokenTag: null,
  });

  /** The last send of this pass got an answer (of any kind) from the server. */
  let connectionWorked = false;
  rounds: for (;;) {
    byId.clear();
    const entries = (await store.list()).filter((entry) => entry.userId === userId);
    entries.forEach(remember);

    let session = checkSession(await options.getToken(), userId, now());
    if (!session.ok) {
      await pauseAll(sessionFailure(session.reason));
      break;
    }
    // A sign-in with another token than the one refused resumes the paused queue.
    for (const entry of entries) {
      if (entry.state === 'paused-auth' && (entry.lastError?.tokenTag ?? null) !== session.tag) {
        remember(
          await store.modify(entry.id, (e) =>
            e.state === 'paused-auth' ? { state: 'queued', nextAttemptAt: null, updatedAt: now() } : null,
          ),
        );
      }
    }
    const stillPaused = [...byId.values()].find((entry) => entry.state === 'paused-auth');
    if (stillPaused) {
      await pauseAll(stillPaused.lastError ?? sessionFailure('signed-out'));
      break;
    }

    let progressed = false;
    for (const { id } of entries) {
      if (options.signal?.aborted) break rounds;
      const entry = byId.get(id)!;
      if (!SENDABLE.includes(entry.state)) continue;
      if (!isDue(entry, now(), options.connectivityRestored ?? false)) {
        report.retryAt = entry.nextAttemptAt;
        break rounds;
      }

      let dependencyAnswer: unknown = undefined;
      if (entry.dependsOn) {
        const dependency = byId.get(entry.dependsOn) ?? (await store.get(entry.dependsOn));
        if (!dependency) {
          const conflict = await setConflict(store, entry.id, now(), {
            status: 0,
            kind: 'DEPENDENCY',
            reason: 'DEPENDENCY_DISCARDED',
            message: 'The change this one depends on was discarded, so it cannot be sent.',
            at: now(),
          });
          if (remember(conflict)) report.conflicts.push(conflict!);
          progressed = true;
          continue;
        }
        // Waits while its dependency needs the user (a conflict); sent first otherwise.
        if (dependency.state !== 'sent') continue;
        dependencyAnswer = dependency.response;
      }

      // The session may have changed while the previous entry was on its way.
      session = checkSession(await options.getToken(), userId, now());
      if (!session.ok) {
        await pauseAll(sessionFailure(session.reason));
        break rounds;
      }

      const sending = remember(
        await store.modify(entry.id, (e) =>
          SENDABLE.includes(e.state) ? { state: 'sending', attempts: e.attempts + 1, updatedAt: now() } : null,
        ),
      );
      if (!sending) continue; // discarded or changed by the user meanwhile

      let outcome = await sendOnce(sending, dependencyAnswer, session.token, options, now, random, policy);
      // The connection answered a moment ago: a request lost on a patchy network is tried again at
      // once (the key makes that safe), a couple of times, before the queue waits out a backoff.
      let quick = 0;
      while (isLostRequest(outcome) && connectionWorked && quick < QUICK_RETRIES) {
        const again = remember(
          await store.modify(entry.id, (e) =>
            e.state === 'sending'
              ? { attempts: e.attempts + 1, quickTries: (e.quickTries ?? 0) + 1, updatedAt: now() }
              : null,
          ),
        );
        if (!again) break;
        quick++;
        outcome = await sendOnce(again, dependencyAnswer, session.token, options, now, random, policy);
      }
      connectionWorked = !isLostRequest(outcome);
      progressed = true;
      switch (outcome.type) {
        case 'sent': {
          const sent = remember(
            await store.modify(entry.id, (e) =>
              e.state === 'sending'
                ? {
                    state: 'sent',
                    response: outcome.response,
                    replayed: outcome.replayed,
                    sentAt: now(),
                    lastError: null,
                    nextAttemptAt: null,
                    notifiedAt: null,
                    updatedAt: now(),
                  }
                : null,
            ),
          );
          if (sent) report.sent.push(sent);
          break;
        }
        case 'conflict': {
          const conflict = remember(await setConflict(store, entry.id, now(), outcome.error));
          if (conflict) report.conflicts.push(conflict);
          break;
        }
        case 'retry': {
          const nextAttemptAt = now() + outcome.delayMs;
          remember(
            await store.modify(entry.id, (e) =>
              e.state === 'sending'
                ? { state: 'failed-retrying', lastError: outcome.error, nextAttemptAt, updatedAt: now() }
                : null,
            ),
          );
          report.retryAt = nextAttemptAt;
          report.stoppedBy = outcome.error;
          break rounds; // in order: nothing behind it goes first
        }
        case 'auth': {
          report.stoppedBy = outcome.error;
          await pauseAll({ ...outcome.error, tokenTag: session.tag });
          break rounds;
        }
      }
    }
    // Changes queued while this round was sending are picked up by another round.
    if (!progressed) break;
  }

  report.pending = [...byId.values()].filter((entry) => PENDING.includes(entry.state)).length;
  return report;
}

function setConflict(store: OutboxStore, id: string, now: number, error: OutboxError) {
  return store.modify(id, (e) =>
    e.state === 'sending' || SENDABLE.includes(e.state)
      ? { state: 'conflict', lastError: error, nextAttemptAt: null, notifiedAt: null, updatedAt: now }
      : null,
  );
}

async function sendOnce(
  entry: OutboxEntry,
  dependencyAnswer: unknown,
  token: string,
  options: ReplayOptions,
  now: () => number,
  random: () => number,
  policy: BackoffPolicy,
): Promise<SendOutcome> {
  const resolved = resolveRequest(entry.request, dependencyAnswer);
  if (!resolved.ok) {
    return {
      type: 'conflict',
      error: {
        status: 0,
        kind: 'DEPENDENCY',
        reason: 'DEPENDENCY_ANSWER_INCOMPLETE',
        message: `The answer to the change this one depends on has no ${resolved.missing}.`,
        at: now(),
      },
    };
  }
  const { url, init } = buildFetch(resolved.request, entry.idempotencyKey, token, options.apiBase);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop);
  try {
    const response = await options.fetch(url, { ...init, signal: controller.signal });
    const body = await readBody(response);
    return outcomeOf(
      {
        status: response.status,
        body,
        retryAfter: response.headers.get('Retry-After'),
        replayed: response.headers.get('Idempotent-Replayed') === 'true',
      },
      backoffAttempts(entry),
      now(),
      random,
      policy,
    );
  } catch {
    const timedOut = controller.signal.aborted && !options.signal?.aborted;
    return {
      type: 'retry',
      error: {
        status: 0,
        kind: 'NETWORK',
        message: timedOut
          ? 'The server took too long to answer. It will be tried again.'
          : 'No connection. It will be sent when the connection is back.',
        at: now(),
      },
      delayMs: options.signal?.aborted ? 0 : backoffDelay(backoffAttempts(entry), random, policy),
    };
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', stop);
  }
}
