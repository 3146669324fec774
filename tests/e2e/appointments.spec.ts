import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDateTime } from '../../domain/rules/format.ts';
import { signIn } from './support/accounts.ts';
import { indiaInstant, newPatient, openDate, pickSlot, slotPicker } from './support/offlineQueue.ts';
import { apiSession, bearer, useSession } from './support/sessions.ts';
import { bookThroughApi } from './support/visits.ts';

// Dr Arjun Rao (doctor@caremesh.test), who practises at Sahyadri Care Hospital (server/db/demo/members.ts).
const DEMO_DOCTOR_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000002';

/** A calendar date in India, `days` from today (the booking form takes India dates and times). */
function indiaDate(days: number): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** How the screens show an India date and time. */
const shown = (date: string, time: string) => formatDateTime(`${date}T${time}:00+05:30`);

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  return page;
}

/** Books with the demo doctor from the booking screen and waits for the new appointment's screen. */
async function bookWithDemoDoctor(page: Page, slot: { date: string; time: string; reason: string }) {
  await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
  await pickSlot(page, slot.date, slot.time);
  await page.getByLabel('Reason for the visit').fill(slot.reason);
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Appointment with Dr Arjun Rao, Sahyadri Care Hospital',
  );
}

/** At phone width nothing is wider than the screen (lists are cards, not a wide table). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

const actionButtons = (page: Page) =>
  page.getByRole('group', { name: 'Actions' }).getByRole('button').allTextContents();

test('a patient finds a doctor, books, and sees the appointment pending in the list', async ({ page, request }) => {
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'My appointments' })).toBeVisible();
  await page.getByRole('link', { name: 'Book an appointment' }).click();

  // Find the doctor by name and city.
  await expect(page).toHaveURL(/\/appointments\/book$/);
  await page.getByLabel('Name or speciality').fill('Arjun Rao');
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('list', { name: 'Doctors' }).getByRole('listitem').filter({ hasText: '14 years' });
  await card.getByRole('link', { name: 'Book with Dr Arjun Rao' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/appointments/book/doctor/${DEMO_DOCTOR_ID}$`));

  // The summary: name, speciality, fee, hospital, address.
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
  await expect(page.getByText('Cardiology', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('₹1,000')).toBeVisible();
  await expect(page.getByText('Sahyadri Care Hospital')).toBeVisible();

  // Checked in the browser first, with the domain's messages.
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('Choose a date')).toBeVisible();
  await expect(page.getByText('Choose a time')).toBeVisible();
  await expect(page.getByText('Reason is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const date = openDate(2);
  const reason = 'Follow-up on palpitations after the last ECG';
  await page.getByLabel('Mode').selectOption({ label: 'Virtual' });
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByRole('radio', { name: '10:00' }).check();
  await page.getByLabel('Reason for the visit').fill(reason);
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText(`${shown(date, '10:00')} (India time)`)).toBeVisible();

  // The time just booked is no longer offered.
  await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
  await pickSlot(page, date, '10:15');
  await expect(page.getByRole('radio', { name: '10:00' })).toHaveCount(0);
  // A slot taken by someone else meanwhile: the server's answer sits beside the times and what was typed stays.
  const other = await newPatient(request);
  const taken = await request.post('/api/appointments/patient/book-appointment', {
    headers: bearer(other.token),
    data: { doctorId: DEMO_DOCTOR_ID, scheduledAt: indiaInstant(date, '10:15'), mode: 'IN_PERSON', reason: 'Taken' },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  await page.getByLabel('Reason for the visit').fill('A second try at the same time');
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('That time is already taken with this doctor. Choose another time.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Open times (India time)' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('radio', { name: '10:15' })).toHaveCount(0);
  await expect(page.getByLabel('Reason for the visit')).toHaveValue('A second try at the same time');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(date);

  // In the list, pending; and under the Pending filter too.
  await page.goto('/appointments');
  const row = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem').filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText(shown(date, '10:00'))).toBeVisible();
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(page).toHaveURL(/status=PENDING/);
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Confirmed', exact: true }).click();
  await expect(row).toHaveCount(0);

  // On a phone: cards, no sideways scrolling, on the list and the booking form.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('doctor and patient see each other’s changes and messages without a reload', async ({ browser }) => {
  const doctor = await signedIn(browser, 'doctor@caremesh.test');
  const patient = await signedIn(browser, 'patient@caremesh.test');

  await doctor.goto('/appointments');
  await expect(doctor.getByRole('heading', { name: 'Appointments' })).toBeVisible();
  await expect(doctor.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The patient books; the doctor's open list shows it on top.
  const date = openDate(3);
  const reason = `Breathlessness on climbing stairs (${Date.now()})`;
  await bookWithDemoDoctor(patient, { date, time: '11:00', reason });
  const row = doctor.getByRole('list', { name: 'Appointments' }).getByRole('listitem').filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Priya Sharma', exact: true })).toBeVisible();
  // ... and the doctor is told with a toast (the realtime notification).
  await expect(doctor.getByRole('status').filter({ hasText: 'New appointment request' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(doctor);

  // The doctor proposes another time; the patient's open screen follows.
  const newDate = indiaDate(4);
  await row.getByRole('button', { name: 'Propose a new time' }).click();
  const dialog = doctor.getByRole('dialog', { name: 'Propose a new time' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('New date').fill(newDate);
  await dialog.getByLabel('New time').fill('16:30');
  await dialog.getByLabel('Note for the patient (optional)').fill('I am in surgery that morning.');
  await dialog.getByRole('button', { name: 'Propose new time' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Rescheduled', { exact: true })).toBeVisible();

  await expect(patient.getByText('Rescheduled', { exact: true })).toBeVisible();
  await expect(patient.getByText(`New time proposed: ${shown(newDate, '16:30')} (India time)`)).toBeVisible();
  await expect(patient.getByRole('log', { name: 'Messages' })).toContainText('proposed');

  // The patient accepts; the doctor's list shows it confirmed.
  await patient.getByRole('button', { name: 'Accept new time' }).click();
  await expect(patient.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(patient.getByText(`${shown(newDate, '16:30')} (India time)`)).toBeVisible();
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(row.getByText(shown(newDate, '16:30'))).toBeVisible();

  // Messages both ways, each appearing on the other screen without a reload.
  await row.getByRole('link', { name: 'Priya Sharma', exact: true }).click();
  await expect(doctor.getByRole('heading', { level: 1 })).toHaveText('Appointment with Priya Sharma');
  await doctor.getByLabel('Your message').fill('Please bring your last ECG reports.');
  await doctor.getByRole('button', { name: 'Send' }).click();
  await expect(doctor.getByLabel('Your message')).toHaveValue('');
  const patientLog = patient.getByRole('log', { name: 'Messages' });
  await expect(patientLog.getByText('Please bring your last ECG reports.')).toBeVisible();
  await expectNoSeriousA11yViolations(patient);

  await patient.getByLabel('Your message').fill('Sure, I will bring them.');
  await patient.getByLabel('Your message').press('Control+Enter');
  const doctorLog = doctor.getByRole('log', { name: 'Messages' });
  await expect(doctorLog.getByText('Sure, I will bring them.')).toBeVisible();
  // The sender's own answer and its socket echo make one message, not two.
  await expect(patientLog.getByText('Sure, I will bring them.')).toHaveCount(1);
  await expect(doctorLog.getByText('Please bring your last ECG reports.')).toHaveCount(1);

  await doctor.context().close();
  await patient.context().close();
});

test('each side sees only the actions it may take now', async ({ browser }) => {
  const doctor = await signedIn(browser, 'doctor@caremesh.test');
  const patient = await signedIn(browser, 'patient@caremesh.test');

  const date = openDate(5);
  await bookWithDemoDoctor(patient, { date, time: '09:15', reason: 'Blood pressure review' });
  const url = patient.url();
  expect(await actionButtons(patient)).toEqual(['Cancel appointment']);

  // A long conversation (written through the API, in the patient's session): the doctor sees the newest
  // 20 lines and loads the earlier ones on request.
  const appointmentId = url.split('/').at(-1) ?? '';
  await patient.evaluate(async (id) => {
    for (let n = 1; n <= 24; n += 1) {
      const response = await fetch(`/api/appointments/${id}/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body: `Note ${String(n).padStart(2, '0')}` }),
      });
      if (!response.ok) throw new Error(`message ${n}: ${response.status}`);
    }
  }, appointmentId);
  await doctor.goto(`/appointments/${appointmentId}`);
  const log = doctor.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Note 24')).toBeVisible();
  await expect(log.getByText('Note 05')).toBeAttached();
  await expect(log.getByText('Note 04')).toHaveCount(0);
  await log.getByRole('button', { name: 'Load earlier messages' }).click();
  await expect(log.getByText('Note 04')).toBeAttached();
  await expect(log.getByText(/Priya Sharma requested an appointment/)).toBeAttached();
  await expect(log.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);

  // The doctor on a pending request: accept, propose, reject; nothing that needs its time to have come.
  await expect(doctor.getByText('Pending', { exact: true })).toBeVisible();
  expect(await actionButtons(doctor)).toEqual(['Accept', 'Propose a new time', 'Reject']);

  // A rejection needs a reason: the dialog says so, Escape closes it.
  await doctor.getByRole('button', { name: 'Reject' }).click();
  const reject = doctor.getByRole('dialog', { name: 'Reject this appointment?' });
  await reject.getByRole('button', { name: 'Reject appointment' }).click();
  await expect(reject.getByText('Say why you are rejecting the appointment')).toBeVisible();
  await doctor.keyboard.press('Escape');
  await expect(reject).toBeHidden();

  // Accepted: confirm or propose; the patient can still cancel.
  await doctor.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(doctor.getByText('Accepted', { exact: true })).toBeVisible();
  expect(await actionButtons(doctor)).toEqual(['Confirm', 'Propose a new time']);
  await expect(patient.getByText('Accepted', { exact: true })).toBeVisible();
  expect(await actionButtons(patient)).toEqual(['Cancel appointment']);

  // The patient cancels with a reason; then only deleting is left, and only for the patient.
  await patient.getByRole('button', { name: 'Cancel appointment' }).click();
  const cancel = patient.getByRole('dialog', { name: 'Cancel this appointment?' });
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancel.getByText('Reason for cancelling is required')).toBeVisible();
  await cancel.getByLabel('Reason for cancelling').fill('I am travelling that week.');
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancel).toBeHidden();
  await expect(patient.getByText('Cancelled', { exact: true })).toBeVisible();
  expect(await actionButtons(patient)).toEqual(['Delete']);
  await expect(doctor.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(doctor.getByRole('group', { name: 'Actions' })).toHaveCount(0);

  // Deleting a finished one asks first, then goes back to the list.
  await patient.getByRole('button', { name: 'Delete' }).click();
  await patient
    .getByRole('dialog', { name: 'Delete this appointment?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(patient).toHaveURL(/\/appointments$/);
  await expect(patient.getByText('Blood pressure review')).toHaveCount(0);

  await doctor.context().close();
  await patient.context().close();
});

test('a patient shares a document with her confirmed visit; the doctor sees and downloads only what is shared', async ({
  browser,
}) => {
  const patient = await signedIn(browser, 'patient@caremesh.test');
  const doctor = await signedIn(browser, 'doctor@caremesh.test');
  // The demo's confirmed visit with Dr Arjun Rao (server/db/demo/appointments.ts), with her echo report shared.
  const appointmentId = await patient.evaluate(async () => {
    const response = await fetch('/api/appointments/patient?status=CONFIRMED&limit=100');
    const { data } = (await response.json()) as { data: { appointments: Array<{ id: string; reason: string }> } };
    return data.appointments.find((a) => a.reason === 'Review of echo report')?.id ?? '';
  });
  expect(appointmentId).not.toBe('');

  await patient.setViewportSize({ width: 360, height: 800 });
  await patient.goto(`/appointments/${appointmentId}`);
  const mine = patient.getByRole('list', { name: 'Documents shared with this visit' });
  await expect(mine.getByText('Echo report')).toBeVisible();
  await expect(mine.getByText('Blood test results')).toHaveCount(0);
  // Keyboard only: choose the document, then Share.
  const picker = patient.getByLabel('Share one of your documents');
  await picker.selectOption({ label: 'Blood test results (blood-tests.pdf)' });
  await picker.focus();
  await patient.keyboard.press('Tab');
  await expect(patient.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
  await patient.keyboard.press('Enter');
  await expect(mine.getByText('Blood test results')).toBeVisible();
  await expectNoSidewaysScroll(patient);
  await expectNoSeriousA11yViolations(patient);

  await doctor.goto(`/appointments/${appointmentId}`);
  const theirs = doctor.getByRole('list', { name: 'Documents shared with this visit' });
  await expect(theirs.getByText('Echo report')).toBeVisible();
  await expect(theirs.getByText('Blood test results')).toBeVisible();
  await expect(theirs.getByRole('button', { name: /^Stop sharing/ })).toHaveCount(0);
  const download = doctor.waitForEvent('download');
  await theirs.getByRole('button', { name: 'Download Echo report' }).click();
  expect((await download).suggestedFilename()).toBe('echo-report.pdf');

  // She stops sharing the blood tests: the doctor no longer sees them.
  await mine.getByRole('button', { name: 'Stop sharing Blood test results' }).click();
  await expect(mine.getByText('Blood test results')).toHaveCount(0);
  await doctor.reload();
  await expect(theirs.getByText('Echo report')).toBeVisible();
  await expect(theirs.getByText('Blood test results')).toHaveCount(0);

  await doctor.context().close();
  await patient.context().close();
});

test('a decision made while the page was still connecting reaches it once the live connection is up', async ({
  browser,
  request,
  baseURL,
}) => {
  const patient = await newPatient(request);
  const doctor = await apiSession(request, 'doctor@caremesh.test');
  const reason = `Decided before the page was live (${Date.now()})`;
  const id = await bookThroughApi(request, patient, slotPicker(170, ['11:45', '16:45']), reason);

  const context = await browser.newContext();
  await useSession(context, baseURL!, patient);
  const page = await context.newPage();
  // The page's live connection is held back (a slow network) until the doctor has decided.
  let letThrough = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
    await held;
    socket.connectToServer();
  });
  await page.goto('/appointments');
  const row = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem').filter({ hasText: reason });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  // Accepted while the page is not in its room yet: the event never reaches it.
  const accepted = await request.patch(`/api/appointments/${id}/decision`, {
    headers: bearer(doctor.token),
    data: { decision: 'ACCEPT' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  letThrough();
  // Once joined, the page hears from the server that something was sent meanwhile, and fetches again.
  await expect(row.getByText('Accepted', { exact: true })).toBeVisible({ timeout: 15_000 });
  await context.close();
});
