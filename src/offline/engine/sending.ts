/** One send: the fetch arguments for an entry, and what an answer means for it. */
import { isApiErrorBody, isRetryableStatus } from '../../../domain/errors.ts';
import { type BackoffPolicy, DEFAULT_BACKOFF, backoffDelay, retryAfterMs } from './backoff.ts';
import type { OutboxError, OutboxRequest } from './model.ts';

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

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
