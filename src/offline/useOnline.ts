/**
 * Whether the app can reach its server: the browser says it is offline, or requests fail for lack of
 * an answer (patchy 4G often reports "online" with nothing getting through). While unreachable, a
 * light probe of /api/health notices the way back.
 */
import { useSyncExternalStore } from 'react';

const PROBE_INTERVAL_MS = 15_000;

let unreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function startProbe() {
  if (probe !== undefined || listeners.size === 0 || typeof fetch === 'undefined') return;
  probe = setInterval(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    fetch('/api/health', { cache: 'no-store', credentials: 'omit' })
      .then((response) => {
        if (response.ok) noteReachable();
      })
      .catch(() => undefined);
  }, PROBE_INTERVAL_MS);
}

function stopProbe() {
  clearInterval(probe);
  probe = undefined;
}

/** A request got no answer at all (not an error status: no connection). */
export function noteUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  startProbe();
  emit();
}

/** A request got an answer. */
export function noteReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  stopProbe();
  emit();
}

export function isOnline(): boolean {
  const browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false;
  return browserOnline && !unreachable;
}

/** Calls `listener` whenever `isOnline()` may have changed; returns the way to stop. */
export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener);
  // The browser's word that the network is back is worth a fresh start.
  const onOnline = () => {
    noteReachable();
    listener();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', listener);
  }
  if (unreachable) startProbe();
  return () => {
    listeners.delete(listener);
    if (hasWindow) {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', listener);
    }
    if (listeners.size === 0) stopProbe();
  };
}

/** True while the server can be reached, for the "Offline" indicator. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
