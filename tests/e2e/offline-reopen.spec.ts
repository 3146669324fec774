import { expect, test } from '@playwright/test';
import { DEMO_DOCTOR_ID, bookOffline, goOffline, indiaDate, waitForControllingWorker } from './support/offlineQueue.ts';
import { expectScreensReopenOffline, expectShownOffline, type ReopenedScreen } from './support/offlineReopen.ts';
import { apiSession, useSession } from './support/sessions.ts';

/**
 * Every screen that reads data, for every role: seen once online, it opens after the app is closed,
 * with no network. A new area adds its screens here.
 */
const DATA_SCREENS: readonly ReopenedScreen[] = [
  { email: 'patient@caremesh.test', path: '/profile', shows: 'Hypothyroidism' },
  { email: 'patient@caremesh.test', path: '/appointments', shows: 'Follow-up on blood pressure readings' },
  { email: 'patient@caremesh.test', path: '/appointments/book?searchQuery=Arjun', shows: 'Dr Arjun Rao' },
  {
    email: 'patient@caremesh.test',
    path: `/appointments/book/doctor/${DEMO_DOCTOR_ID}`,
    shows: 'Cardiology, Critical care',
  },
  { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Dengue fever' },
  { email: 'doctor@caremesh.test', path: '/profile', shows: 'MHMC-2011-07731' },
  { email: 'doctor@caremesh.test', path: '/appointments', shows: 'Chest discomfort after meals' },
  { email: 'doctor@caremesh.test', path: '/patients', shows: 'Priya' },
  { email: 'hospital@caremesh.test', path: '/profile', shows: 'Sahyadri Care Hospital' },
  { email: 'hospital@caremesh.test', path: '/appointments', shows: 'Priya Sharma' },
  { email: 'hospital@caremesh.test', path: '/doctors', shows: 'Dr Arjun Rao' },
  { email: 'diagnostics@caremesh.test', path: '/profile', shows: 'Precision Diagnostics' },
  { email: 'pharmacy@caremesh.test', path: '/profile', shows: 'Jeevan Pharmacy' },
  { email: 'admin@caremesh.test', path: '/doctors?searchQuery=Arjun', shows: 'Dr Arjun Rao' },
  { email: 'admin@caremesh.test', path: '/hospitals?searchQuery=Sahyadri', shows: 'Sahyadri Care Hospital' },
  { email: 'admin@caremesh.test', path: '/diagnostics?searchQuery=Precision', shows: 'Precision Diagnostics' },
  { email: 'admin@caremesh.test', path: '/pharmacies?searchQuery=Jeevan', shows: 'Jeevan Pharmacy' },
  { email: 'user@caremesh.test', path: '/doctors?searchQuery=Arjun', shows: 'Dr Arjun Rao' },
  { email: 'user@caremesh.test', path: '/hospitals?searchQuery=Sahyadri', shows: 'Sahyadri Care Hospital' },
  { email: 'user@caremesh.test', path: '/diagnostics?searchQuery=Precision', shows: 'Precision Diagnostics' },
  { email: 'user@caremesh.test', path: '/pharmacies?searchQuery=Jeevan', shows: 'Jeevan Pharmacy' },
];

test('a patient’s profile and medical records open after the app is closed, with no network', async ({
  browser,
  request,
  baseURL,
}) => {
  await expectScreensReopenOffline(browser, request, baseURL!, [
    { email: 'patient@caremesh.test', path: '/profile', shows: 'Hypothyroidism' },
    { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Echo report' },
    { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Dengue fever' },
  ]);
});

test('the booking page of a doctor seen online opens offline with the doctor and an enabled Book button', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, await apiSession(request, 'patient@caremesh.test'));
    const page = await context.newPage();
    await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
    await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
    await waitForControllingWorker(page);
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;

    await goOffline(context);
    const reopened = await context.newPage();
    await reopened.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
    await expect(reopened.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
    await expectShownOffline(reopened, 'Sahyadri Care Hospital');
    await expect(reopened.getByRole('button', { name: 'Book appointment' })).toBeEnabled();
    // The booking waits on the device (this context is closed before it could be sent).
    const date = indiaDate(30 + Math.floor(Math.random() * 300));
    await bookOffline(reopened, date, '12:30', `Booked after an offline reopen (${Date.now()})`);
  } finally {
    await context.close();
  }
});

test('a list opened just before a reload is kept, through every reload that follows offline', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, await apiSession(request, 'patient@caremesh.test'));
    const page = await context.newPage();
    await page.goto('/profile');
    await expect(page.getByText('Hypothyroidism')).toBeVisible();
    await waitForControllingWorker(page);

    // The list shows, and at once the network goes and the page reloads.
    await page.goto('/appointments');
    await expect(page.getByText('Follow-up on blood pressure readings').first()).toBeVisible();
    await goOffline(context);
    await page.reload();
    await expectShownOffline(page, 'Follow-up on blood pressure readings');
    // Its refetch found no server; what the device holds is still there at the next reload.
    await page.reload();
    await expectShownOffline(page, 'Follow-up on blood pressure readings');
  } finally {
    await context.close();
  }
});

test('every data screen of every role opens after the app is closed, with no network', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await expectScreensReopenOffline(browser, request, baseURL!, DATA_SCREENS);
});
