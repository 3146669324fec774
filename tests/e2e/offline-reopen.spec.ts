import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  DEMO_DOCTOR_ID,
  bookOffline,
  goOffline,
  goOnline,
  NEW_PATIENT_ADDRESS,
  newPatient,
  openDate,
  seeSlots,
  waitForControllingWorker,
} from './support/offlineQueue.ts';
import {
  DEMO_AFFILIATIONS,
  expectScreensReopenOffline,
  expectShownOffline,
  reopenOffline,
  type ReopenedScreen,
} from './support/offlineReopen.ts';
import { bell, panel, sendNotification } from './support/notifications.ts';
import { NEEDS_CONNECTION } from '../../src/offline/words.ts';
import { apiSession, bearer, useSession } from './support/sessions.ts';

/**
 * Every screen that reads data, for every role: seen once online, it opens after the app is closed,
 * with no network. A new area adds its screens here.
 */
// Sahyadri Care Hospital (server/db/demo/members.ts).
const DEMO_HOSPITAL_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000001';
const DEMO_DIAGNOSTICS_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000003';
const DEMO_PHARMACY_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000004';

const DATA_SCREENS: readonly ReopenedScreen[] = [
  { email: 'patient@caremesh.test', path: '/profile', shows: 'Hypothyroidism' },
  { email: 'patient@caremesh.test', path: '/appointments', shows: 'Follow-up on blood pressure readings' },
  { email: 'patient@caremesh.test', path: '/appointments/book?searchQuery=Arjun', shows: 'Dr Arjun Rao' },
  {
    email: 'patient@caremesh.test',
    path: `/appointments/book/doctor/${DEMO_DOCTOR_ID}`,
    shows: 'Cardiology, Critical care',
  },
  { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Dengue fever' },
  { email: 'doctor@caremesh.test', path: '/profile', shows: 'MHMC-2011-07731' },
  { email: 'doctor@caremesh.test', path: '/appointments', shows: 'Chest discomfort after meals' },
  { email: 'doctor@caremesh.test', path: '/patients', shows: 'Priya' },
  { email: 'doctor@caremesh.test', path: '/schedule', shows: 'Own clinic' },
  { email: 'doctor@caremesh.test', path: '/appointments?view=today', shows: 'waiting for a decision' },
  { email: 'hospital@caremesh.test', path: '/profile', shows: 'Sahyadri Care Hospital' },
  { email: 'hospital@caremesh.test', path: '/appointments', shows: 'Priya Sharma' },
  { email: 'hospital@caremesh.test', path: '/doctors', shows: 'Dr Arjun Rao' },
  { email: 'hospital@caremesh.test', path: '/documents', shows: 'Clinical establishment registration' },
  { email: 'hospital@caremesh.test', path: '/verification', shows: 'Biomedical waste authorisation' },
  { email: 'doctor@caremesh.test', path: '/documents', shows: 'Medical council registration (NMC / state)' },
  { email: 'hospital@caremesh.test', path: `/doctors/${DEMO_DOCTOR_ID}/schedule`, shows: 'Schedule of Dr Arjun Rao' },
  { email: 'hospital@caremesh.test', path: '/appointments?view=today', shows: 'waiting for a decision' },
  { email: 'hospital@caremesh.test', path: '/waitlist', shows: 'Palpitations at night' },
  { email: 'patient@caremesh.test', path: '/appointments?view=waitlist', shows: 'On the waitlist' },
  { email: 'hospital@caremesh.test', path: '/consultations', shows: 'Priya Sharma' },
  { email: 'diagnostics@caremesh.test', path: '/profile', shows: 'Precision Diagnostics' },
  { email: 'diagnostics@caremesh.test', path: '/documents', shows: 'Clinical establishment registration' },
  { email: 'diagnostics@caremesh.test', path: '/tests', shows: 'Serum electrolytes' },
  { email: 'diagnostics@caremesh.test', path: '/tests/orders', shows: 'Priya Sharma' },
  { email: 'diagnostics@caremesh.test', path: '/reports', shows: 'Corrected (v2)' },
  { email: 'collector@caremesh.test', path: '/tests/today', shows: 'Baner Road' },
  { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Thyroid function test (TFT) over time' },
  { email: 'pharmacy@caremesh.test', path: '/profile', shows: 'Jeevan Pharmacy' },
  { email: 'pharmacy@caremesh.test', path: '/documents', shows: 'Drug licence (retail)' },
  { email: 'pharmacy@caremesh.test', path: '/inventory', shows: 'Taxim-O' },
  { email: 'pharmacy@caremesh.test', path: '/orders', shows: 'RX-DEMO-1000' },
  { email: 'admin@caremesh.test', path: '/doctors?searchQuery=Arjun', shows: 'Dr Arjun Rao' },
  { email: 'admin@caremesh.test', path: '/hospitals?searchQuery=Sahyadri', shows: 'Sahyadri Care Hospital' },
  { email: 'admin@caremesh.test', path: '/diagnostics?searchQuery=Precision', shows: 'Precision Diagnostics' },
  { email: 'admin@caremesh.test', path: '/pharmacies?searchQuery=Jeevan', shows: 'Jeevan Pharmacy' },
  { email: 'admin@caremesh.test', path: '/admin/verifications', shows: 'Median time to a decision' },
  {
    email: 'admin@caremesh.test',
    path: `/admin/verifications/${DEMO_HOSPITAL_ID}?entityType=HOSPITAL`,
    shows: 'Sahyadri Care Hospital',
  },
  { email: 'user@caremesh.test', path: '/doctors?searchQuery=Arjun', shows: 'Dr Arjun Rao' },
  { email: 'user@caremesh.test', path: '/hospitals?searchQuery=Sahyadri', shows: 'Sahyadri Care Hospital' },
  { email: 'user@caremesh.test', path: '/diagnostics?searchQuery=Precision', shows: 'Precision Diagnostics' },
  { email: 'user@caremesh.test', path: '/pharmacies?searchQuery=Jeevan', shows: 'Jeevan Pharmacy' },
  // The public pages of places, once opened.
  { email: 'patient@caremesh.test', path: '/doctors/dr-arjun-rao', shows: 'MHMC-2011-07731' },
  { email: 'patient@caremesh.test', path: `/hospitals/${DEMO_HOSPITAL_ID}`, shows: 'OPD, cath lab, echo and TMT' },
  { email: 'user@caremesh.test', path: `/diagnostics/${DEMO_DIAGNOSTICS_ID}`, shows: 'NABL-accredited lab' },
  { email: 'user@caremesh.test', path: `/pharmacies/${DEMO_PHARMACY_ID}`, shows: '08:00–23:00' },
  // Referrals on both sides, and the hospital's consultation statistics.
  { email: 'patient@caremesh.test', path: '/referrals', shows: '2D echocardiogram' },
  { email: 'diagnostics@caremesh.test', path: '/referrals', shows: 'Chest X-ray PA view' },
  { email: 'doctor@caremesh.test', path: '/referrals?status=ACCEPTED', shows: 'Morning slots free this week' },
  { email: 'hospital@caremesh.test', path: '/consultations', shows: 'Per department' },
  // The people one works with.
  { email: 'doctor@caremesh.test', path: '/people', shows: 'Priya Sharma' },
  // Affiliations: each party role's list and a detail on its own role path; the admin's list.
  { email: 'hospital@caremesh.test', path: '/affiliations', shows: 'Precision Diagnostics' },
  {
    email: 'hospital@caremesh.test',
    path: `/hospital/${DEMO_HOSPITAL_ID}/affiliations/${DEMO_AFFILIATIONS.referral}`,
    shows: 'Statement 1',
  },
  { email: 'diagnostics@caremesh.test', path: '/affiliations', shows: 'Sahyadri Care Hospital' },
  {
    email: 'diagnostics@caremesh.test',
    path: `/diagnostics/${DEMO_DIAGNOSTICS_ID}/affiliations/${DEMO_AFFILIATIONS.referral}`,
    shows: 'Referral with Sahyadri Care Hospital',
  },
  { email: 'pharmacy@caremesh.test', path: '/affiliations', shows: 'Sahyadri Care Hospital' },
  {
    email: 'pharmacy@caremesh.test',
    path: `/pharmacy/${DEMO_PHARMACY_ID}/affiliations/${DEMO_AFFILIATIONS.pharmacyProposal}`,
    shows: 'same-day delivery within 5 km',
  },
  { email: 'doctor@caremesh.test', path: '/affiliations', shows: 'Sahyadri Care Hospital' },
  {
    email: 'doctor@caremesh.test',
    path: `/doctor/${DEMO_DOCTOR_ID}/affiliations/${DEMO_AFFILIATIONS.doctorExpired}`,
    shows: 'Priority slots for the doctor’s clinic patients.',
  },
  { email: 'admin@caremesh.test', path: '/admin/affiliations', shows: 'Precision Diagnostics' },
  { email: 'admin@caremesh.test', path: `/affiliations/${DEMO_AFFILIATIONS.referral}`, shows: 'Statement 1' },
];

type ListedOrder = {
  id: string;
  status: string;
  patientName?: string;
  orderNumber?: string;
  tests?: Array<{ testType: string }>;
};

/** The first order a signed-in demo account's list shows that `pick` likes (diagnostic or pharmacy). */
async function orderPage(
  request: APIRequestContext,
  email: string,
  list: string,
  pick: (order: ListedOrder) => boolean,
  page: (id: string) => string,
): Promise<string> {
  const session = await apiSession(request, email);
  const res = await request.get(list, { headers: bearer(session.token) });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as { data: { orders: ListedOrder[] } }).data.orders.find(pick);
  expect(found, `an order in ${list} for ${email}`).toBeDefined();
  return page(found!.id);
}

/** The demo patient's completed consultation (server/db/demo/consultations.ts). */
async function consultationPage(request: APIRequestContext, email: string): Promise<string> {
  const session = await apiSession(request, email);
  const res = await request.get('/api/consultations?status=COMPLETED&limit=100', { headers: bearer(session.token) });
  expect(res.status(), await res.text()).toBe(200);
  const list = (await res.json()) as {
    data: { consultations: Array<{ id: string; primaryDiagnosis: string | null }> };
  };
  const found = list.data.consultations.find((c) => c.primaryDiagnosis === 'Essential (primary) hypertension');
  expect(found).toBeDefined();
  return `/consultations/${found!.id}`;
}

test('a patient’s profile and medical records open after the app is closed, with no network', async ({
  browser,
  request,
  baseURL,
}) => {
  await expectScreensReopenOffline(browser, request, baseURL!, [
    { email: 'patient@caremesh.test', path: '/profile', shows: 'Hypothyroidism' },
    { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Echo report' },
    { email: 'patient@caremesh.test', path: '/medical-records', shows: 'Dengue fever' },
  ]);
});

test('the booking page of a doctor seen online opens offline with the doctor and an enabled Book button', async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, await apiSession(request, 'patient@caremesh.test'));
    const page = await context.newPage();
    await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
    await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
    await waitForControllingWorker(page);
    // The open slots of a day of its own are seen online, so the device keeps them.
    const date = openDate(30 + Math.floor(Math.random() * 300));
    await seeSlots(page, date, '12:30');
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;

    await goOffline(context);
    const reopened = await context.newPage();
    await reopened.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
    await expect(reopened.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
    await expectShownOffline(reopened, 'Sahyadri Care Hospital');
    await expect(reopened.getByRole('button', { name: 'Book appointment' })).toBeEnabled();
    // The booking waits on the device (this context is closed before it could be sent).
    await bookOffline(reopened, date, '12:30', `Booked after an offline reopen (${Date.now()})`);
  } finally {
    await context.close();
  }
});

