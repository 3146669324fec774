/**
 * The page's stylesheets. The page names each as a print-only stylesheet (scripts/vite-stylesheet.ts):
 * one that does not apply to the screen holds neither the page's first paint nor its scripts, and the
 * browser parses it in a task of its own as soon as it arrives, instead of inside the main script's
 * evaluation (about 10 ms on a desktop, four times that on a phone). Here each is switched to every
 * medium once loaded, and the returned promise settles when all are: the app renders after that, so
 * it is never shown unstyled. In development Vite injects the styles itself and there is nothing to do.
 */
export const DEFERRED_STYLESHEET = 'link[rel="stylesheet"][data-media]';

export function applyStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(DEFERRED_STYLESHEET)];
  return Promise.all(links.map((link) => applyStylesheet(doc, link))).then(() => undefined);
}

function applyStylesheet(doc: Document, link: HTMLLinkElement): Promise<void> {
  const media = link.dataset['media'] ?? 'all';
  // Loaded (and parsed) already: only the medium changes.
  if (link.sheet) {
    link.media = media;
    return Promise.resolve();
  }
  // Still on its way, or failed before this script ran (a link tells no one that afterwards): a link
  // of its own for every medium, which shares the download in flight or asks again, and says when it
  // is done either way. A stylesheet that cannot load (offline before the service worker holds the
  // app) must not keep the app from starting.
  return new Promise<void>((resolve) => {
    const replacement = doc.createElement('link');
    replacement.rel = 'stylesheet';
    if (link.crossOrigin !== null) replacement.crossOrigin = link.crossOrigin;
    replacement.href = link.href;
    replacement.media = media;
    const done = () => {
      link.remove();
      resolve();
    };
    replacement.addEventListener('load', done, { once: true });
    replacement.addEventListener('error', done, { once: true });
    link.after(replacement);
  });
}
