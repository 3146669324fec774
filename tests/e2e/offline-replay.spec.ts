import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freePort, runServer, waitForHealth, type ServerProcess } from '../api/support/server-process.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signIn } from './support/accounts.ts';
import { bookThroughApi } from './support/visits.ts';
import {
  appointmentsWithReason,
  bookOffline,
  bookingLabel,
  goOffline,
  goOnline,
  indiaInstant,
  newPatient,
  prepareBookingOffline,
  seeSlots,
  slotPicker,
  waitForControllingWorker,
} from './support/offlineQueue.ts';
import { apiSession, bearer, useSession, type ApiSession } from './support/sessions.ts';

// Slots of this file only: 120–149 days ahead at 17:45 and 18:45 (the other offline suites use 60–89 days).
const nextSlot = slotPicker(120, ['17:45', '18:45']);

/** The conversation's messages on the server whose text starts with `tag`, oldest first. */
async function messagesOnServer(
  request: APIRequestContext,
  origin: string,
  token: string,
  appointmentId: string,
  tag: string,
): Promise<string[]> {
  const bodies: string[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`${origin}/api/appointments/${appointmentId}/conversation?page=${page}&limit=100`, {
      headers: bearer(token),
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { data } = (await res.json()) as {
      data: { messages: Array<{ kind: string; body: string }>; pagination: { totalPages: number } };
    };
    for (const message of data.messages)
      if (message.kind === 'MESSAGE' && message.body.startsWith(tag)) bodies.push(message.body);
    if (page >= data.pagination.totalPages) break;
  }
  return bodies.reverse();
}

/** Opens the appointment's conversation and writes `count` messages with no network; returns their texts. */
async function writeOffline(page: Page, tag: string, count: number): Promise<string[]> {
  const box = page.getByRole('textbox', { name: 'Your message', exact: true });
  const texts = Array.from({ length: count }, (_, i) => `${tag} message ${i + 1} of ${count}`);
  for (const text of texts) {
    await box.fill(text);
    await box.press('Control+Enter');
    await expect(box).toHaveValue('');
  }
  await expect(page.getByText('Saved on this device — will be sent when you are back online.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Pending changes:/ })).toHaveAccessibleName(
    new RegExp(`^Pending changes: ${count} changes waiting`),
  );
  return texts;
}

async function openConversation(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
}

test('200 messages written offline are sent in the order they were written, each exactly once', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const patient = await newPatient(request);
  const appointmentId = await bookThroughApi(request, patient, nextSlot, 'Follow-up on my reports', baseURL!);
  await useSession(context, baseURL!, patient);
  await page.goto('/profile');
  await waitForControllingWorker(page);
  await openConversation(page, `/appointments/${appointmentId}`);

  const tag = `Run ${Date.now()}:`;
  await goOffline(context);
  let texts: string[];
  try {
    texts = await writeOffline(page, tag, 200);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByLabel(`Your message, not sent yet: ${texts[199]}`)).toContainText('Waiting to send');
    expect(await messagesOnServer(request, baseURL!, patient.token, appointmentId, tag)).toEqual([]);
  } finally {
    await goOnline(context);
  }

  await expect
    .poll(async () => (await messagesOnServer(request, baseURL!, patient.token, appointmentId, tag)).length, {
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBe(200);
  expect(await messagesOnServer(request, baseURL!, patient.token, appointmentId, tag)).toEqual(texts);
  await expect(page.getByRole('link', { name: /^Pending changes:/ })).toHaveAccessibleName('Pending changes: none');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(texts[199]!, { exact: true })).toBeVisible();
  await expect(log.getByText('Waiting to send')).toHaveCount(0);
});

test.describe('with a server of its own', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  let port: number;
  let origin: string;

  const start = async () => {
    server = runServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.resolve('dist'),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      MESSAGES_PER_MINUTE: '1000',
    });
    await waitForHealth(port, server.child);
  };

  test.beforeAll(async () => {
    port = await freePort();
    origin = `http://localhost:${port}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'caremesh-e2e-killed-'));
  });
  test.afterAll(async () => {
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('killed in the middle of a replay and started again: every message arrives once, in order', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    await start();
    const signedIn = await request.post(`${origin}/api/users/signin`, {
      data: { email: 'patient@caremesh.test', password: 'CareMesh@2026' },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const patient = ((await signedIn.json()) as { data: ApiSession }).data;
    const appointmentId = await bookThroughApi(request, patient, nextSlot, 'Questions before surgery', origin);
    await useSession(context, origin, patient);
    await page.goto(`${origin}/profile`);
    await waitForControllingWorker(page);
    await openConversation(page, `${origin}/appointments/${appointmentId}`);

    const count = 60;
    const tag = `Killed ${Date.now()}:`;
    await goOffline(context);
    let texts: string[];
    try {
      texts = await writeOffline(page, tag, count);
    } finally {
      await goOnline(context);
    }

    // Some have arrived, not all: the server dies (SIGKILL: nothing of it finishes).
    await expect
      .poll(async () => (await messagesOnServer(request, origin, patient.token, appointmentId, tag)).length, {
        timeout: 60_000,
        intervals: [50],
      })
      .toBeGreaterThanOrEqual(5);
    await server!.kill();

    await start();
    const atRestart = await messagesOnServer(request, origin, patient.token, appointmentId, tag);
    expect(atRestart.length).toBeGreaterThanOrEqual(5);
    expect(atRestart.length).toBeLessThan(count);
    expect(atRestart).toEqual(texts.slice(0, atRestart.length));

    await expect
      .poll(async () => (await messagesOnServer(request, origin, patient.token, appointmentId, tag)).length, {
        timeout: 120_000,
        intervals: [1_000],
      })
      .toBe(count);
    expect(await messagesOnServer(request, origin, patient.token, appointmentId, tag)).toEqual(texts);
    await expect(page.getByRole('link', { name: /^Pending changes:/ })).toHaveAccessibleName('Pending changes: none', {
      timeout: 30_000,
    });
  });
});

test('a session that expires while a booking waits: the queue holds it, and sends it once after the next sign-in', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const demo = await apiSession(request, 'patient@caremesh.test');
  await page.clock.install();
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await waitForControllingWorker(page);
  await prepareBookingOffline(page);

  const reason = `Queued across an expired session (${Date.now()})`;
  const { date, time } = nextSlot();
  await seeSlots(page, date, time);
  await goOffline(context);
  try {
    await bookOffline(page, date, time, reason);
    // A week and more later on this device's clock, the session (7 days) has run out.
    await page.clock.fastForward(7 * 24 * 60 * 60_000 + 2 * 60_000);
    await expect(page).toHaveURL(/\/login\?/);
  } finally {
    await goOnline(context);
  }
  // Online but signed out: the booking stays on the device, unsent.
  await page.waitForTimeout(3_000);
  expect(await appointmentsWithReason(request, demo, reason)).toHaveLength(0);

  // Back to the real time (the server's tokens are dated by it), and the same patient signs in again.
  await page.clock.setSystemTime(new Date());
  await signIn(page, 'patient@caremesh.test');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByText(`Sent: ${bookingLabel(date, time)}`)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await appointmentsWithReason(request, demo, reason)).length, { timeout: 20_000 })
    .toBe(1);
  await page.waitForTimeout(1_500);
  const booked = await appointmentsWithReason(request, demo, reason);
  expect(booked).toHaveLength(1);
  expect(new Date(booked[0]!.scheduledAt).toISOString()).toBe(indiaInstant(date, time));
});

test('changes the browser lost before they were sent are named on Pending changes, checked with the server', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const patient = await newPatient(request);
  const appointmentId = await bookThroughApi(request, patient, nextSlot, 'Lost messages', baseURL!);
  await useSession(context, baseURL!, patient);
  await page.goto('/profile');
  await waitForControllingWorker(page);
  await openConversation(page, `/appointments/${appointmentId}`);

  const tag = `Lost ${Date.now()}:`;
  await goOffline(context);
  try {
    await writeOffline(page, tag, 2);
    await expectNoSeriousA11yViolations(page);
    // The browser drops the site's IndexedDB (storage pressure, a broken database): the outbox is gone.
    await page.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const deletion = indexedDB.deleteDatabase(name);
          deletion.onsuccess = () => resolve();
          deletion.onerror = () => reject(deletion.error);
        }),
      `caremesh-user-${patient.user.id}`,
    );
  } finally {
    await goOnline(context);
  }
  // The app opens again (the next morning, say).
  await page.reload();

  // The journal still names them; the server says it never received them.
  const words = '2 changes made on this device were lost before they reached the server.';
  await expect(page.getByText(new RegExp(`^${words} Open Pending changes`))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: /^Pending changes:/ }).click();
  const lost = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Lost on this device' }) });
  await expect(lost).toContainText(words);
  await expect(lost.getByRole('list', { name: 'Lost changes' }).getByRole('listitem')).toHaveText([
    new RegExp(`^Message to Dr Arjun Rao: "${tag} message 1 of 2"`),
    new RegExp(`^Message to Dr Arjun Rao: "${tag} message 2 of 2"`),
  ]);
  expect(await messagesOnServer(request, baseURL!, patient.token, appointmentId, tag)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await lost.getByRole('button', { name: 'I have seen these' }).click();
  await expect(lost).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pending changes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lost on this device' })).toHaveCount(0);
});
