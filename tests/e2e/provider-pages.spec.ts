import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { mailedLink, signIn } from './support/accounts.ts';
import { DEMO_DOCTOR_ID, openDate } from './support/offlineQueue.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Pune, one of the demo cities. */
const PUNE = { latitude: 18.5204, longitude: 73.8567 };
// The demo's places (server/db/demo/members.ts).
const HOSPITAL_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000001';
const DIAGNOSTICS_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000003';
const PHARMACY_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000004';

/** A new User account (the default role), registered and verified through the development mailbox. */
async function newUser(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = `newcomer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
  const password = 'Naya@2026x';
  const registered = await request.post('/api/users/register', { data: { email, password, name: 'Kavya Iyer' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = new URL(await mailedLink(request, email, 'verify'), 'http://localhost');
  expect((await request.get(`/api/users/verify-email${link.search}`)).ok()).toBe(true);
  return { email, password };
}

/** Stands in for the browser's install prompt (Chromium fires it when the app may be installed). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}

async function signInAs(page: Page, email: string, password?: string) {
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

test('a User opens a doctor’s page from the directory, taps Book, becomes a patient and books', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const account = await newUser(request);
  await signInAs(page, account.email, account.password);

  // My Account, not a page "being prepared".
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The directory's card opens the doctor's page at their slug.
  await page.goto('/doctors?searchQuery=Arjun');
  const list = page.getByRole('list', { name: 'Doctors', exact: true });
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  await list.getByRole('link', { name: 'Dr Arjun Rao', exact: true }).first().click();
  await expect(page).toHaveURL(/\/doctors\/dr-arjun-rao$/);
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao', level: 1 })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('356 reviews')).toBeVisible();
  await expect(page.getByText('MHMC-2011-07731')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open in maps/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  );
  await expect(page.getByRole('link', { name: 'Sahyadri Care Hospital' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Book: a User is offered to become a patient first.
  await page.getByRole('link', { name: 'Book with Dr Arjun Rao' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointments/book/doctor/${DEMO_DOCTOR_ID}$`));
  await page.getByRole('link', { name: 'Create my patient profile' }).click();
  await expect(page.getByRole('heading', { name: 'Become a patient', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByLabel('First name')).toHaveValue('Kavya');
  await page.getByRole('button', { name: 'Save profile' }).click();

  // The account is a Patient now, and the booking goes on where it was.
  await expect(page).toHaveURL(new RegExp(`/appointments/book/doctor/${DEMO_DOCTOR_ID}$`));
  await expect(page.getByRole('heading', { name: 'When and why' })).toBeVisible();
  const date = openDate(60 + Math.floor(Math.random() * 200));
  await page.getByLabel('Mode').selectOption({ label: 'In-person' });
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByRole('radio', { name: '14:45' }).check();
  const reason = `First visit after joining (${Date.now()})`;
  await page.getByLabel('Reason for the visit').fill(reason);
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByText(reason)).toBeVisible();

  // Once the browser offers to install: after this first booking, one polite offer…
  await offerInstall(page);
  const offer = page.getByRole('complementary', { name: 'Install CareMesh' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toBeHidden();
  // …never made again, while the user menu keeps "Install CareMesh".
  await page.reload();
  await expect(page.getByText(reason)).toBeVisible();
  await offerInstall(page);
  await expect(offer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: new RegExp(account.email.replace(/\./g, '\\.')) }).click();
  await expect(page.getByRole('menuitem', { name: 'Install CareMesh' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The Patient's menu.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
});

test('a patient searches Near me in the booking flow, filters in a sheet on the phone, results first', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(PUNE);
  await page.setViewportSize(PHONE);
  await signInAs(page, 'patient@caremesh.test');
  await page.goto('/appointments/book');
  await expect(page.getByRole('heading', { name: 'Book an appointment', level: 1 })).toBeVisible();

  // On a phone the filters are folded away: the fee and telemedicine filters wait behind one button.
  await expect(page.getByLabel('Maximum fee (₹)')).toBeHidden();
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(page).toHaveURL(/latitude=18\.5204/);
  const list = page.getByRole('list', { name: 'Doctors', exact: true });
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText(/Showing doctors near your location/)).toBeVisible();
  const distances = await list
    .locator('[data-distance-km]')
    .evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-distance-km'))));
  expect(distances.length).toBeGreaterThan(0);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  expect(Math.max(...distances)).toBeLessThanOrEqual(25);

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Maximum fee (₹)').fill('800');
  // The box follows the address bar: the click updates the URL, the box then shows it ticked.
  const telemedicine = page.getByRole('checkbox', { name: 'Telemedicine' });
  await telemedicine.click();
  await expect(telemedicine).toBeChecked();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/maxConsultationFee=800/);
  await expect(page).toHaveURL(/telemedicineAvailable=true/);
  await expect(list.or(page.getByText('No doctors match these filters.'))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Every card books, and opens the doctor's page.
  await page.getByRole('button', { name: /^Remove filter Telemedicine/ }).click();
  await page.getByRole('button', { name: /^Remove filter Maximum fee/ }).click();
  await expect(list.getByRole('link', { name: /^Book with / }).first()).toBeVisible();
});

test('the pages of a hospital, a diagnostics centre and a pharmacy pass axe on a phone and a desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'user@caremesh.test');
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/hospitals/${HOSPITAL_ID}`);
    await expect(page.getByRole('heading', { name: 'Sahyadri Care Hospital', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Departments' })).toBeVisible();
    await expect(page.getByText('OPD, cath lab, echo and TMT', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Emergency contacts' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Doctors' }).getByRole('link', { name: 'Dr Arjun Rao', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book with Sahyadri Care Hospital' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/diagnostics/${DIAGNOSTICS_ID}`);
    await expect(page.getByRole('heading', { name: 'Precision Diagnostics', level: 1, exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Results turnaround' })).toBeVisible();
    // The tests with the prices of the centre's catalogue.
    const priced = page.getByRole('list', { name: 'Tests and prices' }).getByRole('listitem');
    await expect(priced.filter({ hasText: 'Complete blood count' })).toContainText('₹350');
    await expect(priced.filter({ hasText: 'Complete blood count' })).toContainText('home collection');
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/pharmacies/${PHARMACY_ID}`);
    await expect(page.getByRole('heading', { name: 'Jeevan Pharmacy', level: 1, exact: false })).toBeVisible();
    await expect(page.locator('[data-open-now]')).toHaveText(/^(Open now|Closed now)/);
    await expect(page.getByText('08:00–23:00').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/doctors/dr-arjun-rao');
    await expect(page.getByRole('heading', { name: 'Dr Arjun Rao', level: 1 })).toBeVisible();
    // Their timings: this week's open times from the schedule the booking picker uses.
    const openTimes = page.getByRole('region', { name: 'Open times this week' });
    await expect(openTimes.getByText(/^\d+ open · from \d{2}:\d{2} \(India time\)$/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  // A place nobody has rated yet reads "New", not "★ 0.0 · 0 reviews".
  await page.goto('/pharmacies?sortBy=reviewCount&sortOrder=asc');
  const cards = page.getByRole('list', { name: 'Pharmacies', exact: true });
  await expect(cards).not.toHaveAttribute('aria-busy', 'true');
  await expect(cards.getByText('New: no reviews yet').first()).toBeVisible();
  await expect(cards.getByText('0 reviews')).toHaveCount(0);
});
