import type { Page } from '@playwright/test';

/**
 * WCAG AA text contrast, measured from the colours the browser computed. axe's color-contrast rule
 * cannot read every colour this theme uses (oklch, color-mix for soft badges and alerts) and then
 * leaves the text "incomplete" rather than failing it; here each colour is resolved by painting it on
 * a canvas, so a badge at 1.59:1 fails the suite. Text that is hidden, disabled, faded on purpose
 * (opacity) or drawn over an image is left to axe.
 */
export async function contrastFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    type Rgba = [number, number, number, number];
    const cache = new Map<string, Rgba>();
    const rgba = (color: string): Rgba => {
      const known = cache.get(color);
      if (known) return known;
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      const value: Rgba = [d[0]!, d[1]!, d[2]!, d[3]! / 255];
      cache.set(color, value);
      return value;
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    /** The background under an element: its layers down to the first opaque one; null over an image. */
    const background = (el: Element): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const color = rgba(style.backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const skipped = (el: Element) => {
      if (el.closest('[aria-hidden="true"], :disabled, [aria-disabled="true"], [inert]')) return true;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (Number(style.opacity) < 1 || style.visibility !== 'visible' || style.display === 'none') return true;
      }
      const rect = el.getBoundingClientRect();
      return rect.width <= 1 || rect.height <= 1;
    };

    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const el = text.parentElement;
      if (!el || seen.has(el) || !text.textContent?.trim()) continue;
      seen.add(el);
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TITLE'].includes(el.tagName) || skipped(el)) continue;
      const bg = background(el);
      if (!bg) continue;
      const style = getComputedStyle(el);
      const fg = over(rgba(style.color), bg);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const measured = ratio(fg, bg);
      if (measured + 0.005 < needed) {
        const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
        failures.push(
          `"${text.textContent.trim().slice(0, 40)}" (${name}) ${measured.toFixed(2)}:1, needs ${needed}:1`,
        );
      }
    }
    return failures;
  });
}
