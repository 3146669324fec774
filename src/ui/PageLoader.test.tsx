import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { StartupLoader } from './PageLoader.tsx';
import page from '../../index.html?raw';

/** An inline style as React writes it: `a:b;c:d`. */
const styleShape = (css: string) =>
  css
    .trim()
    .replace(/\s*([:;])\s*/g, '$1')
    .replace(/;$/, '');

/** Tags, attributes and inline styles in order, whitespace (between tags, before a tag's end) and comments aside. */
const shape = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/style="([^"]*)"/g, (_attribute, css: string) => `style="${styleShape(css)}"`)
    .replace(/ >/g, '>')
    .replace(/>\s+</g, '><')
    .replace(/<(img|span)([^>]*?)\s*\/>(<\/\1>)?/g, '<$1$2></$1>')
    .replace(/<img([^>]*)><\/img>/g, '<img$1>')
    .trim();

describe('the start-up loader', () => {
  it('is what the page shows before the app has run, so nothing moves when React takes over', () => {
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript/.exec(page)?.[1];
    expect(root).toBeDefined();
    // React's server renderer adds a preload hint for the image; the page loads it from the img itself.
    const rendered = renderToStaticMarkup(<StartupLoader />).replace(/^<link [^>]*\/>/, '');
    expect(shape(root ?? '')).toBe(shape(rendered));
  });
});
