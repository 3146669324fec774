/** Helpers of tests/e2e/offline-queue.spec.ts: the network cut for page and worker, and the device's storage. */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { mailedLink } from './accounts.ts';
import { bearer, type ApiSession } from './sessions.ts';

// Dr Arjun Rao (doctor@caremesh.test), who practises at Sahyadri Care Hospital (server/db/demo/members.ts).
export const DEMO_DOCTOR_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000002';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date in India, `days` from today (the booking form takes India dates and times). */
export function indiaDate(days: number): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date on which the demo doctor holds his hospital OPD (server/db/demo/schedules.ts): `days` from
 * today in India, moved to the Monday after when it falls on a Sunday.
 */
export function openDate(days: number): string {
  const date = indiaDate(days);
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 0 ? indiaDate(days + 1) : date;
}

/** The OPD dates (no Sundays) of `count` days from `firstDay` on, each once. */
function openDates(firstDay: number, count: number): string[] {
  const dates: string[] = [];
  for (let day = firstDay; dates.length < count; day++) {
    const date = indiaDate(day);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) dates.push(date);
  }
  return dates;
}

/**
 * Appointment slots of one spec file: `days` OPD days from `firstDay` on, at `times` (open slots of
 * the demo doctor's schedule), each handed out once per worker (starting at random, so a worker
 * restarted after a failure is unlikely to meet its own).
 */
export function slotPicker(firstDay: number, times: readonly string[], days = 30) {
  const dates = openDates(firstDay, days);
  let counter = Math.floor(Math.random() * days * times.length);
  return () => {
    const n = counter++ % (days * times.length);
    return { date: dates[n % days]!, time: times[Math.floor(n / days)]! };
  };
}

/** The instant of an India date and time, as the API takes it. */
export const indiaInstant = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

/** The outbox's label of a booking with the demo doctor. */
export const bookingLabel = (date: string, time: string) =>
  `Book Dr Arjun Rao, ${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${time}`;

export async function waitForControllingWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve()),
      );
    }
  });
}

/**
 * Waits until the device's copy of the query cache holds a query whose key contains `fragment`
 * (and, with `containing`, whose stored data contains that text).
 */
export async function waitForPersistedQuery(page: Page, fragment: string, containing?: string) {
  await expect
    .poll(() =>
      page.evaluate(
        async ({ wanted, text }) => {
          const databases = await indexedDB.databases();
          const name = databases.map((d) => d.name ?? '').find((n) => n.startsWith('caremesh-user-'));
          if (!name) return false;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          try {
            const rows = await new Promise<Array<{ queryHash: string }>>((resolve, reject) => {
              const request = db.transaction('queryCache').objectStore('queryCache').getAll();
              request.onsuccess = () => resolve(request.result as Array<{ queryHash: string }>);
              request.onerror = () => reject(request.error);
            });
            return rows.some(
              (row) => row.queryHash.includes(wanted) && (text === null || JSON.stringify(row).includes(text)),
            );
          } finally {
            db.close();
          }
        },
        { wanted: fragment, text: containing ?? null },
      ),
    )
    .toBe(true);
}

/** No network for the page, nor for the service worker (setOffline does not cut the worker's own fetches). */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) =>
    route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback(),
  );
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*');
  await context.setOffline(false);
}

/**
 * Opens the demo doctor's booking form online, so the list and the doctor are kept on the device
 * (`hasAppointments: false` for a patient whose list is still empty).
 */
export async function prepareBookingOffline(page: Page, { hasAppointments = true } = {}) {
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'My appointments' })).toBeVisible();
  if (hasAppointments) await expect(page.getByRole('list', { name: 'Appointments' })).toBeVisible();
  await waitForPersistedQuery(page, '"scope":"patient"');
  await page.goto(`/appointments/book/doctor/${DEMO_DOCTOR_ID}`);
  await expect(page.getByRole('heading', { name: 'Dr Arjun Rao' })).toBeVisible();
  await waitForPersistedQuery(page, DEMO_DOCTOR_ID);
}

/**
 * Online, on the booking form: shows `date`'s open slots, so the device keeps them and an offline
 * booking can pick `time` among them.
 */
export async function seeSlots(page: Page, date: string, time: string) {
  await page.getByLabel('Date', { exact: true }).fill(date);
  await expect(page.getByRole('radio', { name: time })).toBeVisible();
  await waitForPersistedQuery(page, '"slots","doctor"', date);
}

/** Picks `date`, then the open slot at `time`, on the booking form (in person). */
export async function pickSlot(page: Page, date: string, time: string) {
  await page.getByLabel('Mode').selectOption({ label: 'In-person' });
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByRole('radio', { name: time }).check();
}

/**
 * Fills and submits the booking form (the page is offline, `date`'s slots seen online with
 * seeSlots): the booking waits on the device.
 */
export async function bookOffline(page: Page, date: string, time: string, reason: string) {
  await expect(page.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible();
  await pickSlot(page, date, time);
  await page.getByLabel('Reason for the visit').fill(reason);
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('Saved on this device — will be sent when you are back online.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Pending changes:/ })).toHaveAccessibleName(
    /^Pending changes: 1 change waiting/,
  );
}

type Appointment = { id: string; reason: string; scheduledAt: string; status: string };

/** A patient's appointments on the server with a reason. */
export async function appointmentsWithReason(request: APIRequestContext, session: ApiSession, reason: string) {
  const res = await request.get('/api/appointments/patient?limit=100', { headers: bearer(session.token) });
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: { appointments: Appointment[] } };
  return data.appointments.filter((appointment) => appointment.reason === reason);
}

/** Where the patient of `newPatient` lives. */
export const NEW_PATIENT_ADDRESS = {
  buildingNumber: '12',
  street: 'Prabhat Road',
  locality: 'Deccan Gymkhana',
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411004',
};

/** A new patient with a profile, registered and verified through the development mailbox. */
export async function newPatient(request: APIRequestContext): Promise<ApiSession> {
  const email = `queue.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
  const password = 'Katar@2026';
  const registered = await request.post('/api/users/register', {
    data: { email, password, role: 'PATIENT', name: 'Meera Kulkarni' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = new URL(await mailedLink(request, email, 'verify'), 'http://localhost');
  const verified = await request.get(`/api/users/verify-email${link.search}`);
  expect(verified.ok(), await verified.text()).toBe(true);
  const signIn = async () => {
    const res = await request.post('/api/users/signin', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: ApiSession }).data;
  };
  const first = await signIn();
  const profile = await request.post('/api/patients', {
    headers: bearer(first.token),
    data: {
      firstName: 'Meera',
      lastName: 'Kulkarni',
      phone: '+91 98220 33333',
      dateOfBirth: '1988-07-21',
      gender: 'FEMALE',
      address: NEW_PATIENT_ADDRESS,
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  // Signed in again, so the session names the new profile.
  return signIn();
}

/** What the device keeps of a user: their database, API answers in the caches, localStorage keys naming them. */
export function deviceTraces(page: Page, userId: string) {
  return page.evaluate(async (id) => {
    const databases = (await indexedDB.databases()).map((d) => d.name ?? '');
    const cachedApi: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).pathname.startsWith('/api/')) cachedApi.push(request.url);
      }
    }
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && (key.includes(id) || (localStorage.getItem(key) ?? '').includes(id))) keys.push(key);
    }
    return { database: databases.includes(`caremesh-user-${id}`), cachedApi, localStorage: keys };
  }, userId);
}