test('a list opened just before a reload is kept, through every reload that follows offline', async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, await apiSession(request, 'patient@caremesh.test'));
    const page = await context.newPage();
    await page.goto('/profile');
    await expect(page.getByText('Hypothyroidism')).toBeVisible();
    await waitForControllingWorker(page);

    // The network goes with the list's answer, and the page reloads in the very moment the list shows:
    // no time passes in which a write of the device's copy could still be waiting.
    let cut = false;
    await context.route(/\/api\/appointments\/patient(\?|$)/, async (route) => {
      if (cut) return route.fallback();
      const response = await route.fetch();
      cut = true;
      await goOffline(context);
      await route.fulfill({ response });
    });
    await page.addInitScript((text) => {
      if (sessionStorage.getItem('reloaded-as-the-list-showed')) return;
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('main')?.textContent?.includes(text)) return;
        observer.disconnect();
        sessionStorage.setItem('reloaded-as-the-list-showed', 'yes');
        location.reload();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, 'Follow-up on blood pressure readings');
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/appointments');
    // The second load is the reload, offline.
    await expect.poll(() => loads).toBe(2);
    expect(cut).toBe(true);
    await expectShownOffline(page, 'Follow-up on blood pressure readings');
    // Its refetch found no server; what the device holds is still there at the next reload.
    await page.reload();
    await expectShownOffline(page, 'Follow-up on blood pressure readings');
  } finally {
    await context.close();
  }
});

