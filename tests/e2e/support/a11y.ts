import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { contrastFailures } from './contrast.ts';

/**
 * Lets the page come to rest before it is measured: the pointer leaves whatever it last clicked (a
 * control appearing under it would otherwise be measured mid-way through its hover fade) and every
 * finite CSS transition or animation finishes (spinners, which never do, are left alone, and so are
 * animations driven by scrolling rather than time, such as the page's scroll lock under a modal).
 */
export async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.effect?.getComputedTiming().iterations === Infinity ||
          !(a.timeline instanceof DocumentTimeline),
      ),
  );
}

/**
 * Text contrast is always checked (WCAG AA): axe's color-contrast rule, which no call turns off, and
 * the computed-colour check for what axe cannot measure (contrast.ts).
 */
async function expectReadableText(page: Page) {
  expect(await contrastFailures(page), 'text below WCAG AA contrast').toEqual([]);
}

/** No serious or critical axe violations on the page as it stands, and readable text. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  await expectReadableText(page);
}

/** No axe violations at all, whatever their impact, and readable text. */
export async function expectNoA11yViolations(page: Page) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await expectReadableText(page);
}
