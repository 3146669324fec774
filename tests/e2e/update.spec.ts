import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const swPath = path.resolve('dist', 'sw.js');

test('a new version waits for the user and takes over only after "Reload"', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await expect(page.getByText('Update available')).toHaveCount(0);

  const original = await readFile(swPath, 'utf8');
  try {
    // What a deploy does: the worker script changes on the server.
    await writeFile(swPath, `${original}\n// next release\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
    await expect(prompt).toBeVisible();
    // Nothing was swapped under the user: the new worker is still waiting.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(true);

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('CareMesh');
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(false);
    await expect(page.getByText('Update available')).toHaveCount(0);
  } finally {
    await writeFile(swPath, original);
  }
});
