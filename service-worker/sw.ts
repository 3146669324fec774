/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare let self: ServiceWorkerGlobalScope;

// Never answered from a cache: API responses are per user and belong to the page's own storage.
const NETWORK_ONLY_PATHS = [/^\/api(?:[/?]|$)/, /^\/socket\.io(?:[/?]|$)/];

function isNetworkOnly(pathname: string): boolean {
  return NETWORK_ONLY_PATHS.some((pattern) => pattern.test(pathname));
}

// The shell and every lazy route chunk, so a second visit opens with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes (/appointments/42 …) all open the precached shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NETWORK_ONLY_PATHS }));

// Same-origin images outside /api (static pictures): cache first, bounded.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && url.origin === self.location.origin && !isNetworkOnly(url.pathname),
  new CacheFirst({
    cacheName: 'caremesh-images',
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the user chooses "Reload" in the update prompt.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

clientsClaim();

function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}
