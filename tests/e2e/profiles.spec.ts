import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.ts';

// A valid 1×1 PNG, made here so the test needs no fixture file.
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the pharmacy manages its pharmacists, photos, opening hours and emergency info', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'pharmacy@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pharmacists' })).toBeVisible();

  // Add a pharmacist: client-side validation first, then the new entry with its badge.
  const addForm = page.getByRole('form', { name: 'Add a pharmacist' });
  await addForm.getByRole('button', { name: 'Add pharmacist' }).click();
  await expect(addForm.getByText('Name must be at least 2 characters')).toBeVisible();
  await addForm.getByLabel('Pharmacist name').fill('Meera Kulkarni');
  await addForm.getByLabel('Registration number').fill('MH-PCI-2021-99871');
  await addForm.getByLabel('Pharmacist phone').fill('98220 44556');
  await addForm.getByRole('button', { name: 'Add pharmacist' }).click();
  await expect(page.getByText('Pharmacist added.')).toBeVisible();
  const meera = page.getByRole('listitem').filter({ hasText: 'Meera Kulkarni' });
  await expect(meera).toBeVisible();
  await expect(meera.getByText('Not verified yet')).toBeVisible();
  await expect(meera.getByText('+91-9822044556')).toBeVisible();

  // Upload a PNG and see it in the grid, loaded through an object URL.
  const counter = page.getByText(/^\d+ of 10 photos\.$/);
  const before = Number((await counter.textContent())?.split(' ')[0]);
  await page
    .getByLabel('Upload a photo')
    .setInputFiles({ name: 'shopfront.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('Image uploaded.')).toBeVisible();
  await expect(counter).toHaveText(`${before + 1} of 10 photos.`);
  const photo = page.getByRole('img', { name: `Pharmacy photo ${before + 1}` });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^blob:/);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // Opening hours: the editor refuses a close before the open, then saves Monday 09:00–21:00 and Sunday closed.
  await page.getByLabel('Monday status').selectOption('hours');
  await page.getByLabel('Monday opens').fill('21:00');
  await page.getByLabel('Monday closes').fill('09:00');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(page.getByText('Monday: the closing time must be later than the opening time.')).toBeVisible();
  await page.getByLabel('Monday opens').fill('09:00');
  await page.getByLabel('Monday closes').fill('21:00');
  await page.getByLabel('Sunday status').selectOption('closed');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(page.getByText('Opening hours saved.')).toBeVisible();

  // Emergency info.
  const instructions = 'Ring the night bell at the side door; the pharmacist on duty answers within 10 minutes.';
  const toggle = page.getByLabel('Available 24×7 for emergencies');
  const was24x7 = await toggle.isChecked();
  await toggle.setChecked(!was24x7);
  await page.getByLabel('Emergency phone').fill('9767000111');
  await page.getByLabel('Emergency instructions').fill(instructions);
  await page.getByRole('button', { name: 'Save emergency info' }).click();
  await expect(page.getByText('Emergency info saved.')).toBeVisible();

  // Everything is still there after a reload.
  await page.reload();
  await expect(page.getByLabel('Monday status')).toHaveValue('hours');
  await expect(page.getByLabel('Monday opens')).toHaveValue('09:00');
  await expect(page.getByLabel('Monday closes')).toHaveValue('21:00');
  await expect(page.getByLabel('Sunday status')).toHaveValue('closed');
  await expect(page.getByLabel('Sunday opens')).toHaveCount(0);
  await expect(page.getByLabel('Available 24×7 for emergencies')).toBeChecked({ checked: !was24x7 });
  await expect(page.getByLabel('Emergency phone')).toHaveValue('9767000111');
  await expect(page.getByLabel('Emergency instructions')).toHaveValue(instructions);
  await expect(page.getByRole('listitem').filter({ hasText: 'Meera Kulkarni' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Pharmacy photo ${before + 1}` })).toBeVisible();
});

test('the diagnostics centre sets a results turnaround for an offered test', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'diagnostics@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Results turnaround' })).toBeVisible();

  const cbc = page.getByLabel('Complete blood count (CBC) (hours)');
  await cbc.fill('800');
  await page.getByRole('button', { name: 'Save turnaround' }).click();
  await expect(page.getByText('Turnaround must be at most 720 hours (30 days)')).toBeVisible();
  await cbc.fill('4');
  await page.getByRole('button', { name: 'Save turnaround' }).click();
  await expect(page.getByText('Results turnaround saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Complete blood count (CBC) (hours)')).toHaveValue('4');
});
