import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { goOffline, goOnline, slotPicker } from './support/offlineQueue.ts';
import { apiSession, bearer } from './support/sessions.ts';
import { acceptedAppointment, expectNoSidewaysScroll, signedInAs } from './support/visits.ts';

// Slots of this file only (other specs take days 60+ and 120+).
const nextSlot = slotPicker(200, ['09:45', '10:45', '12:15', '14:45', '15:45']);

test('the doctor runs a consultation; the patient reads it, prints it and sees who opened it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const appointmentId = await acceptedAppointment(request, nextSlot, 'Breathless and feverish since yesterday');

  // The doctor starts the consultation from the accepted appointment.
  const doctor = await signedInAs(browser, request, baseURL!, 'doctor@caremesh.test');
  const page = doctor.page;
  await page.goto(`/appointments/${appointmentId}`);
  await page.getByRole('button', { name: 'Start consultation' }).click();
  await expect(page).toHaveURL(/\/consultations\/[0-9a-f-]{36}$/);
  const consultationPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible();
  // Allergies first.
  await expect(page.getByRole('note', { name: 'Allergies' })).toContainText('Penicillin');
  // Only the actions the status allows.
  await expect(page.getByRole('button', { name: 'Complete consultation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close consultation' })).toHaveCount(0);

  // Vitals: a critical SpO2 raises an alert on top, acknowledged with a comment.
  const vitals = page.getByRole('form', { name: 'Record vital signs' });
  await vitals.getByLabel('Pulse (/min)').fill('96');
  await vitals.getByLabel('SpO2 (%)').fill('86');
  await vitals.getByLabel('Temperature (°C)').fill('38.4');
  await vitals.getByRole('button', { name: 'Add vitals' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'SpO2 86 % is critical' });
  await expect(alert).toBeVisible();
  await alert.getByLabel('Comment (optional)').fill('Oxygen by mask started');
  await alert.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'SpO2 86 % is critical' })).toHaveCount(0);
  await expect(page.getByText('Acknowledged alerts (1)')).toBeVisible();

  // A diagnosis from the ICD-10 list, by keyboard.
  const diagnosis = page.getByRole('combobox', { name: 'Diagnosis (ICD-10 or free text)' });
  await diagnosis.fill('pneumonia, unspec');
  await expect(page.getByRole('option', { name: /J18\.9/ })).toBeVisible();
  await diagnosis.press('Enter');
  await expect(page.getByText('ICD-10 J18.9')).toBeVisible();
  await page.getByRole('button', { name: 'Add diagnosis' }).click();
  await expect(page.getByRole('region', { name: 'Diagnoses' }).getByText('Pneumonia, unspecified')).toBeVisible();
  // Edited in place: provisional, then confirmed.
  await page.getByRole('button', { name: 'Confirm Pneumonia, unspecified' }).click();
  await expect(page.getByRole('region', { name: 'Diagnoses' }).getByText('Confirmed, primary')).toBeVisible();

  // A prescription the allergy check warns about, overridden with a reason.
  const rx = page.getByRole('form', { name: 'Add a prescription' });
  await rx.getByRole('combobox', { name: 'Generic name' }).fill('Amoxicillin');
  await rx.getByLabel('Strength').fill('500 mg');
  await rx.getByLabel('Dose', { exact: true }).fill('1 capsule');
  await rx.getByLabel('Frequency').fill('Three times a day');
  await rx.getByLabel('Duration').fill('5 days');
  // The checks run as the drug is named: the allergy is found, and prescribing needs a reason.
  await expect(rx.getByText(/Contraindicated allergy risk/)).toBeVisible();
  await rx.getByRole('button', { name: 'Prescribe anyway' }).click();
  await expect(rx.getByText('Contraindicated: give the reason for overriding to prescribe it anyway.')).toBeVisible();
  await rx.getByLabel('Reason for overriding the warning').fill('Skin test negative today; benefit outweighs risk');
  await rx.getByRole('button', { name: 'Prescribe anyway' }).click();
  const line = page
    .getByRole('region', { name: 'Prescriptions' })
    .getByRole('listitem')
    .filter({ hasText: 'Amoxicillin' });
  await expect(line).toContainText('Override: Skin test negative today');
  await expect(page.getByRole('alert').filter({ hasText: 'Amoxicillin' })).toBeVisible();
  // Changed in place: the checks run again and the override still stands.
  await line.getByRole('button', { name: 'Change Amoxicillin' }).click();
  const change = page.getByRole('form', { name: 'Change a prescription' });
  await change.getByLabel('Duration').fill('7 days');
  await change.getByRole('button', { name: /^Save/ }).click();
  await expect(line).toContainText('Three times a day, 7 days');
  await expect(page.getByRole('form', { name: 'Add a prescription' })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Complete: the consultation and its appointment.
  await page.getByRole('button', { name: 'Complete consultation' }).click();
  await expect(page.getByRole('article').getByText(/^Consultation completed$/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close consultation' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Record vital signs' })).toHaveCount(0);
  await doctor.context.close();

  // The patient reads it in Medical records, prints the summary, and sees the doctor's reads.
  const patient = await signedInAs(browser, request, baseURL!, 'patient@caremesh.test');
  const mine = patient.page;
  await mine.goto('/medical-records');
  const item = mine
    .getByRole('region', { name: 'Consultations' })
    .getByRole('listitem')
    .filter({ hasText: 'Pneumonia, unspecified' })
    .first();
  await expect(item).toBeVisible();
  const [summary] = await Promise.all([
    mine.waitForEvent('popup'),
    item.getByRole('link', { name: 'Print summary' }).click(),
  ]);
  await summary.waitForLoadState();
  await expect(summary.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
  await expect(summary.getByText('Allergies: Penicillin')).toBeVisible();
  await expect(summary.getByText('Amoxicillin 500 mg')).toBeVisible();
  await expect(summary.getByText('7 days')).toBeVisible();
  await summary.close();

  await mine.goto(consultationPath);
  await expect(mine.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible();
  await expect(mine.getByText('Private notes (clinicians only)')).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Close consultation' })).toHaveCount(0);
  await mine.getByText('Who opened and changed this record').click();
  const log = mine.getByRole('list', { name: 'Access log' });
  await expect(log.getByText('Dr Arjun Rao (Doctor)').first()).toBeVisible();
  await expect(log.getByText('Opened the record').first()).toBeVisible();
  await expectNoSeriousA11yViolations(mine);
  await mine.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(mine);
  await patient.context.close();
});

