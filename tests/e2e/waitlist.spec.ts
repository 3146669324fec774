import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatDateTime } from '../../domain/rules/format.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signIn } from './support/accounts.ts';
import {
  DEMO_DOCTOR_ID,
  goOffline,
  goOnline,
  indiaInstant,
  newPatient,
  openDate,
  prepareBookingOffline,
  waitForControllingWorker,
} from './support/offlineQueue.ts';
import { bearer, useSession, type ApiSession } from './support/sessions.ts';

const DEMO_HOSPITAL_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000001';

async function join(request: APIRequestContext, session: ApiSession, date: string, reason: string) {
  const res = await request.post('/api/waitlist/join', {
    headers: bearer(session.token),
    data: {
      doctorId: DEMO_DOCTOR_ID,
      hospitalId: DEMO_HOSPITAL_ID,
      preferredFrom: date,
      preferredTo: date,
      timesOfDay: ['MORNING'],
      mode: 'IN_PERSON',
      reason,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function myEntries(request: APIRequestContext, session: ApiSession) {
  const res = await request.get('/api/waitlist/patient/me?limit=100', { headers: bearer(session.token) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { entries: Array<{ status: string; reason: string }> } }).data.entries;
}

test('a freed slot is offered to the first waiting patient at once, runs out, and the second books it', async ({
  browser,
  request,
  baseURL,
}) => {
  // A morning of its own, weeks ahead, on which the demo doctor holds his OPD.
  const date = openDate(40 + Math.floor(Math.random() * 200));
  const [first, second, third] = [await newPatient(request), await newPatient(request), await newPatient(request)];
  const booked = await request.post('/api/appointments/patient/book-appointment', {
    headers: bearer(third.token),
    data: {
      doctorId: DEMO_DOCTOR_ID,
      hospitalId: DEMO_HOSPITAL_ID,
      scheduledAt: indiaInstant(date, '09:00'),
      mode: 'IN_PERSON',
      reason: 'Routine review',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointmentId = ((await booked.json()) as { data: { id: string } }).data.id;
  await join(request, first, date, 'Chest pain follow-up');
  await join(request, second, date, 'ECG review');

  // The first waiting patient has /appointments open.
  const firstContext = await browser.newContext();
  await useSession(firstContext, baseURL!, first);
  const firstPage = await firstContext.newPage();
  await firstPage.goto('/appointments');
  const waitlist = firstPage.getByRole('region', { name: 'On the waitlist' });
  await expect(waitlist.getByText('Dr Arjun Rao, Sahyadri Care Hospital')).toBeVisible();
  await expect(waitlist.getByText('Waiting', { exact: true })).toBeVisible();
  await expect(waitlist.getByText(/^Position \d+$/)).toBeVisible();

  // The third patient cancels: the offer shows on the first patient's open page, no reload.
  const cancelled = await request.patch(`/api/appointments/${appointmentId}/cancel`, {
    headers: bearer(third.token),
    data: { reason: 'Travelling that week' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const offer = waitlist.getByRole('region', { name: 'Offer' });
  await expect(offer.getByText('A time has opened up for you')).toBeVisible();
  await expect(offer.getByText(formatDateTime(indiaInstant(date, '09:00')))).toBeVisible();
  await expect(offer.getByText(/\d+:\d\d left/)).toBeVisible();
  await expectNoSeriousA11yViolations(firstPage);

  // The hold runs out (the server's clock moved on): the offer goes, her place stays.
  const ranOut = await request.post('/api/dev/waitlist/run-out-holds');
  expect(ranOut.ok(), await ranOut.text()).toBe(true);
  await expect(offer).toHaveCount(0);
  await expect(waitlist.getByText('Waiting', { exact: true })).toBeVisible();

  // The second waiting patient now holds it, and accepts.
  const secondContext = await browser.newContext();
  await useSession(secondContext, baseURL!, second);
  const secondPage = await secondContext.newPage();
  await secondPage.goto('/appointments?view=waitlist');
  const secondOffer = secondPage.getByRole('region', { name: 'Offer' });
  await expect(secondOffer.getByText('A time has opened up for you')).toBeVisible();
  await secondOffer.getByRole('button', { name: 'Accept this time' }).click();
  await expect(secondPage).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  const bookedId = secondPage.url().split('/').pop()!;
  await expect(secondPage.getByText(`${formatDateTime(indiaInstant(date, '09:00'))} (India time)`)).toBeVisible();

  // The doctor's Today view of that day shows the new appointment at 09:00.
  const doctorContext = await browser.newContext();
  const doctorPage = await doctorContext.newPage();
  await doctorPage.goto('/login');
  await signIn(doctorPage, 'doctor@caremesh.test');
  await expect(doctorPage).toHaveURL(/\/profile$/);
  await doctorPage.goto(`/appointments?view=today&date=${date}`);
  const day = doctorPage.getByRole('list', { name: 'Slots and appointments' });
  const row = day.getByRole('listitem').filter({ has: doctorPage.locator(`a[href="/appointments/${bookedId}"]`) });
  await expect(row).toContainText('09:00');
  await expect(row).toContainText('Accepted');

  await Promise.all([firstContext.close(), secondContext.close(), doctorContext.close()]);
});

test('joining the waitlist offline waits on the device and reaches the server once', async ({
  browser,
  request,
  baseURL,
}) => {
  const patient = await newPatient(request);
  const context = await browser.newContext();
  await useSession(context, baseURL!, patient);
  const page = await context.newPage();
  await page.goto('/appointments');
  await waitForControllingWorker(page);
  await prepareBookingOffline(page, { hasAppointments: false });

  await goOffline(context);
  const reason = `Joined with no signal (${Date.now()})`;
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: /^Join the waitlist of/ });
  // Dates far ahead, so no time freed by another test is offered at once.
  const from = openDate(250 + Math.floor(Math.random() * 50));
  await dialog.getByLabel('From', { exact: true }).fill(from);
  await dialog.getByLabel('To', { exact: true }).fill(from);
  await dialog.getByLabel('Morning').check();
  await dialog.getByLabel('Reason for the visit').fill(reason);
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page).toHaveURL(/\/appointments\?view=waitlist$/);
  const waitlist = page.getByRole('region', { name: 'On the waitlist' });
  await expect(waitlist.getByText('Dr Arjun Rao')).toBeVisible();
  await expect(waitlist.getByText(/Waiting to send/)).toBeVisible();
  expect(await myEntries(request, patient)).toHaveLength(0);

  await goOnline(context);
  await expect(waitlist.getByText('Waiting', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(waitlist.getByText(/Waiting to send/)).toHaveCount(0);
  await expect.poll(async () => (await myEntries(request, patient)).map((e) => e.reason)).toEqual([reason]);
  await page.reload();
  await expect(waitlist.getByText('Waiting', { exact: true })).toBeVisible();
  expect((await myEntries(request, patient)).length).toBe(1);
  await context.close();
});

test('the hospital desk sees its waitlist with figures and moves a patient with a reason', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'hospital@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('link', { name: 'Waitlist' }).first().click();
  await expect(page.getByRole('heading', { name: 'Waitlist', level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').first()).toBeVisible();
  const entries = page.getByRole('list', { name: 'Waitlist entries' });
  // Those waiting at the same priority, in queue order.
  await page.getByLabel('Status').selectOption({ label: 'Waiting' });
  await page.getByLabel('Priority').selectOption({ label: 'Medium' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=ACTIVE/);
  await expect(page).toHaveURL(/priority=MEDIUM/);
  // The filtered answer, not the earlier list still shown (faded, busy) while it comes.
  await expect(entries).not.toHaveAttribute('aria-busy', 'true');
  const second = entries.getByRole('article').nth(1);
  const name = (await second.getAttribute('aria-label'))!.replace('Waitlist entry: ', '');
  await second.getByRole('button', { name: /^Move up/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Move up the waitlist' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Say why, for the record')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Referred by casualty');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(entries.getByRole('article').first()).toHaveAttribute('aria-label', `Waitlist entry: ${name}`);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(entries).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
});
