import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { slotPicker } from './support/offlineQueue.ts';
import { apiSession, bearer } from './support/sessions.ts';
import { acceptedAppointment, expectNoSidewaysScroll, signedInAs } from './support/visits.ts';

// Slots of this file only (other specs take days 60+, 120+, 200+ and 260+).
const nextSlot = slotPicker(300, ['09:45', '10:45', '12:15', '14:45', '15:45']);

/** The chart of the demo patient: allergies before everything else, past visits with their prescriptions, a released report. */
async function expectPriyasChart(page: Page, viewer: 'doctor' | 'hospital' = 'doctor') {
  await expect(page.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible();
  const allergies = page.getByRole('note', { name: 'Allergies' });
  await expect(allergies).toContainText('Penicillin');
  // Allergies come first: before the conditions and every other section.
  const first = await page.evaluate(() => {
    const note = document.querySelector('[role="note"][aria-label="Allergies"]');
    const conditions = document.getElementById('conditions-title');
    return Boolean(note && conditions && note.compareDocumentPosition(conditions) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(first).toBe(true);
  await expect(page.getByRole('list', { name: 'Chronic conditions' })).toContainText('Hypothyroidism');
  // The completed demo visit with its own prescription lines (not only the latest visit's).
  const past = page.getByRole('list', { name: 'Past consultations' });
  const completed = past.getByRole('listitem').filter({ hasText: 'Essential (primary) hypertension' });
  await expect(completed.first()).toContainText('Atorvastatin');
  await expect(completed.first()).toContainText('Metoprolol');
  await expect(page.getByRole('list', { name: 'Current medicines' })).toBeVisible();
  // Released reports with their flags.
  const reports = page.getByRole('list', { name: 'Test reports' });
  await expect(reports).toContainText('Thyroid function test');
  await expect(reports.getByText('High').first()).toBeVisible();
  await expect(page.getByRole('figure').filter({ hasText: 'over time' }).first()).toBeVisible();
  // Priya shared her echo report with her video visit to the doctor alone (no hospital on it).
  const documents = page.getByRole('region', { name: 'Shared documents' });
  if (viewer === 'doctor') await expect(documents.getByRole('listitem')).toContainText(['Echo report']);
  else await expect(documents).toContainText('The patient has not shared any documents with your visits.');
}

test('the doctor opens the chart from the patients list and from an appointment', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const appointmentId = await acceptedAppointment(request, nextSlot, 'Review of thyroid and blood pressure');
  const doctor = await signedInAs(browser, request, baseURL!, 'doctor@caremesh.test');
  const page = doctor.page;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/patients');
  await page.getByRole('link', { name: 'Priya Sharma', exact: true }).first().click();
  await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/);
  const chartPath = new URL(page.url()).pathname;
  await expectPriyasChart(page);
  await expectNoSeriousA11yViolations(page);

  // From an appointment: "Patient chart" opens the same chart.
  await page.goto(`/appointments/${appointmentId}`);
  await page.getByRole('link', { name: /Patient chart/ }).click();
  await expect(page).toHaveURL(new RegExp(`${chartPath}$`));
  await expectPriyasChart(page);

  // On a phone it stacks, with nothing to scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expectPriyasChart(page);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await doctor.context.close();
});

test('the hospital opens the chart, finds a patient in its care for a walk-in, and registers a new walk-in', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const doctorSession = await apiSession(request, 'doctor@caremesh.test');
  const chartOf = (await request.get('/api/patients?firstName=Priya&limit=5', { headers: bearer(doctorSession.token) }))
    .json()
    .then((b: { data: { patients: Array<{ id: string; lastName: string }> } }) =>
      b.data.patients.find((p) => p.lastName === 'Sharma'),
    );
  const priya = await chartOf;
  expect(priya).toBeDefined();

  const hospital = await signedInAs(browser, request, baseURL!, 'hospital@caremesh.test');
  const page = hospital.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/patients/${priya!.id}`);
  await expectPriyasChart(page, 'hospital');

  // A walk-in for a patient already in the hospital's care: found by name.
  await page.goto('/consultations');
  await page.getByRole('link', { name: 'New walk-in consultation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New walk-in consultation' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Find the patient').fill('Priya');
  await page.getByRole('button', { name: 'Choose Priya Sharma' }).first().click();
  await page.getByLabel('Treating doctor').selectOption({ label: 'Dr Arjun Rao' });
  await page.getByLabel('Visit type').selectOption('FOLLOW_UP');
  await page.getByLabel('Chief complaint').fill('Giddiness since morning');
  await page.getByRole('button', { name: 'Start consultation' }).click();
  await expect(page).toHaveURL(/\/consultations\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Allergies' })).toContainText('Penicillin');

  // A new patient, on a phone: a bad phone number and no doctor are refused, and nothing typed is lost.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/consultations/walk-in');
  await page.getByLabel('Register a new patient').check();
  await page.getByLabel('First name').fill('Sunil');
  await page.getByLabel('Last name').fill('Pawar');
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('Allergies').fill('Sulfa');
  await page.getByRole('button', { name: 'Start consultation' }).click();
  await expect(page.getByText('Choose the treating doctor')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name')).toHaveValue('Sunil');
  await expect(page.getByLabel('Allergies')).toHaveValue('Sulfa');
  await expect(page).toHaveURL(/\/consultations\/walk-in$/);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Phone').fill('098220 33333');
  await page.getByLabel('Treating doctor').selectOption({ label: 'Dr Arjun Rao' });
  await page.getByRole('button', { name: 'Start consultation' }).click();
  await expect(page).toHaveURL(/\/consultations\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunil Pawar' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Allergies' })).toContainText('Sulfa');
  await hospital.context.close();
});