test('a screen reopened offline shows what changed as soon as the network is back, with no reload', async ({
  browser,
  request,
  baseURL,
}) => {
  const patient = await newPatient(request);
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, patient);
    const page = await context.newPage();
    await page.goto('/profile');
    await expect(page.getByText('Prabhat Road')).toBeVisible();
    const reopened = await reopenOffline(page, '/profile');
    await expectShownOffline(reopened, 'Prabhat Road');

    // Longer than the query layer's retry delay (1 s): what brings the change below is the connection
    // coming back, not a retry still pending from the failed read.
    await reopened.waitForTimeout(2_000);
    // Meanwhile the record changes elsewhere (the patient's other device).
    const moved = await request.put(`/api/patients/${patient.user.referenceId}`, {
      headers: bearer(patient.token),
      data: { address: { ...NEW_PATIENT_ADDRESS, street: 'Law College Road' } },
    });
    expect(moved.ok(), await moved.text()).toBe(true);

    await goOnline(context);
    await expect(reopened.locator('main').getByText('Law College Road')).toBeVisible();
    await expect(reopened.locator('main').getByText(/^Offline — last updated /)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

/** The page of the appointment with `reason` in the account's list (`scope`: patient, doctor, hospital). */
async function appointmentPage(request: APIRequestContext, email: string, scope: string, reason: string) {
  const session = await apiSession(request, email);
  const res = await request.get(`/api/appointments/${scope}?limit=100`, { headers: bearer(session.token) });
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: { appointments: Array<{ id: string; reason: string }> } };
  const found = data.appointments.find((appointment) => appointment.reason === reason);
  expect(found, `an appointment "${reason}" for ${email}`).toBeDefined();
  return `/appointments/${found!.id}`;
}

/** The screens of one demo record each (an appointment, a chart, a consultation, an order), found through the API. */
async function recordScreens(request: APIRequestContext): Promise<ReopenedScreen[]> {
  const patient = await apiSession(request, 'patient@caremesh.test');
  const details: ReopenedScreen[] = [
    {
      email: 'patient@caremesh.test',
      path: await appointmentPage(request, 'patient@caremesh.test', 'patient', 'Follow-up on blood pressure readings'),
      shows: 'Follow-up on blood pressure readings',
    },
    {
      email: 'doctor@caremesh.test',
      path: await appointmentPage(request, 'doctor@caremesh.test', 'doctor', 'Chest discomfort after meals'),
      shows: 'Chest discomfort after meals',
    },
    {
      email: 'hospital@caremesh.test',
      path: await appointmentPage(request, 'hospital@caremesh.test', 'hospital', 'Chest discomfort after meals'),
      shows: 'Chest discomfort after meals',
    },
    { email: 'doctor@caremesh.test', path: `/people/${patient.user.id}`, shows: 'Priya Sharma' },
    { email: 'doctor@caremesh.test', path: `/patients/${patient.user.referenceId}`, shows: 'Penicillin' },
    // The patient chart's past consultations (with their prescriptions) and results, for the doctor and the hospital.
    { email: 'doctor@caremesh.test', path: `/patients/${patient.user.referenceId}`, shows: 'Metoprolol' },
    {
      email: 'doctor@caremesh.test',
      path: `/patients/${patient.user.referenceId}`,
      shows: 'Thyroid function test (TFT) over time',
    },
    { email: 'hospital@caremesh.test', path: `/patients/${patient.user.referenceId}`, shows: 'Penicillin' },
    { email: 'hospital@caremesh.test', path: `/patients/${patient.user.referenceId}`, shows: 'Metoprolol' },
    {
      email: 'patient@caremesh.test',
      path: await consultationPage(request, 'patient@caremesh.test'),
      shows: 'Essential (primary) hypertension',
    },
    {
      email: 'patient@caremesh.test',
      path: `${await consultationPage(request, 'patient@caremesh.test')}/receipt`,
      shows: 'UPI-402918337761',
    },
    {
      email: 'hospital@caremesh.test',
      path: await consultationPage(request, 'hospital@caremesh.test'),
      shows: 'ECG, 12 lead (in-house)',
    },
    // The treating doctor's consultation screen, the admin's review of emergency access.
    {
      email: 'doctor@caremesh.test',
      path: await consultationPage(request, 'doctor@caremesh.test'),
      shows: 'Essential (primary) hypertension',
    },
    { email: 'admin@caremesh.test', path: '/admin/emergency-access', shows: 'Emergency access' },
    // Orders: the pharmacy's, the centre's, and the patient's released report with its printable page.
    {
      email: 'pharmacy@caremesh.test',
      path: await orderPage(
        request,
        'pharmacy@caremesh.test',
        '/api/pharmacy-orders?orderNumber=RX-DEMO-1000',
        (o) => o.orderNumber === 'RX-DEMO-1000',
        (id) => `/orders/${id}`,
      ),
      shows: 'RX-DEMO-1000',
    },
    {
      email: 'diagnostics@caremesh.test',
      path: await orderPage(
        request,
        'diagnostics@caremesh.test',
        '/api/diagnostic-orders?limit=100',
        (o) => o.patientName === 'Priya Sharma',
        (id) => `/tests/orders/${id}`,
      ),
      shows: 'Priya Sharma',
    },
    ...(await Promise.all(
      [(id: string) => `/diagnostic-orders/${id}`, (id: string) => `/medical-records/reports/${id}`].map(
        async (page) => ({
          email: 'patient@caremesh.test',
          path: await orderPage(
            request,
            'patient@caremesh.test',
            `/api/diagnostic-orders?patientId=${patient.user.referenceId}&status=COMPLETED&limit=100`,
            (o) => (o.tests ?? []).some((test) => test.testType === 'TFT'),
            page,
          ),
          shows: 'Thyroid function test (TFT)',
        }),
      ),
    )),
  ];
  return details;
}

// One test per account, each with a budget of its own (about a hundred screens in all, each opened
// online and then offline).
for (const email of [...new Set(DATA_SCREENS.map((screen) => screen.email))]) {
  test(`every data screen of ${email} opens after the app is closed, with no network`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const mine = [...DATA_SCREENS, ...(await recordScreens(request))].filter((screen) => screen.email === email);
    await expectScreensReopenOffline(browser, request, baseURL!, mine);
  });
}

