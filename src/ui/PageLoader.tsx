/** Shown while a screen's code is being fetched. */
export function PageLoader() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-base-200">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
