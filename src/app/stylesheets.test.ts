import { describe, expect, it } from 'vitest';
import { stylesheetAfterFirstPaint } from '../../scripts/vite-stylesheet.ts';
import { applyStylesheets, DEFERRED_STYLESHEET } from './stylesheets.ts';

type FakeLink = {
  rel: string;
  href: string;
  media: string;
  crossOrigin: string | null;
  dataset: Record<string, string>;
  sheet: object | null;
  removed: boolean;
  listeners: Record<string, () => void>;
  addEventListener(type: string, listener: () => void): void;
  after(link: FakeLink): void;
  remove(): void;
};

/** Just enough of a page for applyStylesheets: its stylesheet links, in order. */
function page(links: Array<Partial<FakeLink>>) {
  const head: FakeLink[] = [];
  const make = (init: Partial<FakeLink> = {}): FakeLink => {
    const link: FakeLink = {
      rel: '',
      href: '',
      media: '',
      crossOrigin: null,
      dataset: {},
      sheet: null,
      removed: false,
      listeners: {},
      addEventListener(type, listener) {
        this.listeners[type] = listener;
      },
      after(next) {
        head.splice(head.indexOf(this) + 1, 0, next);
      },
      remove() {
        this.removed = true;
        head.splice(head.indexOf(this), 1);
      },
      ...init,
    };
    return link;
  };
  for (const init of links) head.push(make(init));
  const doc = {
    querySelectorAll(selector: string) {
      expect(selector).toBe(DEFERRED_STYLESHEET);
      return head.filter((link) => link.rel === 'stylesheet' && 'media' in link.dataset);
    },
    createElement: () => make(),
  };
  return { doc: doc as unknown as Document, head };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

const deferred = (sheet: object | null): Partial<FakeLink> => ({
  rel: 'stylesheet',
  href: 'https://caremesh.test/assets/shell-1.css',
  media: 'print',
  crossOrigin: '',
  dataset: { media: 'all' },
  sheet,
});

describe("the page's stylesheet, parsed before the app's script runs", () => {
  it('is named as a preload and a print-only stylesheet that the app switches to every medium', () => {
    const plugin = stylesheetAfterFirstPaint();
    const transform = plugin.transformIndexHtml as { handler: (html: string) => string };
    expect(transform.handler('<head><link rel="stylesheet" crossorigin href="/assets/shell-1.css"></head>')).toBe(
      '<head><link rel="preload" as="style" crossorigin href="/assets/shell-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/shell-1.css" media="print" data-media="all">' +
        '<noscript><link rel="stylesheet" crossorigin href="/assets/shell-1.css"></noscript></head>',
    );
  });

  it('applies a stylesheet already loaded at once, with no second link', async () => {
    const { doc, head } = page([deferred({})]);
    expect(await settled(applyStylesheets(doc))).toBe(true);
    expect(head).toHaveLength(1);
    expect(head[0]?.media).toBe('all');
  });

  it('waits for one still loading, through a link for every medium that replaces it once loaded', async () => {
    const { doc, head } = page([deferred(null)]);
    const applied = applyStylesheets(doc);
    expect(await settled(applied)).toBe(false);
    const [original, replacement] = head;
    expect(replacement).toMatchObject({ rel: 'stylesheet', href: original?.href, media: 'all', crossOrigin: '' });
    replacement?.listeners['load']?.();
    expect(await settled(applied)).toBe(true);
    expect(original?.removed).toBe(true);
    expect(head).toEqual([replacement]);
  });

  it('lets the app start when the stylesheet cannot load', async () => {
    const { doc, head } = page([deferred(null)]);
    const applied = applyStylesheets(doc);
    head[1]?.listeners['error']?.();
    expect(await settled(applied)).toBe(true);
  });

  it('has nothing to wait for without such links (in development Vite injects the styles)', async () => {
    const { doc } = page([{ rel: 'stylesheet', href: '/x.css', dataset: {} }]);
    expect(await settled(applyStylesheets(doc))).toBe(true);
  });
});
