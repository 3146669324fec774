import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts.ts';
import {
  appointmentsWithReason,
  bookOffline,
  bookingLabel,
  deviceTraces,
  openDate,
  pickSlot,
  seeSlots,
  newPatient,
  prepareBookingOffline,
  waitForControllingWorker,
  waitForPersistedQuery,
  goOffline,
  goOnline,
} from './support/offlineQueue.ts';
import { bearer, useSession } from './support/sessions.ts';

test('a booking made offline waits on the device, survives an offline reload and is sent once back online', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await waitForControllingWorker(page);

  // Online first: the list and the doctor are kept on the device.
  await prepareBookingOffline(page);
  await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeAttached();

  // A day of its own, so a repeated run does not find its slot taken; its open slots seen online.
  const date = openDate(30 + Math.floor(Math.random() * 300));
  await seeSlots(page, date, '12:30');
  const reason = `Booked with no signal (${Date.now()})`;
  const label = bookingLabel(date, '12:30');
  const pendingLink = page.getByRole('link', { name: /^Pending changes:/ });
  const waitingRow = page
    .getByRole('list', { name: 'Waiting to send' })
    .getByRole('listitem')
    .filter({ hasText: reason });

  await goOffline(context);
  try {
    await expect(page.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible();
    await pickSlot(page, date, '12:30');
    await page.getByLabel('Reason for the visit').fill(reason);
    await page.getByRole('button', { name: 'Book appointment' }).click();

    // Saved on the device: the list shows it waiting, the badge counts it.
    await expect(page.getByText('Saved on this device — will be sent when you are back online.')).toBeVisible();
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(waitingRow.getByText('Waiting to send', { exact: true })).toBeVisible();
    await expect(pendingLink).toHaveAccessibleName('Pending changes: 1 change waiting to be sent');
    await expect(pendingLink).toContainText('1');
    await expect(page.getByText(/^Offline — last updated /)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A reload with no network: the worker opens the app and the device still holds the booking.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My appointments' })).toBeVisible();
    await expect(waitingRow.getByText('Waiting to send', { exact: true })).toBeVisible();
    await expect(pendingLink).toContainText('1');

    await pendingLink.click();
    await expect(page.getByRole('heading', { name: 'Pending changes' })).toBeVisible();
    const entry = page.getByRole('list', { name: 'Pending changes' }).getByRole('listitem', { name: label });
    await expect(entry.getByText('Waiting to send', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Appointments', exact: true })
      .click();
    await expect(waitingRow).toBeVisible();
  } finally {
    await goOnline(context);
  }

  // Back online: it is sent by itself, once, and shows as the server has it.
  await expect(page.getByText(`Sent: ${label}`)).toBeVisible({ timeout: 20_000 });
  await expect(waitingRow).toHaveCount(0);
  await expect(pendingLink).toHaveAccessibleName('Pending changes: none');
  const row = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem').filter({ hasText: reason });
  // The list is in date order and the booking is weeks ahead: after other suites' bookings it may be on a later page.
  const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
  await expect(async () => {
    if ((await row.count()) === 0 && (await next.isVisible()) && (await next.isEnabled())) await next.click();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  const onServer = await page.evaluate(async (wanted) => {
    const response = await fetch('/api/appointments/patient?limit=100&status=PENDING');
    const body = (await response.json()) as { data: { appointments: Array<{ reason: string }> } };
    return body.data.appointments.filter((appointment) => appointment.reason === wanted).length;
  }, reason);
  expect(onServer).toBe(1);
});

// A 1 × 1 PNG: small, but a real picture the browser decodes (its thumbnail must render).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Whether the document's thumbnail in the list has loaded a picture. */
const thumbnailLoaded = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Your documents' })
    .getByRole('listitem')
    .filter({ hasText: title })
    .locator('img')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('a booking and a document upload made offline both wait, survive an offline reload, and reach the server once each', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const patient = await newPatient(request);
  const patientId = patient.user.referenceId!;
  await useSession(context, baseURL!, patient);
  await page.goto('/medical-records');
  await expect(page.getByText('No documents yet. Upload your first report above.')).toBeVisible();
  await waitForControllingWorker(page);
  await waitForPersistedQuery(page, 'documents');
  await prepareBookingOffline(page, { hasAppointments: false });

  const date = openDate(30 + Math.floor(Math.random() * 300));
  await seeSlots(page, date, '12:45');
  const reason = `Booked with an upload, offline (${Date.now()})`;
  const title = `Knee X-ray ${Date.now()}`;
  const pendingLink = page.getByRole('link', { name: /^Pending changes:/ });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const waitingDocument = page.getByRole('list', { name: 'Documents waiting to send' }).getByRole('listitem');

  await goOffline(context);
  try {
    await bookOffline(page, date, '12:45', reason);
    await nav.getByRole('link', { name: 'Medical Records' }).click();
    const form = page.getByRole('form', { name: 'Upload a document' });
    await form.getByLabel('Document title').fill(title);
    await form.getByLabel('File').setInputFiles({ name: 'knee.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Upload document' }).click();
    // (The booking's toast may still show the same words.)
    await expect(page.getByText('Saved on this device — will be sent when you are back online.').last()).toBeVisible();
    await expect(waitingDocument.filter({ hasText: title }).getByText('Waiting to send')).toBeVisible();
    await expect(pendingLink).toHaveAccessibleName(/^Pending changes: 2 changes waiting/);

    // Reloaded with no network: the worker opens the app, and both are still on the device.
    await page.reload();
    await expect(waitingDocument.filter({ hasText: title }).getByText('Waiting to send')).toBeVisible();
    await nav.getByRole('link', { name: 'Appointments', exact: true }).click();
    const waitingBooking = page
      .getByRole('list', { name: 'Waiting to send' })
      .getByRole('listitem')
      .filter({ hasText: reason });
    await expect(waitingBooking.getByText('Waiting to send', { exact: true })).toBeVisible();
  } finally {
    await goOnline(context);
  }

  await expect(pendingLink).toHaveAccessibleName('Pending changes: none', { timeout: 30_000 });
  expect(await appointmentsWithReason(request, patient, reason)).toHaveLength(1);
  const documents = await request.get(`/api/patients/${patientId}/documents?limit=100`, {
    headers: bearer(patient.token),
  });
  const { data } = (await documents.json()) as { data: { documents: Array<{ title: string }> } };
  expect(data.documents.filter((d) => d.title === title)).toHaveLength(1);

  // Shown as the server has it, with its thumbnail, which the worker keeps for this account only.
  await nav.getByRole('link', { name: 'Medical Records' }).click();
  await expect(page.getByRole('list', { name: 'Your documents' }).getByText(title)).toBeVisible();
  await expect(waitingDocument).toHaveCount(0);
  await expect.poll(() => thumbnailLoaded(page, title)).toBe(true);
  const userCache = `caremesh-user-files-${patient.user.id}`;
  await expect
    .poll(() =>
      page.evaluate(
        async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0),
        userCache,
      ),
    )
    .toBe(1);

  // Offline again: the list and its thumbnail come from the device.
  await waitForPersistedQuery(page, 'documents', title);
  await goOffline(context);
  try {
    await page.reload();
    await expect(page.getByRole('list', { name: 'Your documents' }).getByText(title)).toBeVisible();
    await expect.poll(() => thumbnailLoaded(page, title)).toBe(true);
  } finally {
    await goOnline(context);
  }

  // Signing out removes the account's pictures with the rest of its data.
  await page.getByRole('button', { name: /queue\..*@example\.in/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate((name) => caches.has(name), userCache)).toBe(false);
  await expect
    .poll(() => deviceTraces(page, patient.user.id))
    .toEqual({ database: false, cachedApi: [], localStorage: [] });
});
