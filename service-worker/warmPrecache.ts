/**
 * Workbox installs its precache one file at a time (it once fetched them all at once and browsers ran
 * out of sockets). With ~180 files that is ~180 round trips before the app opens offline: seconds on
 * a desk's network, a minute or more on a patchy phone network, and the field user who closes the app
 * before then finds nothing offline.
 *
 * The files named by their content hash (Workbox's 'default' cache mode: an answer from the HTTP
 * cache is as good as the network's) are fetched first into the browser's HTTP cache, a few at a
 * time; Workbox's own pass, which still decides whether the install succeeds, then mostly reads them
 * from there. A few at a time, not all: the page shares the connections, and its API calls go first.
 */
export const WARM_CONCURRENCY = 4;

type ManifestEntry = string | { url: string; revision?: string | null };

/** The precache entries the HTTP cache can answer for Workbox: those without a revision (hashed names). */
export function warmableUrls(entries: readonly ManifestEntry[], base: string): string[] {
  return entries
    .filter((entry) => typeof entry !== 'string' && !entry.revision)
    .map((entry) => new URL((entry as { url: string }).url, base).href);
}

/**
 * The URLs not yet in Workbox's precache (`kept`: its cache's requests). Workbox fetches only those,
 * so an update of the app warms only the files that changed, never the whole app again.
 */
export function notYetKept(urls: readonly string[], kept: readonly Request[]): string[] {
  const have = new Set(kept.map((request) => request.url));
  return urls.filter((url) => !have.has(url));
}

/** Loads every URL, at most `concurrency` at once; a failure is left to Workbox's own request. */
export async function warmHttpCache(
  urls: readonly string[],
  load: (url: string) => Promise<unknown>,
  concurrency = WARM_CONCURRENCY,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      try {
        await load(url);
      } catch {
        // Offline or refused: Workbox asks again and reports the failure.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, lane));
}

/** A same-origin GET read to its end, so the HTTP cache keeps the whole answer. */
export async function loadIntoHttpCache(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  await response.arrayBuffer();
}
