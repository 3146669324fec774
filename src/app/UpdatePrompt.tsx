import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { afterFirstScreenShown } from '../session/firstScreen.ts';
import { whenIdle } from '../ui/idle.ts';
import { linkManifest } from './manifestLink.ts';

// A tab can stay open for days: look for a new version now and then.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const OFFLINE_READY_VISIBLE_MS = 5_000;

/** The latest the registration waits for an idle moment once the page has loaded. */
const REGISTER_IDLE_TIMEOUT_MS = 3_000;

/**
 * Registers the service worker, and links the web app manifest (scripts/vite-manifest.ts), once the
 * page has loaded, the first screen is on screen and the main thread is idle, and offers a waiting
 * new version to the user. A first install downloads the whole app for offline use (some 190
 * files): on a phone's connection that must not compete with the first screen's code and data.
 */
export function UpdatePrompt() {
  const [register, setRegister] = useState(false);
  useEffect(
    () =>
      afterLoadWhenIdle(() => {
        // The browser judges whether the app can be installed from the manifest and the worker.
        linkManifest();
        setRegister(true);
      }),
    [],
  );
  return register ? <ServiceWorkerUpdates /> : null;
}

/**
 * Calls `callback` once the page's load event has passed, the first screen is on screen and the main
 * thread is idle; returns a cancel.
 */
function afterLoadWhenIdle(callback: () => void): () => void {
  let cancelShown = () => undefined as void;
  let cancelIdle = () => undefined as void;
  const onLoad = () => {
    cancelShown = afterFirstScreenShown(() => {
      cancelIdle = whenIdle(callback, REGISTER_IDLE_TIMEOUT_MS);
    });
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelShown();
    cancelIdle();
  };
}

/** The new worker only takes over when the user chooses Reload, never under an open form. */
function ServiceWorkerUpdates() {
  const [reloading, setReloading] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.error('CareMesh: service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineReady(false), OFFLINE_READY_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh && !offlineReady) return null;

  return (
    <section
      aria-label="App updates"
      className="toast toast-bottom toast-center z-50 w-[calc(100vw-2rem)] sm:toast-end sm:w-auto sm:max-w-md"
    >
      {needRefresh ? (
        <div
          role="status"
          className="alert flex flex-col items-stretch gap-3 border-base-300 bg-base-100 shadow-lg sm:flex-row sm:items-center"
        >
          <div className="flex-1">
            <h2 className="font-semibold">Update available</h2>
            <p className="text-sm text-base-content/80">A new version of CareMesh is ready.</p>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setNeedRefresh(false)}>
              Later
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={reloading}
              onClick={() => {
                setReloading(true);
                // The plugin reloads only when the page was already controlled when it registered;
                // on a first visit the new worker takes over silently, so reload on the takeover itself.
                navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
                  once: true,
                });
                void updateServiceWorker(true);
              }}
            >
              {reloading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              Reload
            </button>
          </div>
        </div>
      ) : (
        <div role="status" className="alert flex justify-between border-base-300 bg-base-100 shadow-lg">
          <span>CareMesh is ready to work offline.</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOfflineReady(false)}>
            Close
          </button>
        </div>
      )}
    </section>
  );
}
