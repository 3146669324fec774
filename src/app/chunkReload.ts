const LAST_RELOAD_KEY = 'caremesh:chunk-reload-at';
// A second failure this soon after our own reload means reloading does not help: stop there.
const RELOAD_GUARD_MS = 60_000;

/**
 * After a deploy, a page still running the previous build may ask for a lazy chunk that no longer
 * exists. Vite reports that as `vite:preloadError`; a full page load fetches the new build. It is
 * done at most once per guard window (kept in sessionStorage) so it can never loop, and not at all
 * offline, where the route's error screen explains what happened instead.
 *
 * @param pendingUrl the URL a client-side navigation is heading to, if any: loading it (rather than
 * reloading the page being left) keeps the user's click.
 */
export function installChunkReloadOnDeploy(pendingUrl: () => string | undefined): void {
  window.addEventListener('vite:preloadError', () => {
    if (!navigator.onLine || !claimReload()) return;
    const target = pendingUrl();
    if (target) window.location.assign(target);
    else window.location.reload();
  });
}

function claimReload(): boolean {
  try {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    const now = Date.now();
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
    return true;
  } catch {
    // Storage unavailable: without a guard, never reload automatically.
    return false;
  }
}
