import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailedLink, signIn } from './support/accounts.ts';

const PASSWORD = 'Naya@2026';

/** A new, verified account of a role, signed in through the login screen. */
async function newAccount(page: Page, request: APIRequestContext, role: string, name: string) {
  const email = `${role.toLowerCase()}.${Date.now()}@example.in`;
  const registered = await request.post('/api/users/register', { data: { email, password: PASSWORD, role, name } });
  expect(registered.status()).toBe(201);
  await page.goto(await mailedLink(request, email, 'verify'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  return email;
}

/** GET an API path as the signed-in user, with the bearer token from the jwtToken cookie. */
async function apiGet(page: Page, path: string) {
  const token = (await page.context().cookies()).find((c) => c.name === 'jwtToken')?.value;
  expect(token).toBeTruthy();
  return page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
}

async function fillAddress(page: Page) {
  await page.getByLabel('Building number').fill('14');
  await page.getByLabel('Street', { exact: true }).fill('MG Road');
  await page.getByLabel('Locality').fill('Camp');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State', { exact: true }).selectOption('MAHARASHTRA');
  await page.getByLabel('Pincode').fill('411001');
  await page.getByLabel('Phone', { exact: true }).fill('98220 45678');
}

test('a new pharmacy onboards through the wizard, keeping its draft across a reload', async ({ page, request }) => {
  await newAccount(page, request, 'PHARMACY', 'Sai Medicals');
  await expect(page).toHaveURL(/\/pharmacy\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Onboard your pharmacy' })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Pharmacy name').fill('Sai Medicals');
  await page.getByLabel('Drug licence number').fill('MH-PUN-20B-55123');
  await page.getByLabel('Pharmacy type').selectOption('RETAIL');
  await page.reload();
  await expect(page.getByLabel('Pharmacy name')).toHaveValue('Sai Medicals');
  await page.getByRole('button', { name: 'Next' }).click();

  await fillAddress(page);
  await page.getByLabel('Pincode').fill('0110');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible();
  await page.getByLabel('Pincode').fill('411001');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Vaccinations').check();
  await page.getByLabel('Offers home delivery').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Opening hours: a closing time before the opening time is refused on this step.
  await page.getByLabel('Monday closes').fill('08:00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/Monday: close \(08:00\) must be later than open/)).toBeVisible();
  await page.getByLabel('Monday closes').fill('21:00');
  await page.getByLabel('Sunday', { exact: true }).selectOption('OPEN_24_HOURS');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Sai Medicals')).toBeVisible();
  await expect(page.getByText(/Sun 24 hours/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit pharmacy' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const mine = await apiGet(page, '/api/pharmacies/me');
  expect(mine.status()).toBe(200);
  const { data } = (await mine.json()) as { data: { name: string; openingHours: Record<string, unknown> } };
  expect(data.name).toBe('Sai Medicals');
  expect(data.openingHours.SUNDAY).toEqual({ open24Hours: true });

  await page.goto('/pharmacy/onboarding');
  await expect(page).toHaveURL(/\/profile$/);
});

test('a new diagnostics centre onboards through the wizard', async ({ page, request }) => {
  await newAccount(page, request, 'DIAGNOSTICS', 'Aarogya Labs');
  await expect(page).toHaveURL(/\/diagnostics\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Onboard your diagnostics centre' })).toBeVisible();

  await page.getByLabel('Centre name').fill('Aarogya Labs');
  await page.getByLabel('Licence number').fill('KA-BLR-LAB-7781');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Choose the facility type')).toBeVisible();
  await page.getByLabel('Facility type').selectOption('BLOOD_LAB');
  await page.getByRole('button', { name: 'Next' }).click();

  await fillAddress(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('MRI', { exact: true }).check();
  await page.getByLabel('NABL', { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Home sample collection').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Aarogya Labs')).toBeVisible();
  await page.getByRole('button', { name: 'Submit centre' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const mine = await apiGet(page, '/api/diagnostics/me');
  expect(mine.status()).toBe(200);
  expect(((await mine.json()) as { data: { hasHomeCollection: boolean } }).data.hasHomeCollection).toBe(true);
});

test('a new doctor completes their profile and sees it', async ({ page, request }) => {
  await newAccount(page, request, 'DOCTOR', 'Dr Meera Iyer');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Complete your doctor profile' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Dr Meera Iyer');

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Choose at least one specialisation')).toBeVisible();
  await page.getByLabel('Medical council registration number').fill('TNMC-99812');
  await page.getByLabel('Qualifications').fill('MBBS, MD');
  await page.getByLabel('Experience (years)').fill('12');
  await page.getByLabel('Consultation fee (₹)').fill('800');
  await page.getByLabel('Cardiology').check();
  await page.getByLabel('Tamil', { exact: true }).check();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(page.getByRole('heading', { name: 'Dr Meera Iyer' })).toBeVisible();
  await expect(page.getByText('Pending verification')).toBeVisible();
  await expect(page.getByText('₹800')).toBeVisible();
  await expect(page.getByText('MBBS, MD')).toBeVisible();
  await expect(page.getByText('12 years')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dr Meera Iyer' })).toBeVisible();
});

test('a new patient completes their profile, uploads a record and adds their history', async ({ page, request }) => {
  await newAccount(page, request, 'PATIENT', 'Kavya Nair');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Kavya');
  await page.getByLabel('Phone', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/Enter a valid Indian mobile number/)).toBeVisible();
  await page.getByLabel('Phone', { exact: true }).fill('+91 99001 22334');
  await page.getByLabel('Blood group').selectOption('O_POSITIVE');
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('+91-9900122334')).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Allergies').fill('Penicillin');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile is updated.')).toBeVisible();
  await expect(page.getByText('Penicillin')).toBeVisible();
  await expect(page.getByText('O+')).toBeVisible();

  await page.getByRole('link', { name: 'Medical records' }).first().click();
  await expect(page).toHaveURL(/\/medical-records$/);
  await expect(page.getByText('No documents yet.')).toBeVisible();

  // The browser refuses a file of the wrong kind before sending it.
  const file = page.getByLabel('File', { exact: true });
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('notes.txt is not a JPEG, PNG, WebP or PDF file')).toBeVisible();

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  await file.setInputFiles({ name: 'blood-test.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByLabel('Document title')).toHaveValue('blood-test');
  await page.getByLabel('Document title').fill('Blood test March');
  await page.getByRole('button', { name: 'Upload document' }).click();
  await expect(page.getByText('Document uploaded.')).toBeVisible();
  const documents = page.getByRole('list', { name: 'Your documents' });
  await expect(documents.getByText('Blood test March')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Blood test March' }).click();
  expect((await download).suggestedFilename()).toBe('blood-test.pdf');

  await page.getByLabel('Condition').fill('Type 2 diabetes');
  await page.getByLabel('Diagnosed on').fill('2022-03-15');
  await page.getByLabel('Severity').selectOption('MODERATE');
  await page.getByLabel('Notes').fill('On metformin');
  await page.getByRole('button', { name: 'Add entry' }).click();
  const history = page.getByRole('list', { name: 'Your medical history' });
  await expect(history.getByText('Type 2 diabetes')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Your documents' }).getByText('Blood test March')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your medical history' }).getByText('Type 2 diabetes')).toBeVisible();
  await expect(page.getByText('Diagnosed Mar 15, 2022')).toBeVisible();
});

test('a hospital in Delhi onboards with its union territory, labelled as such', async ({ page, request }) => {
  await newAccount(page, request, 'HOSPITAL', 'Yamuna Care');
  await expect(page).toHaveURL(/\/hospital\/onboarding$/);
  await page.getByLabel('Hospital name').fill('Yamuna Care Hospital');
  await page.getByLabel('Registration number').fill('DL-CEA-2021-0456');
  await page.getByLabel('Hospital type').selectOption('PRIVATE');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Building number').fill('7');
  await page.getByLabel('Street', { exact: true }).fill('Ring Road');
  await page.getByLabel('Locality').fill('Lajpat Nagar');
  await page.getByLabel('City').fill('New Delhi');
  const state = page.getByLabel('State', { exact: true });
  await expect(state.locator('option', { hasText: 'Delhi (union territory)' })).toHaveCount(1);
  await state.selectOption('DELHI');
  await page.getByLabel('Pincode').fill('110024');
  await page.getByLabel('Phone', { exact: true }).fill('98110 45678');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Delhi (union territory)')).toBeVisible();
  await page.getByRole('button', { name: 'Submit hospital' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Yamuna Care Hospital' })).toBeVisible();
  await expect(page.getByText(/New Delhi 110024, Delhi \(union territory\)/)).toBeVisible();
});
