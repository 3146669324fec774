import { expect, test } from '@playwright/test';
import { formatDateTime } from '../../domain/rules/format.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signIn } from './support/accounts.ts';
import { DEMO_DOCTOR_ID, openDate } from './support/offlineQueue.ts';

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
  await page.getByLabel('Date').fill(date);
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
  await page.getByLabel('Date').fill(date);
  await expect(times.getByRole('radio', { name: '14:30' })).toBeVisible();
  await expect(times.getByRole('radio', { name: '14:45' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
});
