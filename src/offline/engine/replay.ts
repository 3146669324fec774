/**
 * The outbox replay engine (DESIGN "Offline-first"): sends a user's queued changes in order, one at a
 * time, each with its own `Idempotency-Key`, and decides what every answer means for the entry.
 * Pure of the page: no DOM, no Dexie, no React. Storage, fetch, the session token, the clock and
 * randomness are handed in, so the page and the service worker run this same code, and the unit
 * tests run it against an in-memory store.
 */
import { type BackoffPolicy, DEFAULT_BACKOFF, DEFAULT_REQUEST_TIMEOUT_MS, backoffDelay } from './backoff.ts';
import { resolveRequest } from './dependencies.ts';
import type { OutboxEntry, OutboxError, OutboxState, OutboxStore, ReplayLock } from './model.ts';
import { type SendOutcome, buildFetch, outcomeOf, readBody } from './sending.ts';
import { SESSION_MESSAGES, type SessionCheck, checkSession } from './session.ts';

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
