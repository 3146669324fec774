import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { slotPicker } from './support/offlineQueue.ts';
import { apiSession, bearer } from './support/sessions.ts';
import { acceptedAppointment, signedInAs } from './support/visits.ts';

// Slots of this file only (other specs take days 60+, 120+ and 200+).
const nextSlot = slotPicker(260, ['09:45', '10:45', '12:15', '14:45', '15:45']);

/** A consultation of the demo patient with the demo doctor, completed by the doctor (its fee is billed). */
async function completedConsultation(request: APIRequestContext): Promise<string> {
  const doctor = await apiSession(request, 'doctor@caremesh.test');
  const appointmentId = await acceptedAppointment(request, nextSlot, 'Palpitations after climbing stairs', 29);
  const started = await request.post('/api/consultations', {
    headers: bearer(doctor.token),
    data: { appointmentId },
  });
  expect(started.status(), await started.text()).toBe(201);
  const id = ((await started.json()) as { data: { id: string } }).data.id;
  const done = await request.put(`/api/consultations/${id}`, {
    headers: bearer(doctor.token),
    data: { action: 'COMPLETE_CONSULTATION' },
  });
  expect(done.status(), await done.text()).toBe(200);
  return id;
}

async function addLine(page: Page, line: { kind?: string; amount: string; method?: string; reference?: string }) {
  const form = page.getByRole('form', { name: 'Add to the bill' });
  if (line.kind) await form.getByLabel('Line').selectOption({ label: line.kind });
  await form.getByLabel('Amount (₹)').fill(line.amount);
  if (line.method) await form.getByLabel('Method').selectOption({ label: line.method });
  if (line.reference) await form.getByLabel(/Reference/).fill(line.reference);
  await form.getByRole('button', { name: 'Add to the bill' }).click();
}

test('a completed consultation is billed, paid in part, then in full, and the receipt printed', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const id = await completedConsultation(request);
  const desk = await signedInAs(browser, request, baseURL!, 'hospital@caremesh.test');
  try {
    const page = desk.page;
    await page.goto(`/consultations/${id}`);
    const bill = page.getByRole('region', { name: 'Bill' });
    await expect(bill.getByText('Consultation fee')).toBeVisible();
    // The demo doctor's fee is ₹1,000 (server/db/demo/members.ts).
    await expect(bill.getByText(/Due: ₹1,000$/)).toBeVisible();

    await addLine(page, { amount: '400', method: 'UPI', reference: 'UPI-7700112233' });
    await expect(bill.getByText(/Due: ₹600$/)).toBeVisible();
    await expect(bill.getByText('Partial', { exact: true })).toBeVisible();
    await addLine(page, { amount: '600', method: 'Cash' });
    await expect(bill.getByText(/Due: ₹0$/)).toBeVisible();
    await expect(page.getByText(/^Billing completed$/i).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 360, height: 800 });
    await bill.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/consultation-bill-360.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await bill.getByRole('link', { name: 'Receipt' }).click();
    await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect(page.getByText('UPI-7700112233')).toBeVisible();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/consultation-receipt-1280.png', fullPage: true });
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print receipt' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  } finally {
    await desk.context.close();
  }
});

test('a referral to a diagnostics centre is accepted there and the patient goes to book it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const id = await completedConsultation(request);
  const reason = `Holter monitoring for 24 hours (${Date.now()})`;

  const doctor = await signedInAs(browser, request, baseURL!, 'doctor@caremesh.test');
  try {
    const page = doctor.page;
    await page.goto(`/consultations/${id}`);
    await page.getByText('Refer the patient').click();
    const form = page.getByRole('form', { name: 'Refer the patient' });
    await form.getByLabel('Refer to').selectOption({ label: 'Diagnostics centre' });
    await form.getByLabel('Search the directory').fill('Precision');
    await form
      .getByRole('radio', { name: /Precision Diagnostics/ })
      .first()
      .check();
    await form.getByLabel('Urgency').selectOption({ label: 'High' });
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Send referral' }).click();
    await expect(page.getByText('Referral sent.')).toBeVisible();
  } finally {
    await doctor.context.close();
  }

  const centre = await signedInAs(browser, request, baseURL!, 'diagnostics@caremesh.test');
  try {
    const page = centre.page;
    await page.goto('/referrals?status=PENDING');
    const card = page.getByRole('listitem').filter({ hasText: reason });
    await expect(card).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('button', { name: 'Accept referral' }).click();
    await expect(page.getByText('Referral accepted.')).toBeVisible();
    await page.goto('/referrals?status=ACCEPTED');
    await expect(page.getByRole('listitem').filter({ hasText: reason })).toBeVisible();
  } finally {
    await centre.context.close();
  }

  const patient = await signedInAs(browser, request, baseURL!, 'patient@caremesh.test');
  try {
    const page = patient.page;
    await page.goto('/referrals');
    const card = page.getByRole('listitem').filter({ hasText: reason });
    await expect(card.getByText('Accepted')).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: 'test-results/referrals-360.png', fullPage: true });
    await card.getByRole('link', { name: /Book Precision Diagnostics/ }).click();
    await expect(page).toHaveURL(/\/medical-records\/book-tests\?centre=/);
  } finally {
    await patient.context.close();
  }
});
