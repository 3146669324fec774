/**
 * The page's stylesheets, which the page asks for as preloads so that they do not hold its first
 * paint (scripts/vite-stylesheet.ts): applied here, and settled once each has loaded or failed. The
 * app renders after that, so it is never shown unstyled; in development Vite injects the styles itself
 * and there is nothing to wait for.
 */
export function applyStylesheets(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
          link.href = preload.href;
          // A stylesheet that cannot load (offline before the service worker holds the app) must not
          // keep the app from starting.
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          preload.after(link);
        }),
    ),
  ).then(() => undefined);
}
