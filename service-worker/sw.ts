/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { noticeFromPush, openFromNotification, urlOfNotification } from './push.ts';
import { onOutboxSync } from './sync.ts';
import { handleUserFile, isUserFile } from './userFiles.ts';
import { loadIntoHttpCache, notYetKept, warmHttpCache, warmableUrls } from './warmPrecache.ts';

declare let self: ServiceWorkerGlobalScope;

// Never answered from a cache: API responses are per user and belong to the page's own storage (the one
// exception, an account's document pictures, is kept in a cache of that account's own: userFiles.ts).
const NETWORK_ONLY_PATHS = [/^\/api(?:[/?]|$)/, /^\/socket\.io(?:[/?]|$)/];

function isNetworkOnly(pathname: string): boolean {
  return NETWORK_ONLY_PATHS.some((pattern) => pattern.test(pathname));
}

// The shell and every lazy route chunk, so a second visit opens with no network. The hashed files are
// loaded a few at a time first (warmPrecache.ts): Workbox alone takes them one by one.
const PRECACHE = self.__WB_MANIFEST;
self.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      const kept = await (await caches.open(cacheNames.precache)).keys();
      await warmHttpCache(notYetKept(warmableUrls(PRECACHE, self.location.href), kept), loadIntoHttpCache);
    })(),
  );
});
precacheAndRoute(PRECACHE);
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

// Pictures of the signed-in account's documents: cache first, per account (userFiles.ts).
registerRoute(({ request, url }) => request.method === 'GET' && isUserFile(url, self.location.origin), handleUserFile);

// A new version waits until the user chooses "Reload" in the update prompt.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

clientsClaim();

// Background Sync: the changes queued on the device are sent even with every page closed.
self.addEventListener('sync', onOutboxSync);

// Web Push: the server sends generic text and an in-app path (no medical detail on a lock screen).
self.addEventListener('push', (event: PushEvent) => {
  const notice = noticeFromPush(event.data?.text(), self.location.origin);
  event.waitUntil(self.registration.showNotification(notice.title, notice.options));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const path = urlOfNotification(event.notification.data, self.location.origin);
  event.waitUntil(openFromNotification(path, self.clients, self.location.origin));
});

// The browser replaced the subscription: register the new one for the signed-in user (the jwtToken
// cookie goes with the request) and forget the old one.
self.addEventListener('pushsubscriptionchange', (event: PushSubscriptionChangeEvent) => {
  event.waitUntil(renewPushSubscription(event.oldSubscription, event.newSubscription));
});

async function renewPushSubscription(previous: PushSubscription | null, next: PushSubscription | null) {
  const renewed = next ?? (previous ? await self.registration.pushManager.subscribe(previous.options) : null);
  const send = (method: 'POST' | 'DELETE', body: unknown) =>
    fetch('/api/notifications/push/subscriptions', {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  if (renewed) await send('POST', renewed.toJSON());
  if (previous && previous.endpoint !== renewed?.endpoint) await send('DELETE', { endpoint: previous.endpoint });
}

function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}
