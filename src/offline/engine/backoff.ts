/** When a change is tried again: backoff with jitter, and a server's Retry-After. */

export type BackoffPolicy = { baseMs: number; capMs: number };
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 };
/** A server's Retry-After is honoured up to this long. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** No answer within this long counts as no connection (uploads on slow 4G included). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

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
