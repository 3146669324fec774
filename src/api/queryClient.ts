import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isOnline, subscribeOnline } from '../offline/useOnline.ts';
import { freshnessFor } from './freshness.ts';
import { ApiError, isNoAnswer } from './http.ts';

/**
 * Whether a failed read is worth one more try: not a refusal (a 4xx answer says the same the second
 * time, except "too many" and "timed out"), and not a request that found no server while the app knows
 * it is offline (the read is made again when the connection is back).
 */
export function worthRetrying(error: unknown, online: boolean = isOnline()): boolean {
  if (isNoAnswer(error)) return online;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/**
 * TanStack Query's own idea of the connection is "online" until the browser fires `offline`: a page
 * opened with no network never learns it is offline, so it never learns it is back either, and the
 * screens opened offline keep the device's answers after the network returns. It follows the app's
 * word instead (src/offline/useOnline.ts: the browser's, or a server found not to answer), so when the
 * connection comes back every screen on view fetches what changed at once.
 */
export function followAppConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeOnline(() => setOnline(isOnline()));
  });
}

export function createQueryClient() {
  followAppConnection();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: (query) => freshnessFor(query.queryKey),
        // Kept at least as long as fresh, so a persisted cache can still show it later.
        gcTime: 60 * 60_000,
        retry: (failureCount, error) => failureCount < 1 && worthRetrying(error),
        // Offline, a read is still tried, so a screen never seen on this device says so at once (an
        // answer kept on the device shows instead: src/offline/persist.ts) rather than wait in silence.
        networkMode: 'always',
        // TanStack turns this off for 'always'; here it is the point of following the connection.
        refetchOnReconnect: true,
      },
      mutations: { retry: 0 },
    },
  });
}
