import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BrandMark } from './BrandMark.tsx';

/** The drawing inside an <svg>: its elements and their attributes, spacing and self-closing tags aside. */
const drawing = (svg: string) =>
  (/<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1] ?? '')
    .replace(/<(\w+)([^>]*?)\s*\/>/g, '<$1$2></$1>')
    .replace(/\s+/g, ' ')
    .replace(/>\s+</g, '><')
    .trim();

describe('the brand mark', () => {
  it('draws what public/icon.svg draws, the file the app icons are generated from', () => {
    const file = readFileSync(new URL('../../public/icon.svg', import.meta.url), 'utf8');
    expect(drawing(renderToStaticMarkup(<BrandMark />))).toBe(drawing(file));
    expect(drawing(file)).toContain('<circle');
  });

  it('is decoration: hidden from assistive technology, at the size asked for', () => {
    const markup = renderToStaticMarkup(<BrandMark size={32} className="size-8" />);
    expect(markup).toMatch(/^<svg width="32" height="32" viewBox="0 0 512 512" aria-hidden="true" class="size-8">/);
  });
});
