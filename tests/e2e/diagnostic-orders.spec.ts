// The field day: a doctor orders two tests with home collection, the centre's desk assigns them, the
// collector works offline on a 360 px phone (page and worker requests cut), reloads offline, comes
// back online; the server holds each change once, the doctor's open screen shows the critical alert
// without a reload, and the patient reads the released report with its flag.
import { expect, test } from '@playwright/test';
import { todayInIndia } from '../../domain/rules/time.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { goOffline, goOnline, waitForControllingWorker, waitForPersistedQuery } from './support/offlineQueue.ts';
import { apiSession, bearer, useSession } from './support/sessions.ts';

const CENTRE_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000003';
const PATIENT_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000005';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the field day: ordered, assigned, collected offline with a critical result and a photo, sent once, alerted, released', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const doctor = await apiSession(request, 'doctor@caremesh.test');
  const desk = await apiSession(request, 'diagnostics@caremesh.test');
  const collector = await apiSession(request, 'collector@caremesh.test');
  const signer = await apiSession(request, 'signer@caremesh.test');
  const patient = await apiSession(request, 'patient@caremesh.test');

  // The doctor orders two tests with home collection, in a window starting soon, on the collector's
  // today (India's date): just before midnight there, it starts a few minutes ago instead.
  const soon = Date.now() + 10 * 60_000;
  const start = new Date(todayInIndia(new Date(soon)) === todayInIndia() ? soon : Date.now() - 5 * 60_000);
  const created = await request.post('/api/diagnostic-orders', {
    headers: bearer(doctor.token),
    data: {
      diagnosticCenterId: CENTRE_ID,
      patientId: PATIENT_ID,
      tests: ['ELECTROLYTES', 'CBC'],
      priority: 'URGENT',
      homeCollection: {
        address: {
          buildingNumber: 'B-704',
          street: 'Baner Road',
          locality: 'Baner',
          city: 'Pune',
          state: 'MAHARASHTRA',
          pincode: '411045',
        },
        windowStart: start.toISOString(),
        windowEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = (await created.json()).data.id as string;

  // The doctor keeps the order open.
  const doctorContext = await browser.newContext();
  await useSession(doctorContext, baseURL!, doctor);
  const doctorPage = await doctorContext.newPage();
  await doctorPage.goto(`/diagnostic-orders/${orderId}`);
  await expect(doctorPage.getByRole('heading', { name: 'Tests at Precision Diagnostics' })).toBeVisible();

  // The desk assigns the collector, which schedules the collection.
  const deskContext = await browser.newContext();
  await useSession(deskContext, baseURL!, desk);
  const deskPage = await deskContext.newPage();
  await deskPage.goto(`/tests/orders/${orderId}`);
  await deskPage.getByLabel('Collector').selectOption({ label: 'Ravi Kumar' });
  await expect(deskPage.getByText('Ravi Kumar is coming')).toBeVisible();
  await expectNoSeriousA11yViolations(deskPage);

  // The collector's phone: 360 px, the round opened online once.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await useSession(phone, baseURL!, collector);
  const page = await phone.newPage();
  await page.goto('/tests/today');
  const order = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Priya Sharma' }) })
    .filter({ hasText: 'URGENT' });
  await expect(order.getByText('Baner Road').first()).toBeVisible();
  await waitForControllingWorker(page);
  await waitForPersistedQuery(page, 'today', orderId);
  await expectNoSeriousA11yViolations(page);

  await goOffline(phone);
  try {
    const electrolytes = order.getByRole('listitem', { name: 'Serum electrolytes' });
    const cbc = order.getByRole('listitem', { name: 'Complete blood count (CBC)' });
    for (const card of [electrolytes, cbc]) {
      await card.getByRole('button', { name: 'Collected' }).click();
      await card.getByRole('button', { name: 'Save collection' }).click();
      await expect(card.getByText('Waiting to send').first()).toBeVisible();
    }
    await electrolytes.getByRole('button', { name: 'Enter result' }).click();
    await electrolytes.getByLabel('Result', { exact: true }).fill('6.9');
    await electrolytes.getByRole('button', { name: 'Save result' }).click();
    await electrolytes
      .getByLabel('Attach photo or PDF')
      .setInputFiles({ name: 'report.png', mimeType: 'image/png', buffer: PNG });
    await expect(electrolytes.getByText('Waiting to send')).toHaveCount(3);

    // Reopened with no signal: the round and the waiting changes are still there.
    await page.reload();
    await expect(order.getByText('Baner Road').first()).toBeVisible();
    await expect(order.getByRole('listitem', { name: 'Serum electrolytes' }).getByText('Waiting to send')).toHaveCount(
      3,
    );
  } finally {
    await goOnline(phone);
  }

  // Back online: each change reaches the server once, in order.
  await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });
  const fetched = await request.get(`/api/diagnostic-orders/${orderId}`, { headers: bearer(desk.token) });
  const saved = (await fetched.json()).data;
  const byType = (type: string) => saved.tests.find((t: { testType: string }) => t.testType === type);
  expect(byType('CBC').status).toBe('SAMPLE_COLLECTED');
  expect(byType('ELECTROLYTES').status).toBe('RESULT_ENTERED');
  expect(byType('ELECTROLYTES').versions).toHaveLength(1);
  expect(byType('ELECTROLYTES').result).toMatchObject({ value: 6.9, flag: 'CRITICAL_HIGH' });
  expect(byType('ELECTROLYTES').attachments).toHaveLength(1);

  // The doctor's open screen shows the critical alert, without a reload.
  await expect(doctorPage.getByText('Critical result: acknowledge with a comment')).toBeVisible({ timeout: 20_000 });
  await doctorPage.getByLabel('Comment').fill('Called Priya; repeat potassium with ECG today');
  await doctorPage.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(doctorPage.getByText('Critical result acknowledged: Called Priya')).toBeVisible();

  // The signer releases it; the patient sees the report with its flag.
  const released = await request.put(`/api/diagnostic-orders/${orderId}/tests/${byType('ELECTROLYTES').id}/status`, {
    headers: bearer(signer.token),
    data: { status: 'RELEASED' },
  });
  expect(released.status(), await released.text()).toBe(200);
  const patientContext = await browser.newContext();
  await useSession(patientContext, baseURL!, patient);
  const patientPage = await patientContext.newPage();
  await patientPage.goto(`/medical-records/reports/${orderId}`);
  await expect(patientPage.getByRole('heading', { name: 'Precision Diagnostics' })).toBeVisible();
  await expect(patientPage.getByText('6.9 mmol/L (K)')).toBeVisible();
  await expect(patientPage.getByText('Critical high')).toBeVisible();
  await expect(patientPage.getByText('Final', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(patientPage);
  for (const context of [doctorContext, deskContext, phone, patientContext]) await context.close();
});

test('the centre reads its catalogue, its reports with turnaround and its statistics charts', async ({
  page,
  request,
  baseURL,
}) => {
  const desk = await apiSession(request, 'diagnostics@caremesh.test');
  await useSession(page.context(), baseURL!, desk);
  await page.goto('/tests');
  await expect(page.getByRole('row', { name: /Serum electrolytes/ })).toContainText('₹450');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/reports?flag=CRITICAL');
  await expect(page.getByRole('cell', { name: /6.7 mmol\/L/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Orders and released reports per day' })).toBeVisible();
  await expect(page.getByText('Collection → release')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a patient books tests at home on a phone, and the desk sees the order', async ({ browser, request, baseURL }) => {
  const patient = await apiSession(request, 'patient@caremesh.test');
  const desk = await apiSession(request, 'diagnostics@caremesh.test');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await useSession(context, baseURL!, patient);
  const page = await context.newPage();
  await page.goto('/medical-records');
  await page.getByRole('link', { name: 'Book tests' }).click();
  await page.getByLabel('Find a centre').fill('Precision');
  await expect(page.getByRole('option', { name: 'Precision Diagnostics, Pune' })).toBeAttached();
  await page.getByLabel('Diagnostics centre').selectOption({ label: 'Precision Diagnostics, Pune' });
  await page.getByRole('checkbox', { name: /Vitamin B12/ }).check();
  await page.getByRole('checkbox', { name: /HbA1c/ }).check();
  await expect(page.getByText('Total ₹1,350')).toBeVisible();
  await page.getByRole('checkbox', { name: /Collect the sample at home/ }).check();
  await page.getByLabel('Flat or house').fill('B-704');
  await page.getByLabel('Street').fill('Baner Road');
  await page.getByLabel('Locality').fill('Baner');
  await page.getByLabel('Pincode').fill('411045');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Book tests' }).click();
  await expect(page).toHaveURL(/\/medical-records$/);
  const list = await request.get('/api/diagnostic-orders?limit=5', { headers: bearer(desk.token) });
  const newest = (await list.json()).data.orders[0];
  expect(newest.tests.map((t: { testType: string }) => t.testType).sort()).toEqual(['HBA1C', 'VITAMIN_B12']);
  expect(newest.homeCollection.address.street).toBe('Baner Road');
  expect(newest.totalPrice).toBe(1350);
  await context.close();
});
