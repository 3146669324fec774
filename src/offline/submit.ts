/**
 * A screen's change sent through the outbox, one path online and offline: the change is queued (so
 * it is never lost), and while the server answers the screen waits for that answer and shows it
 * inline as it would for a direct request. With no connection (or no answer for a while) the screen
 * says the change is saved on the device and moves on; the outbox sends it later, and the outcome
 * then arrives as a toast and in "Pending changes".
 */
import { useSyncExternalStore } from 'react';
import { ERROR_KINDS, kindForStatus, type ErrorKind } from '../../domain/errors.ts';
import { ApiError } from '../api/http.ts';
import { openDeviceDatabase } from './engine/device.ts';
import { discardOutboxEntry, observeOutbox, queueMutation, type QueueMutationInput } from './outbox.ts';
import type { OutboxEntry, OutboxError } from './engine/index.ts';
import { watchSendProgress, type SendProgress } from './sendRequest.ts';
import { isOnline } from './useOnline.ts';

/** A change waits this long for the server's answer before the screen lets it go on in the background. */
export const ANSWER_WAIT_MS = 20_000;

export type SavedReason =
  /** The device has no connection. */
  | 'offline'
  /** No answer from the server (or it failed for now): the outbox tries again by itself. */
  | 'no-answer'
  /** The server wants a new sign-in first. */
  | 'sign-in';

export type SubmitResult =
  | { status: 'sent'; entry: OutboxEntry; response: unknown }
  /** The server refused it (409, 422, other 4xx); the entry is already discarded unless `keepRefused`. */
  | { status: 'refused'; entry: OutboxEntry; error: OutboxError }
  /** Kept in the outbox, to be sent later. */
  | { status: 'saved'; entry: OutboxEntry; reason: SavedReason }
  /** The user discarded it meanwhile (another tab). */
  | { status: 'discarded'; entry: OutboxEntry };

/** The words a screen shows when a change stays on the device. */
export function savedMessage(reason: SavedReason): string {
  switch (reason) {
    case 'offline':
      return 'Saved on this device — will be sent when you are back online.';
    case 'no-answer':
      return 'Saved on this device — it could not be sent just now and will be sent automatically.';
    case 'sign-in':
      return 'Saved on this device — sign in again to send it.';
  }
}

/** A refusal as the ApiError a direct request would have thrown, so screens show it the same way. */
export function refusalAsApiError(error: OutboxError): ApiError {
  const kind: ErrorKind = (ERROR_KINDS as readonly string[]).includes(error.kind)
    ? (error.kind as ErrorKind)
    : error.status > 0
      ? kindForStatus(error.status)
      : 'CONFLICT';
  return new ApiError(kind, error.message, error.status, error.reason ? { reason: error.reason } : undefined);
}

/** What an entry's state means for the screen waiting on it: keep waiting (null) or this outcome. */
export function decideWait(entry: OutboxEntry | undefined): 'sent' | 'refused' | 'discarded' | SavedReason | null {
  if (!entry) return 'discarded';
  switch (entry.state) {
    case 'sent':
      return 'sent';
    case 'conflict':
      return 'refused';
    case 'paused-auth':
      return 'sign-in';
    case 'failed-retrying':
      return entry.lastError?.status === 0 && !isOnline() ? 'offline' : 'no-answer';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Changes whose outcome a screen shows itself

/** Answered on screen: the outbox's own toast would only repeat it. Kept for the page's life (ids are unique). */
const answeredOnScreen = new Set<string>();
/** On their way while a screen waits: not yet "waiting to send" for the marks and the badge. */
let inFlight: ReadonlySet<string> = new Set();
const inFlightListeners = new Set<() => void>();

function setInFlight(id: string, on: boolean) {
  const next = new Set(inFlight);
  if (on) next.add(id);
  else next.delete(id);
  inFlight = next;
  for (const listener of inFlightListeners) listener();
}

/** Whether a screen showed this entry's outcome itself (the page's toasts skip it). */
export function isAnsweredOnScreen(id: string): boolean {
  return answeredOnScreen.has(id);
}

/** The entries a screen is sending and waiting on right now (live). */
export function useInFlightOnScreen(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      inFlightListeners.add(listener);
      return () => inFlightListeners.delete(listener);
    },
    () => inFlight,
    () => inFlight,
  );
}

