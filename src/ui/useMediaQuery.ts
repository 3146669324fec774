import { useSyncExternalStore } from 'react';

type MediaStore = { subscribe(onChange: () => void): () => void; matches(): boolean | undefined };

const stores = new Map<string, MediaStore>();

/**
 * One store per media query, shared by every component asking it. `matches()` is undefined where the
 * query cannot be asked (no `window.matchMedia`): the caller then lets CSS decide.
 */
export function mediaQueryStore(query: string): MediaStore {
  let store = stores.get(query);
  if (!store) {
    const list =
      typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
    store = {
      subscribe(onChange) {
        list?.addEventListener('change', onChange);
        return () => list?.removeEventListener('change', onChange);
      },
      matches: () => list?.matches,
    };
    stores.set(query, store);
  }
  return store;
}

const unknown = () => undefined;

/** Whether the media query matches, kept current as the window is resized or turned; see mediaQueryStore. */
export function useMediaQuery(query: string): boolean | undefined {
  const store = mediaQueryStore(query);
  return useSyncExternalStore(store.subscribe, store.matches, unknown);
}
