// Affiliations end to end: a hospital proposes a referral with commission to a diagnostics centre,
// the centre sees it live and approves, the admin verifies, an order through it accrues commission and
// settling makes a statement both sides see; a doctor asks to join the demo hospital (commission
// explained and refused under IMC regulation 6.4.1) and is on the hospital's /doctors only once approved.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { newVerifiedProvider } from './support/providers.ts';
import { apiSession, bearer, useSession, type ApiSession } from './support/sessions.ts';

const HOSPITAL_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000001';
const PATIENT_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000005';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function signedIn(browser: Browser, baseURL: string, session: ApiSession): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await useSession(context, baseURL, session);
  return context.newPage();
}

/** Checks the page as it stands at 360 px and on a desktop. */
async function axeBothWidths(page: Page) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
}

test('a referral with commission: proposed, approved live, verified, accrued from an order, settled for both', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString().slice(-6);
  const centreName = `Kothrud Pathology ${stamp}`;
  const centre = await newVerifiedProvider(request, 'DIAGNOSTICS', centreName);
  const hospitalSession = await apiSession(request, 'hospital@caremesh.test');

  // The centre has its affiliations open before anything is proposed to it.
  const desk = await signedIn(browser, baseURL!, centre.session);
  await desk.goto('/affiliations');
  await expect(desk.getByRole('heading', { name: 'Affiliations', level: 1 })).toBeVisible();
  await expect(desk.getByText('No affiliations yet.')).toBeVisible();

  // ---- The hospital proposes a REFERRAL with COMMISSION, 10 % on tests, at most ₹500.
  const hospital = await signedIn(browser, baseURL!, hospitalSession);
  await hospital.goto('/affiliations');
  await expect(hospital.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await axeBothWidths(hospital);
  await hospital.getByRole('button', { name: 'Propose affiliation' }).click();
  const dialog = hospital.getByRole('dialog', { name: 'Propose affiliation' });
  await dialog.getByLabel('Partner kind').selectOption('DIAGNOSTICS');
  await dialog.getByLabel('Find a verified partner').fill(centreName);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await dialog.getByRole('radio', { name: new RegExp(centreName) }).click();
  await dialog.getByLabel('Type').selectOption('REFERRAL');
  await dialog.getByRole('checkbox', { name: 'Commission', exact: true }).check();
  await expect(dialog.getByText(/Commission between organisations: disclosed to both parties/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Set the commission structure now/ }).check();
  await dialog.getByLabel('Rate (%)').fill('10');
  await dialog.getByLabel('Cap per transaction (₹, optional)').fill('500');
  await dialog.getByLabel('Terms').fill('Outpatient tests referred to the centre; commission settled monthly.');
  await expectNoSeriousA11yViolations(hospital);
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(hospital).toHaveURL(new RegExp(`/hospital/${HOSPITAL_ID}/affiliations/[0-9a-f-]{36}$`));
  const affiliationId = hospital.url().split('/').pop()!;
  await expect(hospital.getByRole('heading', { name: `Referral with ${centreName}` })).toBeVisible();
  await expect(hospital.getByText('Waiting for the other side to approve it.')).toBeVisible();

  // ---- The centre's open list shows it without a reload; the centre approves.
  const row = desk.getByRole('link', { name: 'Sahyadri Care Hospital' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(desk).toHaveURL(`/diagnostics/${centre.id}/affiliations/${affiliationId}`);
  await expect(desk.getByRole('heading', { name: 'Referral with Sahyadri Care Hospital' })).toBeVisible();
  await axeBothWidths(desk);
  await desk.getByRole('button', { name: 'Approve', exact: true }).click();
  await desk.getByRole('dialog', { name: 'Approve affiliation' }).getByRole('button', { name: 'Approve' }).click();
  await expect(desk.getByText('Waits for an admin to verify it')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  // ---- The admin finds it under Affiliations and verifies it: it becomes active for both, live.
  const admin = await signedIn(browser, baseURL!, await apiSession(request, 'admin@caremesh.test'));
  await admin.goto('/hospitals');
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Affiliations' }).click();
  await expect(admin).toHaveURL(/\/admin\/affiliations$/);
  await admin.getByLabel('Search').fill(centreName);
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin.getByRole('cell', { name: 'To verify' })).toBeVisible();
  await axeBothWidths(admin);
  await admin
    .getByRole('link', { name: `Sahyadri Care Hospital → ${centreName}` })
    .first()
    .click();
  await admin.getByRole('button', { name: 'Verify', exact: true }).click();
  await admin.getByRole('dialog', { name: 'Verify affiliation' }).getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText(/^Verified by an admin/)).toBeVisible();
  await expect(desk.locator('main').getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(hospital.locator('main').getByText('Active', { exact: true }).first()).toBeVisible();

  // ---- An order from the hospital to the centre passes through it and accrues commission.
  const cbc = await request.put(`/api/diagnostics/${centre.id}/tests/CBC`, {
    headers: bearer(centre.session.token),
    data: { price: 350, sampleType: 'BLOOD', turnaroundHours: 12, homeCollection: false },
  });
  expect(cbc.status(), await cbc.text()).toBeLessThan(300);
  const order = await request.post('/api/diagnostic-orders', {
    headers: bearer(hospitalSession.token),
    data: { diagnosticCenterId: centre.id, patientId: PATIENT_ID, tests: ['CBC'] },
  });
  expect(order.status(), await order.text()).toBe(201);
  await hospital.getByRole('button', { name: 'Update from orders' }).click();
  const ledger = hospital.getByRole('region', { name: 'Ledger lines' });
  await expect(ledger.getByRole('row').filter({ hasText: 'Diagnostic order' })).toContainText('₹35.00');
  await expect(hospital.getByText('Referrals').locator('..')).toContainText('1');

  // The calculator prices by the structure in force: 10 % capped at ₹500.
  await hospital.getByLabel('Amount (₹)').fill('10000');
  await hospital.getByRole('button', { name: 'Calculate' }).click();
  await expect(hospital.getByRole('status').filter({ hasText: 'Commission on ₹10,000.00' })).toContainText('₹500.00');

  // ---- Settling closes the open lines into statement 1; the centre sees it without a reload.
  await hospital.getByRole('button', { name: 'Settle period' }).click();
  const statements = hospital.getByRole('list', { name: 'Statements' });
  await expect(statements).toContainText('Statement 1');
  await expect(statements).toContainText('commission ₹35.00');
  await expect(desk.getByRole('list', { name: 'Statements' })).toContainText('commission ₹35.00');
  await axeBothWidths(hospital);

  // ---- Another organisation's id in a role path shows not found, not this affiliation.
  await hospital.goto(`/hospital/${centre.id}/affiliations/${affiliationId}`);
  await expect(hospital.getByRole('heading', { name: 'Affiliation not found' })).toBeVisible();

  // ---- The list downloads as CSV, and as CSV for spreadsheets.
  await hospital.goto('/affiliations?status=ACTIVE');
  const [csv] = await Promise.all([
    hospital.waitForEvent('download'),
    hospital.getByRole('button', { name: 'Download these' }).click(),
  ]);
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.split('\n')[0]).toBe('id,status,type,proposer,recipient,benefits,startDate,endDate,verified');
  expect(text).toContain(centreName);
  await hospital.getByLabel('File format').selectOption('excel');
  const [excel] = await Promise.all([
    hospital.waitForEvent('download'),
    hospital.getByRole('button', { name: 'Download these' }).click(),
  ]);
  const bytes = await readFile((await excel.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('\r\n');

  for (const page of [desk, hospital, admin]) await page.context().close();
});

test('a doctor asks to join the demo hospital: commission is refused by law; on /doctors only once approved', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString().slice(-6);
  const doctorName = `Dr Aadya Joshi ${stamp}`;
  const newDoctor = await newVerifiedProvider(request, 'DOCTOR', doctorName);

  const doctor = await signedIn(browser, baseURL!, newDoctor.session);
  await doctor.goto('/affiliations');
  await doctor.getByRole('button', { name: 'Propose affiliation' }).click();
  const dialog = doctor.getByRole('dialog', { name: 'Propose affiliation' });
  await expect(dialog.getByLabel('Partner kind')).toHaveValue('HOSPITAL');
  await dialog.getByLabel('Find a verified partner').fill('Sahyadri Care');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await dialog.getByRole('radio', { name: /Sahyadri Care Hospital/ }).click();
  await dialog.getByLabel('Type').selectOption('CONTRACT');
  await dialog.getByLabel('Terms').fill('Consultant on the cardiology panel, two OPD sessions a week.');
  // Commission with an individual doctor: the screen explains the regulation, the API refuses it.
  await dialog.getByRole('checkbox', { name: 'Commission', exact: true }).check();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Regulations 2002, §6.4.1' })).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(
    dialog
      .getByRole('alert')
      .filter({ hasText: /may not give or receive a commission/ })
      .last(),
  ).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Commission', exact: true }).uncheck();
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(doctor).toHaveURL(new RegExp(`/doctor/${newDoctor.id}/affiliations/[0-9a-f-]{36}$`));
  await expect(doctor.getByRole('heading', { name: 'Contract with Sahyadri Care Hospital' })).toBeVisible();
  await axeBothWidths(doctor);
  // Before the hospital decides, the doctor may change the terms; the first version is kept.
  await doctor.getByRole('button', { name: 'Change terms' }).click();
  const terms = doctor.getByRole('dialog', { name: 'Change terms' });
  await terms.getByLabel('Terms').fill('Consultant on the cardiology panel, three OPD sessions a week.');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(terms).toBeHidden();
  const termsCard = doctor.getByRole('region', { name: 'Terms' });
  await expect(termsCard.getByText('Consultant on the cardiology panel, three OPD sessions a week.')).toBeVisible();
  await expect(termsCard.getByText('Earlier versions of the terms (1)')).toBeVisible();

  // The hospital's doctors do not include them yet.
  const hospital = await signedIn(browser, baseURL!, await apiSession(request, 'hospital@caremesh.test'));
  await hospital.goto('/doctors');
  await expect(hospital.getByText('Dr Arjun Rao').first()).toBeVisible();
  await expect(hospital.getByText(doctorName)).toHaveCount(0);

  // The hospital approves from its list (pending first when filtered).
  await hospital.goto('/affiliations?status=PENDING');
  await hospital.getByRole('link', { name: doctorName }).first().click();
  await expect(hospital.getByRole('heading', { name: `Contract with ${doctorName}` })).toBeVisible();
  await hospital.getByRole('button', { name: 'Approve', exact: true }).click();
  await hospital.getByRole('dialog', { name: 'Approve affiliation' }).getByRole('button', { name: 'Approve' }).click();
  await expect(hospital.getByText('Not needed (no commission or revenue share)')).toBeVisible();
  await expect(hospital.getByRole('button', { name: 'Suspend' })).toBeVisible();
  // The doctor's open page turns active without a reload.
  await expect(doctor.locator('main').getByText('Active', { exact: true }).first()).toBeVisible();

  await hospital.goto('/doctors');
  await expect(hospital.getByText(doctorName).first()).toBeVisible();

  // ---- Bulk status from the list: a result for each affiliation chosen.
  await hospital.goto('/affiliations');
  await hospital.getByRole('checkbox', { name: `Select ${doctorName}` }).check();
  await hospital.getByRole('checkbox', { name: 'Select Jeevan Pharmacy' }).check();
  await hospital.getByLabel(/^Set 2 selected to/).selectOption('SUSPENDED');
  await hospital.getByLabel('Reason', { exact: true }).fill('Panel review this quarter');
  await hospital.getByRole('button', { name: 'Apply to selected' }).click();
  const results = hospital.getByRole('list', { name: 'Result for each affiliation' });
  await expect(results).toContainText(`${doctorName}: now suspended`);
  await expect(results.getByRole('listitem').filter({ hasText: 'Jeevan Pharmacy' })).toContainText('Refused');
  await expect(hospital.getByText('1 of 2 changed.')).toBeVisible();
  await axeBothWidths(hospital);

  for (const page of [doctor, hospital]) await page.context().close();
});
