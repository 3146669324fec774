import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.ts';

test('a new hospital account onboards through the wizard, keeps its draft across a reload, and sees its profile', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'newhospital@caremesh.test');
  await expect(page).toHaveURL(/\/hospital\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Onboard your hospital' })).toBeVisible();

  // Step 1: the step refuses to go on with what is missing.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Hospital name').fill('Krishna Valley Hospital');
  await page.getByLabel('Registration number').fill('MH-SAT-2019-0077');
  await page.getByLabel('Hospital type').selectOption('MULTISPECIALTY');
  await page.getByLabel('Beds').fill('120');

  // A reload keeps the draft.
  await page.reload();
  await expect(page.getByLabel('Hospital name')).toHaveValue('Krishna Valley Hospital');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: address, with a pincode check.
  await page.getByLabel('Building number').fill('221');
  await page.getByLabel('Street').fill('Powai Naka');
  await page.getByLabel('Locality').fill('Sadar Bazar');
  await page.getByLabel('City').fill('Satara');
  await page.getByLabel('State').selectOption('MAHARASHTRA');
  await page.getByLabel('Pincode').fill('4150');
  await page.getByLabel('Phone').fill('+91 94220 11223');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible();
  await page.getByLabel('Pincode').fill('415001');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: services.
  await page.getByLabel('Cardiology').check();
  await page.getByLabel('Emergency services').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Review and submit.
  await expect(page.getByText('Krishna Valley Hospital')).toBeVisible();
  await page.getByRole('button', { name: 'Submit hospital' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Krishna Valley Hospital' })).toBeVisible();
  await expect(page.getByText('Pending verification')).toBeVisible();
  await expect(page.getByText('+91-9422011223')).toBeVisible();

  // The profile works: add a department.
  await page.getByLabel('New department').fill('Cardiology');
  await page.getByRole('button', { name: 'Add department' }).click();
  await expect(page.getByText('Department added.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Cardiology' })).toBeVisible();

  // Its own details can be edited, and only what changed is sent.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('Beds').fill('140');
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Enter a full web address, e.g. https://example.in')).toBeVisible();
  await page.getByLabel('Website').fill('https://krishnavalley.example.in');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();
  await expect(page.getByText('Emergency · 140 beds')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Emergency · 140 beds')).toBeVisible();
  await expect(page.getByText('Cardiology', { exact: true }).first()).toBeVisible();

  // The menu is the hospital's, and onboarding is over.
  await page.goto('/hospital/onboarding');
  await expect(page).toHaveURL(/\/profile$/);
});

test('a hospital sees its own doctors; a doctor sees the patients they have appointments with, and an empty list explains itself', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'hospital@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Sahyadri Care Hospital' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Doctors' }).click();
  await expect(page).toHaveURL(/\/doctors$/);
  await expect(page.getByRole('cell', { name: 'Dr Arjun Rao', exact: true })).toBeVisible();

  await page.getByRole('button', { name: /hospital@caremesh\.test/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await signIn(page, 'doctor@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  // The demo doctor has accepted and confirmed appointments with the demo patient (and a few others).
  await page.goto('/patients');
  await expect(page.getByRole('cell', { name: /Priya/ }).first()).toBeVisible();
  await page.goto('/patients?lastName=Nobodyhere');
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Nobodyhere');
  // Only a care relationship lists a patient (domain/rules/careAccess.ts), and the empty list says so.
  await expect(page.getByText(/Patients appear here once you accept their appointment/)).toBeVisible();
});
