import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, runServer, waitForHealth, type ServerProcess } from '../api/support/server-process.ts';

// A deploy changes the worker script on the server. Done to a copy of the build served by a server of
// this test's own: the suite's other pages, on the shared build, must never see a release appear.
let server: ServerProcess | undefined;
let root: string;
let origin: string;
let swPath: string;

test.beforeAll(async () => {
  // A first start creates and seeds the embedded database: over a minute on a machine busy with the suite.
  test.setTimeout(180_000);
  root = await mkdtemp(path.join(os.tmpdir(), 'caremesh-e2e-update-'));
  const staticDir = path.join(root, 'dist');
  await cp(path.resolve('dist'), staticDir, { recursive: true, filter: (file) => !file.endsWith('.map') });
  swPath = path.join(staticDir, 'sw.js');
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = runServer({
    PORT: String(port),
    DATA_DIR: path.join(root, 'data'),
    STATIC_DIR: staticDir,
    PUBLIC_URL: origin,
  });
  await waitForHealth(port, server.child, 150_000);
});
test.afterAll(async () => {
  await server?.kill();
  await rm(root, { recursive: true, force: true });
});

test('a new version waits for the user and takes over only after "Reload"', async ({ page }) => {
  await page.goto(`${origin}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await expect(page.getByText('Update available')).toHaveCount(0);

  const original = await readFile(swPath, 'utf8');
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
});
