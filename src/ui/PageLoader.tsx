/** Shown while a screen's code is being fetched. */
export function PageLoader() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-base-200">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/**
 * Shown while the app starts (its code, then who is signed in): the mark above the spinner. The page
 * itself carries the same markup in #root (index.html), so a phone shows it as soon as the page and
 * its styles arrive, instead of a blank screen until the main script has run; React's first render
 * replaces it with this, the same.
 */
export function StartupLoader() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-base-200">
      <img src="/icon.svg" alt="" width={48} height={48} className="size-12" />
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
