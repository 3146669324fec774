import { describe, expect, it } from 'vitest';
import { notYetKept, warmHttpCache, warmableUrls } from './warmPrecache.ts';

describe('warming the HTTP cache before the precache', () => {
  it('takes only the hashed files (no revision), as absolute URLs', () => {
    const entries = [
      { url: 'assets/index-Ab12Cd34.js', revision: null },
      { url: 'index.html', revision: '8b27e9d2' },
      { url: 'assets/app-Zz99Yy88.css' },
      'legacy.js',
    ];
    expect(warmableUrls(entries, 'https://caremesh.example/sw.js')).toEqual([
      'https://caremesh.example/assets/index-Ab12Cd34.js',
      'https://caremesh.example/assets/app-Zz99Yy88.css',
    ]);
  });

  it('leaves out what the precache already keeps, so an update warms only the changed files', () => {
    const base = 'https://caremesh.example';
    const urls = [
      `${base}/assets/index-Ab12Cd34.js`,
      `${base}/assets/app-Zz99Yy88.css`,
      `${base}/assets/new-Qq11Ww22.js`,
    ];
    const kept = [
      new Request(`${base}/assets/index-Ab12Cd34.js`),
      new Request(`${base}/assets/app-Zz99Yy88.css`),
      new Request(`${base}/index.html?__WB_REVISION__=8b27e9d2`),
    ];
    expect(notYetKept(urls, kept)).toEqual([`${base}/assets/new-Qq11Ww22.js`]);
    expect(notYetKept(urls, [])).toEqual(urls);
  });

  it('loads every URL once, never more than the limit at a time, and goes on past a failure', async () => {
    const urls = Array.from({ length: 23 }, (_, i) => `/assets/${i}.js`);
    const loaded: string[] = [];
    let inFlight = 0;
    let most = 0;
    await warmHttpCache(
      urls,
      async (url) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, (url.length * 7) % 5));
        inFlight--;
        if (url === '/assets/3.js') throw new Error('offline');
        loaded.push(url);
      },
      4,
    );
    expect(most).toBe(4);
    expect(loaded.sort()).toEqual(urls.filter((u) => u !== '/assets/3.js').sort());
  });

  it('does nothing for an empty manifest', async () => {
    let calls = 0;
    await warmHttpCache([], async () => void calls++);
    expect(calls).toBe(0);
  });
});
