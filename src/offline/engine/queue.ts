/**
 * The outbox's queue operations (DESIGN "Offline-first"): a change becomes an entry with one call and
 * is sent by the replay engine, in order, once each; nothing leaves the queue without being sent or
 * the user's decision (discard). Pure of the page, against any OutboxStore.
 */
import {
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
} from './index.ts';

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
  invalidates?: readonly StoredQueryKey[];
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