/** Entries a screen shows as "waiting to send": unsent, and not the one a screen is sending right now. */
export function isWaiting(entry: OutboxEntry, onScreen: ReadonlySet<string>): boolean {
  if (entry.state === 'sent') return false;
  return !(onScreen.has(entry.id) && (entry.state === 'queued' || entry.state === 'sending'));
}

export type SubmitOptions = {
  signal?: AbortSignal;
  /** Upload progress while this page sends it. */
  onProgress?: (progress: SendProgress) => void;
  /** Keep a refused change in the outbox (default: discard it; the screen shows the refusal and keeps the form). */
  keepRefused?: boolean;
  /** How long to wait for an answer without news (progress counts as news). */
  waitMs?: number;
};

/**
 * Queues the change and, while online, waits for the server's answer. Resolves once the outcome is
 * known or the change is left to the outbox; rejects only when it cannot be stored at all.
 */
export async function submitChange(input: QueueMutationInput, options: SubmitOptions = {}): Promise<SubmitResult> {
  const entry = await queueMutation(input);
  const { userId } = input;
  if (!isOnline()) return { status: 'saved', entry, reason: 'offline' };

  setInFlight(entry.id, true);
  const waitMs = options.waitMs ?? ANSWER_WAIT_MS;
  let stopProgress: () => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopObserving: () => void = () => undefined;
  let onOffline: () => void = () => undefined;
  let onAbort: () => void = () => undefined;

  const outcome = await new Promise<{ decision: NonNullable<ReturnType<typeof decideWait>>; latest: OutboxEntry }>(
    (resolve, reject) => {
      let latest = entry;
      let settled = false;
      const finish = (decision: NonNullable<ReturnType<typeof decideWait>>) => {
        if (settled) return;
        settled = true;
        resolve({ decision, latest });
      };
      const restartTimer = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish('no-answer'), waitMs);
      };
      if (options.onProgress) {
        const report = options.onProgress;
        stopProgress = watchSendProgress(entry.idempotencyKey, (progress) => {
          restartTimer();
          report(progress);
        });
      }
      onOffline = () => finish('offline');
      window.addEventListener('offline', onOffline);
      onAbort = () => {
        if (settled) return;
        settled = true;
        reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      };
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      restartTimer();
      stopObserving = observeOutbox(
        userId,
        (entries) => {
          const current = entries.find((candidate) => candidate.id === entry.id);
          if (current) latest = current;
          const decision = decideWait(current);
          if (decision) finish(decision);
        },
        () => finish('no-answer'),
      );
    },
  ).finally(() => {
    clearTimeout(timer);
    stopProgress();
    stopObserving();
    window.removeEventListener('offline', onOffline);
    options.signal?.removeEventListener('abort', onAbort);
    setInFlight(entry.id, false);
  });

  const { decision, latest } = outcome;
  switch (decision) {
    case 'sent':
      answeredOnScreen.add(entry.id);
      return { status: 'sent', entry: latest, response: latest.response };
    case 'refused': {
      answeredOnScreen.add(entry.id);
      const error: OutboxError = latest.lastError ?? {
        status: 0,
        kind: 'CONFLICT',
        message: 'The server refused this change.',
        at: Date.now(),
      };
      if (!options.keepRefused) await forgetRefused(userId, entry.id);
      return { status: 'refused', entry: latest, error };
    }
    case 'discarded':
      return { status: 'discarded', entry: latest };
    default:
      return { status: 'saved', entry: latest, reason: decision };
  }
}

/**
 * The screen showed the refusal with the form still filled in, so the user decides there: the entry
 * leaves the queue (claimed first, so no other tab announces it meanwhile).
 */
async function forgetRefused(userId: string, id: string): Promise<void> {
  try {
    const { outboxStoreFor, userDatabase } = await openDeviceDatabase();
    await outboxStoreFor(userDatabase(userId)).modify(id, (e) =>
      e.state === 'conflict' && e.notifiedAt === null ? { notifiedAt: Date.now() } : null,
    );
    await discardOutboxEntry(userId, id);
  } catch (error) {
    console.warn('outbox: a refused change could not be removed', error);
  }
}
