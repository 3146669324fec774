/**
 * Pictures of an account's own documents (thumbnails in lists) kept at runtime, so the list shows
 * them offline: cache first, in a cache of that account's own (`caremesh-user-files-{userId}`,
 * removed at sign-out), never shared with another account on the same device. The account is the
 * one whose session cookie goes with the request; with no readable session the worker stays out of
 * the way and the request goes to the network, where the server decides.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { CacheFirst } from 'workbox-strategies';
import { userFilesCacheName } from '../src/offline/engine/db.ts';
import { userIdOfToken } from '../src/offline/engine/index.ts';
import { readSessionToken } from './sync.ts';

const THUMBNAIL_PATH = /^\/api\/patients\/[^/]+\/documents\/[^/]+\/thumbnail$/;

export function isUserFile(url: URL, origin: string): boolean {
  return url.origin === origin && THUMBNAIL_PATH.test(url.pathname);
}

const strategies = new Map<string, CacheFirst>();

function strategyFor(userId: string): CacheFirst {
  let strategy = strategies.get(userId);
  if (!strategy) {
    strategy = new CacheFirst({
      cacheName: userFilesCacheName(userId),
      plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true })],
    });
    strategies.set(userId, strategy);
  }
  return strategy;
}

export async function handleUserFile(options: RouteHandlerCallbackOptions): Promise<Response> {
  const userId = userIdOfToken(await readSessionToken());
  if (!userId) return fetch(options.request);
  return strategyFor(userId).handle(options);
}