test('the hospital lists its consultations by status', async ({ browser, request, baseURL }) => {
  const hospital = await signedInAs(browser, request, baseURL!, 'hospital@caremesh.test');
  const page = hospital.page;
  await page.goto('/consultations');
  await expect(page.getByRole('heading', { name: 'Consultations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Priya Sharma' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'In progress' }).click();
  await expect(page).toHaveURL(/status=IN_PROGRESS/);
  await expect(page.getByText('1 open alert').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page);
  await hospital.context.close();
});

test('a change made while the connection is down waits on the consultation, then reaches the server', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const appointmentId = await acceptedAppointment(request, nextSlot, 'Breathless and feverish since yesterday');
  const session = await apiSession(request, 'doctor@caremesh.test');
  const started = await request.post('/api/consultations', {
    headers: bearer(session.token),
    data: { appointmentId },
  });
  expect(started.status(), await started.text()).toBe(201);
  const consultationId = ((await started.json()) as { data: { id: string } }).data.id;

  const { context, page } = await signedInAs(browser, request, baseURL!, 'doctor@caremesh.test');
  await page.goto(`/consultations/${consultationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible();
  await goOffline(context);
  try {
    const tests = page.getByRole('form', { name: 'Add a test' });
    await tests.getByLabel('Test').fill('Chest X-ray PA view');
    await tests.getByLabel('Test').press('Enter');
    await expect(page.getByText('Add test Chest X-ray PA view')).toBeVisible();
    await expect(page.getByText('Waiting to send').first()).toBeVisible();
  } finally {
    await goOnline(context);
  }
  const region = page.getByRole('region', { name: 'Tests to order' });
  await expect(region.getByText('Chest X-ray PA view', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Add test Chest X-ray PA view')).toHaveCount(0);
  const saved = await request.get(`/api/consultations/${consultationId}/diagnostic-tests`, {
    headers: bearer(session.token),
  });
  expect(((await saved.json()) as { data: Array<{ testName: string }> }).data.map((t) => t.testName)).toEqual([
    'Chest X-ray PA view',
  ]);
  await context.close();
});

test('the doctor orders a consultation’s tests at the affiliated centre, with home collection; the consultation shows the order', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const appointmentId = await acceptedAppointment(request, nextSlot, 'Breathless and feverish since yesterday');
  const doctorApi = await apiSession(request, 'doctor@caremesh.test');
  const started = await request.post('/api/consultations', {
    headers: bearer(doctorApi.token),
    data: { appointmentId },
  });
  expect(started.status(), await started.text()).toBe(201);
  const consultationId = ((await started.json()) as { data: { id: string } }).data.id;
  for (const test of [
    { testName: 'CBC', priority: 'URGENT' },
    { testName: 'Serum electrolytes', priority: 'ROUTINE' },
    { testName: 'Bone scan', priority: 'ROUTINE' },
  ]) {
    const added = await request.post(`/api/consultations/${consultationId}/diagnostic-tests`, {
      headers: bearer(doctorApi.token),
      data: test,
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const completed = await request.put(`/api/consultations/${consultationId}`, {
    headers: bearer(doctorApi.token),
    data: { action: 'COMPLETE_CONSULTATION' },
  });
  expect(completed.status(), await completed.text()).toBe(200);

  const doctor = await signedInAs(browser, request, baseURL!, 'doctor@caremesh.test');
  try {
    const page = doctor.page;
    await page.goto(`/consultations/${consultationId}`);
    const orders = page.getByRole('region', { name: 'Diagnostic orders' });
    await expect(orders.getByText('No orders yet')).toBeVisible();
    await orders.getByRole('link', { name: 'Order these tests' }).click();
    await expect(page).toHaveURL(new RegExp(`/consultations/${consultationId}/order-tests$`));
    await expect(page.getByRole('heading', { name: /Order tests/ })).toBeVisible();

    // The centre affiliated with the doctor's hospital is offered first and marked; the written tests are ticked.
    const centre = page.getByLabel('Diagnostics centre');
    const options = centre.locator('option');
    await expect(options.nth(1)).toHaveText(/^Affiliated · Precision Diagnostics/);
    await centre.selectOption({ index: 1 });
    await expect(page.getByText('Affiliated with you')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Complete blood count/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Serum electrolytes/ })).toBeChecked();
    await expect(page.getByText(/Tick these by hand if the centre offers them: Bone scan/)).toBeVisible();
    await expect(page.getByLabel('Priority')).toHaveValue('URGENT');

    await page.getByRole('checkbox', { name: /Collect the sample at home/ }).check();
    await page.getByLabel('Flat or house').fill('B-704');
    await page.getByLabel('Street').fill('Senapati Bapat Road');
    await page.getByLabel('Locality').fill('Shivajinagar');
    await page.getByLabel('Pincode').fill('411016');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/consultation-order-tests-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/consultation-order-tests-360.png', fullPage: true });

    await page.getByRole('button', { name: 'Order tests' }).click();
    await expect(page).toHaveURL(new RegExp(`/consultations/${consultationId}$`));
    await expect(page.getByText('Diagnostics ordered').first()).toBeVisible();
    const listed = page.getByRole('list', { name: 'Diagnostic orders of this consultation' }).getByRole('listitem');
    await expect(listed.first()).toContainText('Precision Diagnostics');
    await expect(listed.first()).toContainText('Complete blood count');
    await expect(listed.first()).toContainText('home collection');
    await expectNoSidewaysScroll(page);
    await orders.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/consultation-orders-360.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/consultation-orders-desktop.png', fullPage: true });
  } finally {
    await doctor.context.close();
  }
});
