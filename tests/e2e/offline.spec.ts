import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.ts';
import {
  DEMO_DOCTOR_ID,
  indiaDate,
  waitForControllingWorker,
  waitForPersistedQuery,
  goOffline,
  goOnline,
} from './support/offlineQueue.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test('a booking made offline waits on the device, survives an offline reload and is sent once back online', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await waitForControllingWorker(page);

  // Online first: the list and the doctor are kept on the device.
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'My appointments' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Appointments' })).toBeVisible();
  await waitForPersistedQuery(page, '"scope":"patient"');
  await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
  await waitForPersistedQuery(page, DEMO_DOCTOR_ID);
  await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeAttached();

  // A day of its own, so a repeated run does not find its slot taken.
  const date = indiaDate(30 + Math.floor(Math.random() * 300));
  const reason = `Booked with no signal (${Date.now()})`;
  const label = `Book Dr Arjun Rao, ${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]} 12:30`;
  const pendingLink = page.getByRole('link', { name: /^Pending changes:/ });
  const waitingRow = page
    .getByRole('list', { name: 'Waiting to send' })
    .getByRole('listitem')
    .filter({ hasText: reason });

  await goOffline(context);
  try {
    await expect(page.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible();
    await page.getByLabel('Date').fill(date);
    await page.getByLabel('Time').fill('12:30');
    await page.getByLabel('Mode').selectOption({ label: 'In-person' });
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
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  const onServer = await page.evaluate(async (wanted) => {
    const response = await fetch('/api/appointments/patient?limit=100&status=PENDING');
    const body = (await response.json()) as { data: { appointments: Array<{ reason: string }> } };
    return body.data.appointments.filter((appointment) => appointment.reason === wanted).length;
  }, reason);
  expect(onServer).toBe(1);
});
