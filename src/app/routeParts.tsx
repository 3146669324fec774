import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Role } from '../../domain/enums.ts';
import { RequireAuth } from './guards.tsx';

/** How long a screen whose code failed to load waits before asking once more. */
export const SCREEN_RETRY_DELAY_MS = 400;

/**
 * A screen's code, asked for once more if the first request fails. A patchy connection drops one
 * request among many, and even the service worker's answer from its precache, offline, is at times
 * lost on a busy phone; the browser asks again for a module whose fetch failed, so a second try
 * usually shows the screen instead of the route's error. After a deploy, the chunk is gone for good:
 * `vite:preloadError` (chunkReload.ts) has already reloaded the page by then, online.
 */
export async function loadScreen<T>(load: () => Promise<T>, delayMs = SCREEN_RETRY_DELAY_MS): Promise<T> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return load();
  }
}

// Every screen is its own chunk; the service worker precaches them all for offline use.
export const screen = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await loadScreen(load) }),
});

/** Routes only these roles reach (others see the forbidden screen). */
export const onlyFor = (roles: readonly Role[], children: RouteObject[]): RouteObject => ({
  element: <RequireAuth roles={roles} />,
  children,
});
