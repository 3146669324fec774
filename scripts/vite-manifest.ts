import type { Plugin } from 'vite';

/** The meta element that names the web app manifest until the app links it (src/app/manifestLink.ts). */
export const MANIFEST_META = 'caremesh-manifest';

/**
 * The page stops linking its web app manifest at load. Chromium fetches a linked manifest as the page
 * is parsed, then the manifest's icon to judge whether the app can be installed: on a phone over
 * HTTP/1.1 those two requests took two of the six connections the first screen's scripts come
 * through. Nothing needs the manifest before the service worker is registered (a browser offers to
 * install only an app whose worker is running), so the page names it in a meta element and the app
 * links it when it registers the worker, after the first screen (src/app/UpdatePrompt.tsx).
 */
export function manifestWithServiceWorker(): Plugin {
  return {
    name: 'caremesh-manifest-with-service-worker',
    apply: 'build',
    // The PWA plugin links the manifest in a post plugin of its own.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return deferManifestLink(html);
      },
    },
  };
}

/** The page's `<link rel="manifest">` as the meta element the app reads. */
export function deferManifestLink(html: string): string {
  return html.replace(
    /<link rel="manifest" href="([^"]+)"\s*\/?>/g,
    (_link, href: string) => `<meta name="${MANIFEST_META}" content="${href}">`,
  );
}
