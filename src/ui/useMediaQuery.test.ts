import { afterEach, describe, expect, it, vi } from 'vitest';

/** A window whose width can be changed, answering `(min-width: Npx)` queries as a browser does. */
function fakeWindow(width: number) {
  const lists: Array<{ min: number; target: EventTarget; matches: boolean }> = [];
  const win = {
    matchMedia(query: string) {
      const min = Number(/min-width: (\d+)px/.exec(query)![1]);
      const target = new EventTarget();
      const list = { min, target, matches: width >= min };
      lists.push(list);
      return {
        get matches() {
          return list.matches;
        },
        addEventListener: (type: string, fn: EventListener) => target.addEventListener(type, fn),
        removeEventListener: (type: string, fn: EventListener) => target.removeEventListener(type, fn),
      };
    },
    resize(to: number) {
      for (const list of lists) {
        const matches = to >= list.min;
        if (matches === list.matches) continue;
        list.matches = matches;
        list.target.dispatchEvent(new Event('change'));
      }
    },
  };
  return win;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('mediaQueryStore', () => {
  it('answers the query and tells its subscribers when the answer changes, until they leave', async () => {
    const win = fakeWindow(360);
    vi.stubGlobal('window', win);
    const { mediaQueryStore } = await import('./useMediaQuery.ts');
    const store = mediaQueryStore('(min-width: 640px)');
    expect(store.matches()).toBe(false);
    const seen: boolean[] = [];
    const leave = store.subscribe(() => seen.push(store.matches()!));
    win.resize(1024);
    win.resize(800); // still wide: no change to report
    win.resize(360);
    expect(seen).toEqual([true, false]);
    leave();
    win.resize(1024);
    expect(seen).toEqual([true, false]);
    expect(store.matches()).toBe(true);
  });

  it('is one store per query, shared by everyone asking it', async () => {
    vi.stubGlobal('window', fakeWindow(1024));
    const { mediaQueryStore } = await import('./useMediaQuery.ts');
    expect(mediaQueryStore('(min-width: 640px)')).toBe(mediaQueryStore('(min-width: 640px)'));
    expect(mediaQueryStore('(min-width: 2000px)').matches()).toBe(false);
    expect(mediaQueryStore('(min-width: 640px)').matches()).toBe(true);
  });

  it('answers undefined where the width cannot be asked, so the caller lets CSS decide', async () => {
    vi.stubGlobal('window', {});
    const { mediaQueryStore } = await import('./useMediaQuery.ts');
    const store = mediaQueryStore('(min-width: 640px)');
    expect(store.matches()).toBeUndefined();
    expect(() => store.subscribe(() => undefined)()).not.toThrow();
  });
});
