import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Footer } from '../ui/Footer.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';

/** Last-resort screen for a route that failed to load or render. */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : offline
      ? 'You seem to be offline. Check your connection and try again.'
      : 'This screen could not be loaded. Please try again.';

  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-4 py-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-3 max-w-md text-base-content/80">{detail}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Try again
          </button>
          {/* A full page load, not a client navigation: the router itself may be what failed. */}
          <a href="/" className="btn btn-ghost">
            Go Back Home
          </a>
        </div>
      </main>
      <Footer />
    </div>
  );
}
