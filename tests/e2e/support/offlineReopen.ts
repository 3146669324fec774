import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { databaseNameFor } from '../../../src/offline/engine/device.ts';
import { goOffline, goOnline, waitForControllingWorker } from './offlineQueue.ts';
import { apiSession, useSession } from './sessions.ts';

/** A screen that reads data: who opens it, where, and a text of its data that must show. */
export type ReopenedScreen = { email: string; path: string; shows: string | RegExp };

/** The demo's affiliations (server/db/demo/affiliations.ts): one a party role can open on its own path. */
export const DEMO_AFFILIATIONS = {
  /** Sahyadri Care Hospital → Precision Diagnostics, REFERRAL with commission, ACTIVE, statement 1 closed. */
  referral: '0d3c5a0e-7a51-4c1b-9a38-0000000a0001',
  /** Jeevan Pharmacy → Sahyadri Care Hospital, PREFERRED_PROVIDER, PENDING. */
  pharmacyProposal: '0d3c5a0e-7a51-4c1b-9a38-0000000a0002',
  /** Dr Arjun Rao → Precision Diagnostics, PREFERRED_PROVIDER, EXPIRED. */
  doctorExpired: '0d3c5a0e-7a51-4c1b-9a38-0000000a0004',
} as const;

/** The words of a failed load (LoadError, DataTable), also of data never opened on this device. */
const ERROR_WORDS = /Could not load|Not available offline yet/;

/**
 * Expects each of `shows` in the page's main area, marked "Offline — last updated {time}", and no error.
 * `settled` waits until the screen's requests have ended (a page load's network idle unless given).
 */
export async function expectShownOffline(
  page: Page,
  shows: string | RegExp | ReadonlyArray<string | RegExp>,
  settled: () => Promise<unknown> = () => page.waitForLoadState('networkidle'),
) {
  const texts = Array.isArray(shows) ? shows : [shows];
  const main = page.locator('main');
  for (const text of texts) await expect(main.getByText(text).first()).toBeVisible();
  await expect(
    main
      .getByRole('status')
      .filter({ hasText: /^Offline — last updated / })
      .first(),
  ).toBeVisible();
  // The screen's reads are tried and find no server (offline they are not retried: src/api/queryClient.ts);
  // once every request has settled, that failure must not have turned what shows into an error.
  await settled();
  for (const text of texts) await expect(main.getByText(text).first()).toBeVisible();
  await expect(main.getByText(ERROR_WORDS)).toHaveCount(0);
}

/** The account's screens, one per path, with every text that path must show. */
function byPath(screens: readonly ReopenedScreen[]): Array<{ path: string; shows: Array<string | RegExp> }> {
  const paths = new Map<string, Array<string | RegExp>>();
  for (const { path, shows } of screens) paths.set(path, [...(paths.get(path) ?? []), shows]);
  return [...paths].map(([path, shows]) => ({ path, shows }));
}

/** The rows of the device's copy of the query cache, in every user database of the page's origin. */
const readDeviceCopy = (page: Page) =>
  page.evaluate(async (prefix) => {
    const names = (await indexedDB.databases())
      .map((database) => database.name ?? '')
      .filter((name) => name.startsWith(prefix));
    const rows: string[] = [];
    for (const name of names) {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      try {
        if (!database.objectStoreNames.contains('queryCache')) continue;
        const all = await new Promise<Array<{ queryHash: string; dataUpdatedAt: number }>>((resolve, reject) => {
          const reading = database.transaction('queryCache').objectStore('queryCache').getAll();
          reading.onsuccess = () => resolve(reading.result as Array<{ queryHash: string; dataUpdatedAt: number }>);
          reading.onerror = () => reject(reading.error);
        });
        rows.push(...all.map((row) => `${row.queryHash}@${row.dataUpdatedAt}`));
      } finally {
        database.close();
      }
    }
    return rows.sort().join('\n');
  }, databaseNameFor(''));

/**
 * Waits until the device's copy of the query cache holds rows and stops changing (600 ms). The app sends each
 * answer's write for commit as the answer arrives, and the browser keeps it when the page closes; only a write
 * asked for while the user's database is still opening is lost with the page. Closing the app once what the
 * screen showed is on the device keeps these tests about reopening, not about that window.
 */
async function waitForDeviceCopy(page: Page) {
  let previous = '';
  let unchanged = 0;
  await expect
    .poll(
      async () => {
        const current = await readDeviceCopy(page);
        unchanged = current !== '' && current === previous ? unchanged + 1 : 0;
        previous = current;
        // Unchanged over two intervals: a write in flight lands well within that.
        return unchanged >= 2;
      },
      { intervals: [300], timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Closes the app as a user does (every page of the context, once the service worker controls them),
 * cuts the page's and the worker's network, and opens `path` again in a new page.
 */
export async function reopenOffline(page: Page, path: string): Promise<Page> {
  const context = page.context();
  await waitForControllingWorker(page);
  for (const open of context.pages()) {
    const closed = open.waitForEvent('close');
    await open.close({ runBeforeUnload: true });
    await closed;
  }
  await goOffline(context);
  const reopened = await context.newPage();
  await reopened.goto(path);
  return reopened;
}

/** Goes to `path` inside the running app (React Router follows the history), without a page load. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new URL(path, page.url()).href);
}

/** Counts the page's requests still waiting for an answer; `settled` waits until none has for 400 ms. */
function requestsInFlight(page: Page) {
  let waiting = 0;
  let lastChange = Date.now();
  page.on('request', () => {
    waiting += 1;
    lastChange = Date.now();
  });
  const answered = () => {
    waiting -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return {
    settled: () =>
      expect
        .poll(() => waiting <= 0 && Date.now() - lastChange >= 400, { intervals: [100], timeout: 20_000 })
        .toBe(true),
  };
}

/**
 * The offline-reopen check every data screen passes: for each account, opens its screens online,
 * closes the context's pages (as closing the app does), cuts the page's and the service worker's
 * network, opens every screen again and expects its data, marked offline, and no error.
 */
export async function expectScreensReopenOffline(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  screens: readonly ReopenedScreen[],
) {
  const emails = [...new Set(screens.map((screen) => screen.email))];
  for (const email of emails) {
    const mine = byPath(screens.filter((screen) => screen.email === email));
    const context = await browser.newContext();
    try {
      await useSession(context, baseURL, await apiSession(request, email));
      const online = await context.newPage();
      const requests = requestsInFlight(online);
      for (const [index, { path, shows }] of mine.entries()) {
        await test.step(`${email} opens ${path} online`, async () => {
          // The first screen is a page load; the others are opened inside the app, as its links do.
          if (index === 0) await online.goto(path);
          else await openInApp(online, path);
          for (const text of shows) await expect(online.locator('main').getByText(text).first()).toBeVisible();
          // Every part of the screen (a detail's conversation, its shared documents) has its answer before
          // the next screen: leaving a screen cancels its reads still on the way.
          await requests.settled();
        });
      }
      await waitForDeviceCopy(online);
      const reopened = await reopenOffline(online, mine[0]!.path);
      const offlineRequests = requestsInFlight(reopened);
      for (const [index, { path, shows }] of mine.entries()) {
        await test.step(`${email} reopens ${path} offline`, async () => {
          // The app is opened cold on the first screen, which restores the whole cache from the device;
          // the others are opened inside it, as a user goes on, each reading its data from that copy.
          if (index > 0) await openInApp(reopened, path);
          await expectShownOffline(reopened, shows, index > 0 ? offlineRequests.settled : undefined);
        });
      }
      await goOnline(context);
    } finally {
      await context.close();
    }
  }
}
