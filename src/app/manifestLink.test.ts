import { describe, expect, it } from 'vitest';
import { deferManifestLink, MANIFEST_META } from '../../scripts/vite-manifest.ts';
import { linkManifest } from './manifestLink.ts';

/** Just enough of a document for linkManifest: a head holding elements with attributes. */
function page(head: Array<Record<string, string>>) {
  const elements = head.map((attributes) => ({ ...attributes }));
  const doc = {
    querySelector(selector: string) {
      const [, tag, name, value] = /^(\w+)\[(\w+)="([^"]+)"\]$/.exec(selector) ?? [];
      return elements.find((e) => e['tag'] === tag && e[name as string] === value) ?? null;
    },
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: { append: (element: Record<string, string>) => elements.push(element) },
  };
  return { doc: doc as unknown as Document, elements };
}

describe('the web app manifest, linked with the service worker', () => {
  it('leaves the page naming it in a meta element instead of a link', () => {
    const html = '<head><title>CareMesh</title>\n  <link rel="manifest" href="/manifest.webmanifest"></head>';
    expect(deferManifestLink(html)).toBe(
      `<head><title>CareMesh</title>\n  <meta name="${MANIFEST_META}" content="/manifest.webmanifest"></head>`,
    );
    expect(deferManifestLink('<head></head>')).toBe('<head></head>');
  });

  it('is linked from the meta element, once', () => {
    const { doc, elements } = page([{ tag: 'meta', name: MANIFEST_META, content: '/manifest.webmanifest' }]);
    linkManifest(doc);
    linkManifest(doc);
    expect(elements.filter((e) => e['tag'] === 'link')).toEqual([
      { tag: 'link', rel: 'manifest', href: '/manifest.webmanifest' },
    ]);
  });

  it('links nothing where the page names no manifest (development, where the page links it itself)', () => {
    const { doc, elements } = page([{ tag: 'link', rel: 'manifest', href: '/manifest.webmanifest' }]);
    linkManifest(doc);
    expect(elements).toHaveLength(1);
  });
});
