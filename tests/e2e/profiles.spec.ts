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

test('the pharmacy edits its own details: cancel changes nothing, a bad value waits to be fixed, a save lasts', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'pharmacy@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  const edit = page.getByRole('button', { name: 'Edit details' });
  const form = page.getByRole('form', { name: 'Edit details' });
  const details = page.getByRole('region', { name: 'Details' });

  // Cancel goes back to the card, unchanged, with the focus on the button that opened the form.
  await edit.click();
  await expect(form.getByLabel('Pharmacy name')).toBeFocused();
  await form.getByLabel('Pharmacy name').fill('Not Jeevan');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Jeevan Pharmacy', level: 1 })).toBeVisible();

  // A bad email is refused beside its field; everything else typed stays.
  const about = 'Family chemist in Aundh since 1998, now with vaccinations on weekday mornings.';
  await edit.click();
  await form.getByLabel('About the pharmacy').fill(about);
  await form.getByLabel('Insurance partners').fill('ECHS, CGHS, Star Health');
  await form.getByRole('checkbox', { name: 'Vaccinations' }).check();
  await form.getByLabel('Email', { exact: true }).fill('orders at jeevan');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(form.getByLabel('About the pharmacy')).toHaveValue(about);
  await expect(form.getByRole('checkbox', { name: 'Vaccinations' })).toBeChecked();

  // A phone can be changed but not removed: the API keeps one once given.
  await form.getByLabel('Phone', { exact: true }).fill('');
  await form.getByLabel('Email', { exact: true }).fill('orders@jeevanpharmacy.example.in');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Phone cannot be removed, only changed')).toBeVisible();
  await form.getByLabel('Phone', { exact: true }).fill('97670 56789');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();
  await expect(form).toHaveCount(0);

  const expectSaved = async () => {
    await expect(details.getByText(about)).toBeVisible();
    await expect(details.getByText('ECHS, CGHS, Star Health')).toBeVisible();
    await expect(details.getByText('orders@jeevanpharmacy.example.in')).toBeVisible();
    await expect(details.getByText(/Vaccinations/)).toBeVisible();
    await expect(details.getByText('+91-9767056789')).toBeVisible();
  };
  await expectSaved();
  await page.reload();
  await expectSaved();
});

test('the diagnostics centre adds a test from the compact list; its turnaround form offers it at once', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'diagnostics@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Edit details' }).click();
  const form = page.getByRole('form', { name: 'Edit details' });

  // The 45 tests sit behind one button; the keyboard opens the list, narrows it, ticks and closes it.
  const tests = form.getByRole('button', { name: /^Tests offered/ });
  await expect(tests).toHaveAttribute('aria-expanded', 'false');
  await tests.focus();
  await page.keyboard.press('ArrowDown');
  await expect(tests).toHaveAttribute('aria-expanded', 'true');
  const filter = form.getByLabel('Filter the tests offered list');
  await expect(filter).toBeFocused();
  await filter.fill('sleep');
  await expect(form.getByRole('checkbox', { name: 'Sleep study' })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'MRI', exact: true })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('checkbox', { name: 'Sleep study' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: 'Sleep study' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(tests).toHaveAttribute('aria-expanded', 'false');
  await expect(tests).toBeFocused();
  await expect(form.getByRole('button', { name: 'Remove Sleep study' })).toBeVisible();

  await form.getByLabel('Phone', { exact: true }).fill('98900 11223');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();

  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByText('+91-9890011223')).toBeVisible();
  await expect(details.getByText(/Sleep study/)).toBeVisible();
  await expect(page.getByLabel('Sleep study (hours)')).toBeVisible();

  await page.reload();
  await expect(details.getByText('+91-9890011223')).toBeVisible();
  await expect(details.getByText(/Sleep study/)).toBeVisible();
  await expect(page.getByLabel('Sleep study (hours)')).toBeVisible();
});

test('the doctor edits their own profile: specialisations are checked by the domain rules, the fee is saved', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'doctor@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit details' }).click();
  const form = page.getByRole('form', { name: 'Edit profile details' });

  await form.getByLabel('Consultation fee (₹)').fill('1250');
  await form.getByRole('button', { name: 'Remove Cardiology' }).click();
  await form.getByRole('button', { name: 'Remove Critical care' }).click();
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Choose at least one specialisation')).toBeVisible();
  await expect(form.getByLabel('Consultation fee (₹)')).toHaveValue('1250');

  const specialisations = form.getByRole('button', { name: /^Specialisations/ });
  await specialisations.click();
  const filter = form.getByLabel('Filter the specialisations list');
  await filter.fill('cardio');
  await form.getByRole('checkbox', { name: 'Cardiology', exact: true }).check();
  await filter.fill('neuro');
  await form.getByRole('checkbox', { name: 'Neurology', exact: true }).check();
  await form.getByRole('button', { name: 'Done' }).click();
  await expect(specialisations).toHaveAccessibleName('Specialisations Cardiology, Neurology');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();

  const details = page.getByRole('region', { name: 'Profile details' });
  await expect(details.getByText('Cardiology, Neurology')).toBeVisible();
  await expect(details.getByText('₹1,250')).toBeVisible();
  await page.reload();
  await expect(details.getByText('Cardiology, Neurology')).toBeVisible();
  await expect(details.getByText('₹1,250')).toBeVisible();
});
