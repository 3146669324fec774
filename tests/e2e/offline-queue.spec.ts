import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.ts';
import {
  DEMO_DOCTOR_ID,
  appointmentsWithReason,
  bookOffline,
  bookingLabel,
  deviceTraces,
  goOffline,
  goOnline,
  indiaInstant,
  newPatient,
  prepareBookingOffline,
  seeSlots,
  slotPicker,
  waitForControllingWorker,
} from './support/offlineQueue.ts';
import { apiSession, bearer } from './support/sessions.ts';

// Slots of this file only: 60–89 days ahead, at times offline.spec.ts (12:30, 12:45) never uses.
const nextSlot = slotPicker(60, ['09:15', '10:15', '11:15', '14:15', '15:15', '16:15']);

test('a booking whose slot was taken while offline becomes a conflict with the server’s reason, and Discard removes it', async ({
  page,
  context,
  request,
}) => {
  const other = await newPatient(request);
  const demo = await apiSession(request, 'patient@caremesh.test');

  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await waitForControllingWorker(page);
  await prepareBookingOffline(page);

  const { date, time } = nextSlot();
  await seeSlots(page, date, time);
  const reason = `Conflict while offline (${Date.now()})`;
  const label = bookingLabel(date, time);
  const message = 'That time is already taken with this doctor. Choose another time.';

  await goOffline(context);
  try {
    await bookOffline(page, date, time, reason);
    // Meanwhile another patient takes the slot.
    const taken = await request.post('/api/appointments/patient/book-appointment', {
      headers: bearer(other.token),
      data: {
        doctorId: DEMO_DOCTOR_ID,
        scheduledAt: indiaInstant(date, time),
        mode: 'IN_PERSON',
        reason: `Other ${reason}`,
      },
    });
    expect(taken.status(), await taken.text()).toBe(201);
  } finally {
    await goOnline(context);
  }

  // Refused: shown in the list and on /pending-changes with the server's words.
  const row = page.getByRole('list', { name: 'Waiting to send' }).getByRole('listitem').filter({ hasText: reason });
  await expect(
    page.getByText(`Not sent: ${label}. ${message} Open Pending changes to retry or discard it.`),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(row.getByText('Not sent', { exact: true })).toBeVisible();
  await expect(row.getByText(message, { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Retry or discard' })).toBeVisible();
  const pendingLink = page.getByRole('link', { name: /^Pending changes:/ });
  await pendingLink.click();
  await expect(page.getByRole('heading', { name: 'Pending changes' })).toBeVisible();
  const entry = page.getByRole('list', { name: 'Pending changes' }).getByRole('listitem', { name: label });
  await expect(entry.getByText('Not sent — needs your decision', { exact: true })).toBeVisible();
  await expect(entry.getByText(`The server said: ${message}`)).toBeVisible();

  await entry.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this change?' });
  await dialog.getByRole('button', { name: 'Discard change' }).click();
  await expect(page.getByText(`Discarded: ${label}`)).toBeVisible();
  await expect(entry).toHaveCount(0);
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
  await expect(pendingLink).toHaveAccessibleName('Pending changes: none');

  // The server holds the other patient's appointment only.
  expect(await appointmentsWithReason(request, demo, reason)).toHaveLength(0);
  const others = await appointmentsWithReason(request, other, `Other ${reason}`);
  expect(others).toHaveLength(1);
  expect(new Date(others[0]!.scheduledAt).toISOString()).toBe(indiaInstant(date, time));
});

test('signing out with an unsent change asks first, then leaves nothing of the user on the shared device', async ({
  page,
  context,
  request,
}) => {
  const demo = await apiSession(request, 'patient@caremesh.test');
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await waitForControllingWorker(page);
  await prepareBookingOffline(page);

  const reason = `Left on a shared device (${Date.now()})`;
  const { date, time } = nextSlot();
  await seeSlots(page, date, time);
  await goOffline(context);
  try {
    await bookOffline(page, date, time, reason);
    expect((await deviceTraces(page, demo.user.id)).database).toBe(true);

    await page.getByRole('button', { name: /patient@caremesh\.test/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out and delete unsent changes?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1 change made on this device has not reached the server yet.');
    await dialog.getByRole('button', { name: 'Sign out and delete it' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect
      .poll(() => deviceTraces(page, demo.user.id))
      .toEqual({
        database: false,
        cachedApi: [],
        localStorage: [],
      });
  } finally {
    await goOnline(context);
  }

  // The next person signs in: still nothing of the patient, and the change never reached the server.
  await page.goto('/login');
  await signIn(page, 'user@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.waitForLoadState('networkidle');
  expect(await deviceTraces(page, demo.user.id)).toEqual({ database: false, cachedApi: [], localStorage: [] });
  expect(await appointmentsWithReason(request, demo, reason)).toHaveLength(0);
});

test('a booking queued before the page closed is sent once by the worker’s Background Sync', async ({
  page,
  context,
  request,
}) => {
  const demo = await apiSession(request, 'patient@caremesh.test');
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await waitForControllingWorker(page);
  await prepareBookingOffline(page);

  const reason = `Sent by the worker (${Date.now()})`;
  const { date, time } = nextSlot();
  await seeSlots(page, date, time);
  await goOffline(context);
  // A page of no origin keeps the browser context (and a CDP target) alive once the app's page is closed.
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(new URL(page.url()).origin) && !r.isDeleted);
      if (ours) resolve(ours);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registration;
  const origin = new URL(scopeURL).origin;
  try {
    await bookOffline(page, date, time, reason);
    await page.close();
  } finally {
    await goOnline(context);
  }
  // No page of the app is open now: only the worker can send it. Chromium may already have fired the
  // sync again by itself (its own retry of the attempt made while the network was cut); the wake
  // below is the one this test gives, and either way the server must end up with it exactly once.
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId,
    tag: 'caremesh-outbox',
    lastChance: false,
  });
  await expect
    .poll(async () => (await appointmentsWithReason(request, demo, reason)).length, { timeout: 20_000 })
    .toBe(1);
  // A second wake finds nothing left to send.
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId,
    tag: 'caremesh-outbox',
    lastChance: false,
  });
  await blank.waitForTimeout(1_500);
  expect(await appointmentsWithReason(request, demo, reason)).toHaveLength(1);
});
