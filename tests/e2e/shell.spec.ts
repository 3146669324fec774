import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, useSession } from './support/sessions.ts';

async function waitForControllingWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((resolve) => {
        registration.active?.addEventListener('statechange', () => {
          if (registration.active?.state === 'activated') resolve();
        });
      });
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve()),
      );
    }
  });
}

test('the app loads and its service worker activates', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('CareMesh');
  await waitForControllingWorker(page);
  const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  expect(state).toBe('activated');
  expect(errors, errors.join('\n')).toEqual([]);
});

test('a reload with the network off still shows the shell, on any client route', async ({ page, context }) => {
  await page.goto('/');
  await waitForControllingWorker(page);
  await context.setOffline(true);
  // The worker's own fetches are not cut by setOffline; abort them too, so only its caches can answer.
  await context.route('**/*', (route) =>
    route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback(),
  );
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('CareMesh');
    await page.goto('/a/client/route/that/does/not/exist');
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  } finally {
    await context.unroute('**/*');
    await context.setOffline(false);
  }
});

// An ordinary test context is incognito, which Chromium never offers to install from; use a real profile.
test('Chromium deems the app installable', async ({ playwright, baseURL }, testInfo) => {
  const launch = testInfo.project.use.launchOptions ?? {};
  const profile = await mkdtemp(path.join(os.tmpdir(), 'caremesh-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launch, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // The page names the manifest; the app links it when it registers the worker, after the first
    // screen, so that it and its icon do not take the phone's connection from the start.
    const served = await (await context.request.get('/login', { headers: { accept: 'text/html' } })).text();
    expect(served).toContain('<meta name="caremesh-manifest" content="/manifest.webmanifest">');
    expect(served).not.toContain('rel="manifest"');
    await page.goto('/');
    await waitForControllingWorker(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      display: string;
      icons: Array<{ sizes: string; purpose?: string }>;
    };
    expect(parsed.name).toBe('CareMesh');
    expect(parsed.display).toBe('standalone');
    const sizes = parsed.icons.map((icon) => `${icon.sizes}:${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the API answers on the same port', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect((await res.json()).data).toMatchObject({ status: 'ok', database: 'pglite' });
});

test('a signed-in screen trips no Content-Security-Policy rule (zod validates without eval)', async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await useSession(context, baseURL!, await apiSession(request, 'patient@caremesh.test'));
    const page = await context.newPage();
    await page.goto('/profile');
    await expect(page.getByText('Hypothyroidism')).toBeVisible();
    // The stylesheet the page named for print only (parsed as it arrived) now applies to the screen.
    expect(
      await page
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).media)),
    ).toEqual(['all']);
    await page.goto('/appointments');
    await expect(page.getByText('Follow-up on blood pressure readings').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    // What is mounted after the first screen (the outbox replay among it) is fetched as the browser
    // finds its imports, with no preload link added for each of its chunks at once (vite.config.ts).
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/pageReplay-'))),
      )
      .toBe(true);
    expect(await page.locator('link[rel="modulepreload"][href*="/pageReplay-"]').count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('the page paints its loader before the stylesheet arrives, and the app waits for the stylesheet', async ({
  page,
}) => {
  // The stylesheet is held until the test lets it go.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
    asked += 1;
    await held;
    await route.fallback();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const loader = page.locator('#root > [role="status"]');
  await expect(loader).toBeVisible();
  // Styled from the page itself: centred on the theme's background, the mark and the spinner drawn.
  expect(await loader.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(248, 250, 252)');
  await expect(loader.locator('svg')).toHaveCount(2);
  const [mark, spinner] = await loader.locator('svg').all();
  expect(await mark?.boundingBox()).toMatchObject({ width: 48, height: 48 });
  expect(await spinner?.boundingBox()).toMatchObject({ width: 28, height: 28 });
  // The scripts have run by now, but the sign-in screen is not shown without its styles.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

  release();
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  expect(await signIn.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  // One download: the stylesheet applied is the one the page preloaded, and the page has it once, for
  // the screen (the print-only link it named was replaced by one that waited for the download).
  expect(asked).toBe(1);
  expect(
    await page
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).media || 'all')),
  ).toEqual(['all']);
});

test('screens filling in with their data move nothing in view (no layout shift), on a phone and a desktop', async ({
  browser,
  request,
  baseURL,
}) => {
  const screens = [
    // One list, and the footer below it.
    { email: 'patient@caremesh.test', path: '/appointments', shows: 'Follow-up on blood pressure readings' },
    // Five sections, each with its own request, shown together.
    { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Dengue fever' },
    // The numbers above the filters and the queue.
    { email: 'admin@caremesh.test', path: '/admin/verifications', shows: 'Documents awaiting review' },
    { email: 'hospital@caremesh.test', path: '/waitlist', shows: 'Palpitations at night' },
    // Three lists, one under the other.
    { email: 'pharmacy@caremesh.test', path: '/inventory', shows: 'Taxim-O' },
    // A list with its pages under it: they come with the rows, not under the loading state.
    { email: 'admin@caremesh.test', path: '/admin/affiliations', shows: 'Precision Diagnostics' },
  ];
  for (const { email, path, shows } of screens) {
    const session = await apiSession(request, email);
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport });
      try {
        await context.addInitScript(() => {
          const shifts: Array<{ value: number; moved: string }> = [];
          (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<
              PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
            >) {
              const moved = entry.sources?.map((source) => (source.node as Element | undefined)?.tagName ?? '?');
              shifts.push({ value: entry.value, moved: `${moved?.join(',')} at ${Math.round(entry.startTime)} ms` });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await useSession(context, baseURL!, session);
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.locator('main').getByText(shows).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        // The footer waits below the fold while a screen is short, rather than being pushed down in view.
        const footerTop = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
        expect(footerTop, path).toBeGreaterThanOrEqual(viewport.height);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
        const shifts = await page.evaluate(
          () => (window as unknown as { layoutShifts: Array<{ value: number; moved: string }> }).layoutShifts,
        );
        // What a user could see move: Lighthouse rounds CLS to 0.001, and the section or footer
        // shifts this prevents scored 0.02–0.5. (Chromium has reported a lone 0.0001 for an icon as a
        // page first renders, once in many loads.)
        const seen = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(seen, `${path} at ${viewport.width} px: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
      } finally {
        await context.close();
      }
    }
  }
});
