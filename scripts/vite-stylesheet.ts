import type { Plugin } from 'vite';

/**
 * The page's stylesheet stops blocking its first paint. Vite names it in the page as a render-blocking
 * `<link rel="stylesheet">`, so a phone showed nothing, not even the start-up loader, until the 20 KB
 * stylesheet had come in beside the scripts it shares the connection with. The page now asks for it as
 * a preload (same priority, nothing blocks) and paints the loader at once from its own inline styles
 * (index.html). It also names it as a print-only stylesheet: that blocks neither the paint nor the
 * scripts, and the browser parses it in a task of its own as it arrives (before, the main script added
 * the stylesheet and the browser parsed it inside that script's evaluation, one long task). The main
 * script switches it to every medium and renders the app once it has loaded (src/app/stylesheets.ts),
 * so nothing is ever shown unstyled. Without JavaScript, a `<noscript>` copy of the link styles the
 * page's message.
 */
export function stylesheetAfterFirstPaint(): Plugin {
  return {
    name: 'caremesh-stylesheet-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          (_link, crossorigin: string | undefined, href: string) => {
            const cors = crossorigin ?? '';
            return (
              `<link rel="preload" as="style"${cors} href="${href}">` +
              `<link rel="stylesheet"${cors} href="${href}" media="print" data-media="all">` +
              `<noscript><link rel="stylesheet"${cors} href="${href}"></noscript>`
            );
          },
        );
      },
    },
  };
}
