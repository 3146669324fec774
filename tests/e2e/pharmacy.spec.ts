// A prescription to the doorstep: the patient sends it to Jeevan Pharmacy, the pharmacist verifies
// it and stock is reserved first-expiry-first-out, the QC member passes it, it is ready; on a 360 px
// phone "out for delivery" is marked offline, waits, and arrives once when online; completion writes
// the dispense to the ledger and the stock falls; the patient reviews the pharmacy.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { goOffline, goOnline, waitForControllingWorker, waitForPersistedQuery } from './support/offlineQueue.ts';
import { apiSession, bearer, useSession } from './support/sessions.ts';

const PHARMACY_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000004';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('prescription to doorstep: verified, FEFO, QC by another person, out for delivery offline, dispensed, reviewed', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const patient = await apiSession(request, 'patient@caremesh.test');
  const pharmacist = await apiSession(request, 'pharmacist@caremesh.test');
  const qc = await apiSession(request, 'qc@caremesh.test');
  const desk = await apiSession(request, 'pharmacy@caremesh.test');

  const created = await request.post('/api/pharmacy-orders', {
    headers: bearer(patient.token),
    data: {
      pharmacyId: PHARMACY_ID,
      items: [{ name: 'Amoxycillin 500 mg', quantity: 12 }],
      deliveryMethod: 'HOME_DELIVERY',
      deliveryAddress: 'B-704, Baner Road, Pune 411045',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).data;
  const orderId = order.id as string;
  const medicineId = order.items[0].medicineId as string;
  expect(medicineId).toBeTruthy();
  const upload = await request.post(`/api/pharmacy-orders/${orderId}/prescription`, {
    headers: bearer(patient.token),
    multipart: { file: { name: 'rx.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const stockBefore = (
    await (await request.get(`/api/pharmacy-inventory/${medicineId}`, { headers: bearer(desk.token) })).json()
  ).data;

  // The pharmacist verifies on the order screen.
  const deskContext = await browser.newContext();
  await useSession(deskContext, baseURL!, pharmacist);
  const deskPage = await deskContext.newPage();
  await deskPage.goto(`/orders/${orderId}`);
  await expect(deskPage.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await deskPage.getByRole('button', { name: 'Verify prescription' }).click();
  await deskPage.getByLabel('Prescriber name').fill('Dr Ananya Kulkarni');
  await deskPage.getByLabel('Registration number').fill('MMC-2009-11873');
  await deskPage.getByRole('button', { name: 'Save' }).click();
  await expect(deskPage.getByText('Verified: Dr Ananya Kulkarni')).toBeVisible();
  await expectNoSeriousA11yViolations(deskPage);

  // Approving reserves stock first expiry first out: the expired batch is skipped, the next-expiring first.
  for (const status of ['APPROVED', 'IN_PREPARATION', 'QUALITY_CHECK']) {
    const res = await request.patch(`/api/pharmacy-orders/${orderId}/status`, {
      headers: bearer(pharmacist.token),
      data: { status },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await deskPage.reload();
  await expect(deskPage.getByText(/Batches: MX2409/)).toBeVisible();
  const self = await request.post(`/api/pharmacy-orders/${orderId}/quality-check`, {
    headers: bearer(pharmacist.token),
    data: { passed: true, confirmed: ['DRUG', 'STRENGTH', 'BATCH', 'EXPIRY', 'QUANTITY'] },
  });
  expect(self.status()).toBe(409);

  // The patient keeps the order open (it is theirs to read) while QC passes and it is marked ready.
  const patientContext = await browser.newContext();
  await useSession(patientContext, baseURL!, patient);
  const patientPage = await patientContext.newPage();
  await patientPage.goto('/medical-records');
  const patientOrder = patientPage
    .getByRole('list', { name: 'Medicine orders' })
    .getByRole('listitem')
    .filter({ hasText: order.orderNumber });
  await expect(patientOrder.getByText('Quality check')).toBeVisible();
  const qcContext = await browser.newContext();
  await useSession(qcContext, baseURL!, qc);
  const qcPage = await qcContext.newPage();
  await qcPage.goto(`/orders/${orderId}`);
  await qcPage.getByRole('button', { name: 'Quality check' }).click();
  for (const label of ['Drug', 'Strength', 'Batch', 'Expiry', 'Quantity'])
    await qcPage.getByLabel(label, { exact: true }).check();
  await qcPage.getByRole('button', { name: 'Pass check' }).click();
  await expect(qcPage.getByText(/^Passed/)).toBeVisible();
  await qcPage.getByRole('button', { name: 'Mark ready' }).click();
  await expect(qcPage.getByText('Ready for pickup').first()).toBeVisible();
  // The patient's open page shows it without a reload.
  await expect(patientOrder.getByText('Ready for pickup')).toBeVisible();
  await expectNoSeriousA11yViolations(patientPage);

  // Out for delivery, marked on a phone with no signal, waits and is sent once.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await useSession(phone, baseURL!, desk);
  const page = await phone.newPage();
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('button', { name: 'Out for delivery' })).toBeVisible();
  await waitForControllingWorker(page);
  await waitForPersistedQuery(page, 'pharmacy-orders', orderId);
  await expectNoSeriousA11yViolations(page);
  await goOffline(phone);
  await page.getByRole('button', { name: 'Out for delivery' }).click();
  await expect(page.getByText('Waiting to send').first()).toBeVisible();
  const meanwhile = await request.get(`/api/pharmacy-orders/${orderId}`, { headers: bearer(desk.token) });
  expect((await meanwhile.json()).data.status).toBe('READY_FOR_PICKUP');
  await goOnline(phone);
  await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/pharmacy-orders/${orderId}`, { headers: bearer(desk.token) })).json()).data
          .status,
    )
    .toBe('OUT_FOR_DELIVERY');
  const history = await request.get(`/api/pharmacy-orders/${orderId}`, { headers: bearer(desk.token) });
  expect((await history.json()).data.status).toBe('OUT_FOR_DELIVERY');

  // Delivered and completed: the ledger shows the dispense and the stock fell by 12.
  for (const path of ['delivery', 'complete']) {
    const res =
      path === 'delivery'
        ? await request.patch(`/api/pharmacy-orders/${orderId}/delivery`, {
            headers: bearer(desk.token),
            data: { status: 'DELIVERED' },
          })
        : await request.post(`/api/pharmacy-orders/${orderId}/complete`, {
            headers: bearer(pharmacist.token),
            data: {},
          });
    expect(res.status(), await res.text()).toBe(200);
  }
  const stockAfter = (
    await (await request.get(`/api/pharmacy-inventory/${medicineId}`, { headers: bearer(desk.token) })).json()
  ).data;
  expect(stockAfter.onHand).toBe(stockBefore.onHand - 12);
  await deskPage.goto('/inventory');
  await expect(deskPage.getByRole('table', { name: 'Stock ledger' }).getByText('-12')).toBeVisible();
  await expectNoSeriousA11yViolations(deskPage);
  await deskPage.goto('/orders');
  await deskPage.getByRole('button', { name: 'Statistics' }).click();
  await expect(deskPage.getByText('Fill rate')).toBeVisible();
  await expect(deskPage.getByRole('list', { name: 'Orders by status' })).toContainText('Completed');
  await expectNoSeriousA11yViolations(deskPage);
  // The patient reviews the pharmacy from the order on their open page, once.
  await patientOrder.getByRole('button', { name: 'Review the pharmacy' }).click();
  const reviewDialog = patientPage.getByRole('dialog', { name: 'Review the pharmacy' });
  await reviewDialog.getByLabel('Rating').selectOption('5');
  await reviewDialog.getByLabel('Comment (optional)').fill('On time, and the pharmacist explained the doses.');
  await expectNoSeriousA11yViolations(patientPage);
  await reviewDialog.getByRole('button', { name: 'Send review' }).click();
  await expect(patientPage.getByText('Thank you for your review.')).toBeVisible();
  await expect(patientOrder.getByRole('button', { name: 'Review the pharmacy' })).toHaveCount(0);
  const reviewed = await request.get(`/api/pharmacy-orders/${orderId}`, { headers: bearer(patient.token) });
  expect((await reviewed.json()).data.reviewed).toBe(true);
  for (const c of [deskContext, patientContext, qcContext, phone]) await c.close();
});

test('the patient sends a consultation’s prescription to a pharmacy found by name, follows it, and cancels it early', async ({
  browser,
  request,
  baseURL,
}) => {
  const patient = await apiSession(request, 'patient@caremesh.test');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    await useSession(context, baseURL!, patient);
    const page = await context.newPage();
    await page.goto('/medical-records');
    await page.getByRole('button', { name: 'Send a prescription to a pharmacy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a prescription' });
    // The demo doctor's completed consultation (named by its diagnosis), and Jeevan Pharmacy found among
    // thousands by its name.
    const prescription = dialog.getByLabel('Prescription');
    const visit = prescription.locator('option', { hasText: 'Essential (primary) hypertension' }).first();
    await expect(visit).toBeAttached();
    await prescription.selectOption({ value: (await visit.getAttribute('value'))! });
    await dialog.getByLabel('Find a pharmacy').fill('Jeevan');
    const pharmacy = dialog.getByLabel('Pharmacy', { exact: true });
    await expect(pharmacy.locator('option', { hasText: 'Jeevan Pharmacy' })).toBeAttached();
    await pharmacy.selectOption({ value: PHARMACY_ID });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Prescription sent to the pharmacy.')).toBeVisible();

    const sent = page
      .getByRole('list', { name: 'Medicine orders' })
      .getByRole('listitem')
      .filter({ hasText: 'Jeevan Pharmacy' })
      .filter({ hasText: 'From a consultation’s prescription' })
      .first();
    await expect(sent).toBeVisible();
    const number = (await sent.textContent())!.match(/RX-\d{6}-[0-9A-F]{6}/)![0];
    const listed = await request.get(`/api/pharmacy-orders?orderNumber=${number}`, {
      headers: bearer(patient.token),
    });
    const [order] = (await listed.json()).data.orders as Array<{ id: string; consultationId: string | null }>;
    expect(order!.consultationId).toBeTruthy();

    // Cancelled before the pharmacy starts on it.
    await sent.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Order cancelled.')).toBeVisible();
    await expect(sent.getByText('Cancelled')).toBeVisible();
  } finally {
    await context.close();
  }
});