test('the notification centre opens offline with what it showed, and says the fresh list could not be fetched', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await apiSession(request, 'admin@caremesh.test');
  const patient = await apiSession(request, 'patient@caremesh.test');
  const title = `Lab slot moved (${Date.now()})`;
  await sendNotification(request, admin, patient.user.id, { title, message: 'Your sample pickup is now at 9:30 AM.' });
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, patient);
    const page = await context.newPage();
    await page.goto('/profile');
    await bell(page).click();
    await expect(panel(page).getByText(title)).toBeVisible();
    const reopened = await reopenOffline(page, '/profile');
    await expectShownOffline(reopened, 'Hypothyroidism');
    await bell(reopened).click();
    await expect(panel(reopened).getByText(title)).toBeVisible();
    await expect(
      panel(reopened).getByText('Failed to fetch notifications: showing what this device kept.'),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

test('offline, actions that need the server are disabled and say why; queued ones stay enabled', async ({
  browser,
  request,
  baseURL,
}) => {
  const doctorPage = await appointmentPage(request, 'doctor@caremesh.test', 'doctor', 'Chest discomfort after meals');
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, await apiSession(request, 'doctor@caremesh.test'));
    const page = await context.newPage();
    await page.goto(doctorPage);
    const actions = page.getByRole('group', { name: 'Actions' });
    await expect(actions.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await expect(page.getByText(NEEDS_CONNECTION)).toHaveCount(0);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(page.getByRole('button', { name: 'Save details' })).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(doctorPage);
    await expect(actions.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await waitForControllingWorker(page);

    await goOffline(context);
    await page.reload();
    await expectShownOffline(page, 'Chest discomfort after meals');
    const accept = actions.getByRole('button', { name: 'Accept' });
    await expect(accept).toBeDisabled();
    await expect(accept).toHaveAccessibleDescription(NEEDS_CONNECTION);
    // A message is kept in the outbox: sending stays possible.
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();

    // A profile edit is kept in the form; saving it waits for a connection, and says so.
    await page.goto('/profile');
    await expectShownOffline(page, 'MHMC-2011-07731');
    await page.getByRole('button', { name: 'Edit details' }).click();
    const save = page.getByRole('button', { name: 'Save details' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(NEEDS_CONNECTION);
  } finally {
    await context.close();
  }
});
