import { expect, test } from '@playwright/test';
import { apiSession, bearer } from './support/sessions.ts';
import { formatDateTime } from '../../domain/rules/format.ts';
import { addDays } from '../../domain/rules/schedules.ts';
import { todayInIndia } from '../../domain/rules/time.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signIn } from './support/accounts.ts';
import { DEMO_DOCTOR_ID, indiaDate, openDate } from './support/offlineQueue.ts';
import { NEEDS_CONNECTION } from '../../src/offline/words.ts';

const shown = (date: string, time: string) => formatDateTime(`${date}T${time}:00+05:30`);

test('the patient picks an open slot from the picker, mode by mode, and books it', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();

  // The next seven days, each saying how many slots it has open.
  const days = page.getByRole('group', { name: 'Days' });
  await expect(days.getByRole('button')).toHaveCount(7);
  await expect(days.getByRole('button', { name: /\d+ open$/ }).first()).toBeVisible();
  await expect(page.getByText('Choose a day to see its open times.')).toBeVisible();

  // A day of its own, far enough ahead to be free: morning, afternoon and evening in person.
  const date = openDate(150 + Math.floor(Math.random() * 150));
  await page.getByLabel('Date', { exact: true }).fill(date);
  await expect(days.getByRole('button', { pressed: true })).toHaveCount(1);
  const times = page.getByRole('group', { name: 'Open times (India time)' });
  for (const part of ['Morning', 'Afternoon', 'Evening']) {
    await expect(times.getByRole('group', { name: part })).toBeVisible();
  }
  await expect(times.getByRole('radio', { name: '11:30' })).toHaveCount(0); // the tea break
  await expect(times.getByRole('radio', { name: '13:15' })).toHaveCount(0); // lunch
  await expectNoSeriousA11yViolations(page);

  // By video only in the morning and evening sessions (the 14:00 session is in person).
  await page.getByLabel('Mode').selectOption({ label: 'Virtual' });
  await expect(times.getByRole('radio', { name: '10:00' })).toBeVisible();
  await expect(times.getByRole('radio', { name: '14:30' })).toHaveCount(0);
  await expect(times.getByRole('radio', { name: '18:00' })).toBeVisible();
  await page.getByLabel('Mode').selectOption({ label: 'In-person' });
  await times.getByRole('radio', { name: '14:30' }).check();
  await expect(times.getByRole('radio', { name: '14:30' })).toBeChecked();
  // Keyboard: the arrow moves to the next time.
  await page.keyboard.press('ArrowRight');
  await expect(times.getByRole('radio', { name: '14:45' })).toBeChecked();

  const reason = `Picked from the open slots (${Date.now()})`;
  await page.getByLabel('Reason for the visit').fill(reason);
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`${shown(date, '14:45')} (India time)`)).toBeVisible();

  // Booked: that time is no longer open; at phone width the picker fits the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
  await page.getByLabel('Date', { exact: true }).fill(date);
  await expect(times.getByRole('radio', { name: '14:30' })).toBeVisible();
  await expect(times.getByRole('radio', { name: '14:45' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
});

test('a doctor keeps their schedule: sessions per place, leave, checked before saving, not offline', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await signIn(page, 'doctor@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/appointments');
  await page.getByRole('link', { name: 'My schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { name: 'Schedule of Dr Arjun Rao' })).toBeVisible();
  const hospital = page.getByRole('form', { name: 'Sahyadri Care Hospital' });
  const clinic = page.getByRole('form', { name: 'Own clinic' });
  await expect(hospital.getByRole('list', { name: /^Weekly sessions/ }).getByRole('listitem')).toHaveCount(18);
  await expect(clinic.getByLabel('Session 1 day')).toHaveValue('SUNDAY');
  await expectNoSeriousA11yViolations(page);

  // A session that ends before it starts is caught before anything is sent.
  await clinic.getByRole('button', { name: 'Add session' }).click();
  await clinic.getByLabel('Session 2 from').fill('18:00');
  await clinic.getByLabel('Session 2 to').fill('17:00');
  await clinic.getByRole('button', { name: 'Save schedule' }).click();
  await expect(clinic.getByRole('alert')).toContainText('A session must end after it starts');
  await clinic.getByRole('button', { name: 'Remove session 2' }).click();

  // Leave on a Sunday of its own: saved, and there after a reload.
  let ahead = 200 + Math.floor(Math.random() * 100);
  while (new Date(`${indiaDate(ahead)}T00:00:00Z`).getUTCDay() !== 0) ahead++;
  const sunday = indiaDate(ahead);
  await clinic.getByRole('button', { name: 'Add leave' }).click();
  await clinic.getByLabel('Leave 1 from').fill(sunday);
  await clinic.getByLabel('Leave 1 to').fill(sunday);
  await clinic.getByLabel('Leave 1 note').fill('Family wedding');
  await clinic.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Own clinic' }).getByLabel('Leave 1 note')).toHaveValue('Family wedding');

  // Offline the schedule shows as last seen, and saving says why it waits.
  await context.setOffline(true);
  try {
    await expect(
      page.getByRole('form', { name: 'Own clinic' }).getByRole('button', { name: 'Save schedule' }),
    ).toBeDisabled();
    await expect(page.getByText(NEEDS_CONNECTION).first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // At phone width the editor fits the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByRole('heading', { name: 'Schedule of Dr Arjun Rao' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a hospital edits its doctor’s sessions at the hospital only, and sees its day', async ({
  page,
  request: api,
}) => {
  await page.goto('/login');
  await signIn(page, 'hospital@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/doctors');
  await page.getByRole('link', { name: 'Schedule of Dr Arjun Rao' }).click();
  await expect(page.getByRole('heading', { name: 'Schedule of Dr Arjun Rao' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sahyadri Care Hospital' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Own clinic' })).toHaveCount(0);

  // The Today view: the day's slots and appointments in time order, who is booked and who waits.
  await page.goto('/appointments');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(/view=today/);
  // The demo request is for the day after the server seeded it: tomorrow, or today once midnight in
  // India has passed since the server started.
  const hospital = await apiSession(api, 'hospital@caremesh.test');
  const listed = await api.get('/api/appointments/hospital?page=1&limit=100', { headers: bearer(hospital.token) });
  const { appointments } = (await listed.json()).data as { appointments: { reason: string; scheduledAt: string }[] };
  const demo = appointments.find((a) => a.reason === 'Chest discomfort after meals');
  expect(demo, 'the demo request').toBeDefined();
  for (let day = todayInIndia(); day < todayInIndia(new Date(demo!.scheduledAt)); day = addDays(day, 1)) {
    await page.getByRole('button', { name: 'Next day' }).click();
  }
  const day = page.getByRole('list', { name: 'Slots and appointments' });
  const request = day.getByRole('listitem').filter({ hasText: 'Chest discomfort after meals' });
  await expect(request).toBeVisible();
  await expect(request.getByText('Waiting for your decision')).toBeVisible();
  await expect(page.getByText(/\d+ booked · \d+ waiting for a decision · \d+ open/)).toBeVisible();
  const times = await day.getByRole('listitem').locator('span.font-mono').allTextContents();
  expect(times).toEqual([...times].sort());
  await expectNoSeriousA11yViolations(page);

  // The list's date filter: only that day, soonest first.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await expect(
    page
      .getByRole('list', { name: 'Appointments' })
      .getByRole('listitem')
      .filter({ hasText: 'Chest discomfort after meals' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'All dates' }).click();
  await expect(page).not.toHaveURL(/date=/);
});
