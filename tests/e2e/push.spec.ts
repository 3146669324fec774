import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { startPushService, verifyVapid, type PushService } from './support/pushService.ts';
import { apiSession, bearer, useSession, type ApiSession } from './support/sessions.ts';

// The whole Web Push chain with one stand-in: the vendor's push service (see support/pushService.ts).
// Real: the booking, the server's web-push (VAPID + aes128gcm) over https, the decryption, Chromium's
// service worker showing the notification and navigating the open window. Simulated: the hop from the
// push service into Chromium (CDP ServiceWorker.deliverPushMessage) and the user's click on the
// notification (a NotificationEvent dispatched inside the worker; see below).

let pushService: PushService;

test.beforeAll(async () => {
  pushService = await startPushService();
});

test.afterAll(async () => {
  await pushService?.close();
});

async function waitForControllingWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

/**
 * The id of the registration whose worker controls this page, which CDP needs to deliver a push.
 * CDP reports the registrations of earlier tests' contexts too (same origin, same scope), so the
 * right one is the registration whose version lists this page among its controlled clients.
 */
function registrationIdOf(cdp: CDPSession): Promise<string> {
  const versions = new Map<string, { registrationId: string; controlledClients?: string[] }>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) versions.set(version.versionId, version);
  });
  return (async () => {
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('ServiceWorker.enable');
    for (;;) {
      const mine = [...versions.values()].find((v) => v.controlledClients?.includes(targetInfo.targetId));
      if (mine) return mine.registrationId;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
}

/**
 * The push service hands a message to the browser (CDP stands in for it), and — as a real push
 * service does when a device does not take a message — hands it again if, now and then under load,
 * Chromium drops the CDP delivery before the worker sees it (about 1 run in 20 here).
 */
async function deliverPush(page: Page, cdp: CDPSession, origin: string, registrationId: string, data: string) {
  for (let attempt = 1; ; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    const shown = await expect
      .poll(() => shownNotifications(page), { timeout: 5_000 })
      .toHaveLength(1)
      .then(() => true)
      .catch(() => false);
    if (shown || attempt === 2) return;
  }
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as { url: string; notificationId: string | null },
    }));
  });
}

/**
 * A click on the notification, from inside the worker. No browser or protocol clicks a system
 * notification (web-platform-tests/wpt#51125), and waitUntil() throws on an event a script made
 * (ExtendableEvent, isTrusted false), so the event's waitUntil is replaced to hand back the work.
 */
async function clickNotification(context: BrowserContext) {
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  if (!worker) throw new Error('the service worker is not running');
  await worker.evaluate(async () => {
    // The worker's globals (this file is typed for pages).
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<Notification[]> };
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to click');
    const event = new scope.NotificationEvent('notificationclick', { notification });
    let work: Promise<unknown> = Promise.resolve();
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => (work = promise) });
    scope.dispatchEvent(event);
    await work;
  });
}

async function bookWithDoctor(request: APIRequestContext, patient: ApiSession, doctorId: string) {
  // An open slot of the doctor's schedule, some week in the next two months; another one if it is taken meanwhile.
  for (let attempt = 0; ; attempt++) {
    const from = new Date(Date.now() + (7 + Math.floor(Math.random() * 50)) * 86_400_000).toISOString().slice(0, 10);
    const slots = await request.get(`/api/doctors/${doctorId}/slots?from=${from}&days=7&mode=IN_PERSON`, {
      headers: bearer(patient.token),
    });
    expect(slots.ok(), await slots.text()).toBe(true);
    const open = ((await slots.json()) as { data: { slots: Array<{ start: string; hospitalId: string | null }> } }).data
      .slots;
    expect(open.length).toBeGreaterThan(0);
    const slot = open[Math.floor(Math.random() * open.length)]!;
    const res = await request.post('/api/appointments/patient/book-appointment', {
      headers: bearer(patient.token),
      data: {
        doctorId,
        ...(slot.hospitalId ? { hospitalId: slot.hospitalId } : {}),
        scheduledAt: slot.start,
        mode: 'IN_PERSON',
        reason: 'Chest pain on exertion for two weeks',
      },
    });
    if (res.status() === 409 && attempt < 5) continue;
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data;
  }
}

test('a booking alerts the doctor by Web Push; the alert opens the appointment', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const doctor = await apiSession(request, 'doctor@caremesh.test');
  const patient = await apiSession(request, 'patient@caremesh.test');

  // The doctor's device subscribes: the subscription points at the loopback push service.
  const { data: key } = await (
    await request.get('/api/notifications/push/public-key', { headers: bearer(doctor.token) })
  ).json();
  const subscribed = await request.post('/api/notifications/push/subscriptions', {
    headers: bearer(doctor.token),
    data: pushService.subscription,
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const preferences = await request.patch('/api/notifications/preferences', {
    headers: bearer(doctor.token),
    data: { channels: { PUSH: true }, types: { APPOINTMENT: true } },
  });
  expect(preferences.ok()).toBe(true);

  // The doctor has CareMesh open in Chromium, with notifications allowed.
  await context.grantPermissions(['notifications'], { origin });
  await useSession(context, baseURL!, doctor);
  const cdp = await context.newCDPSession(page);
  const registrationId = registrationIdOf(cdp);
  await page.goto('/profile');
  await waitForControllingWorker(page);
  expect(await shownNotifications(page)).toEqual([]);

  const appointment = await bookWithDoctor(request, patient, doctor.user.referenceId!);

  // What web-push sent: VAPID-signed for the push service's origin, encrypted for the subscription.
  const push = await pushService.nextPush();
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  expect(Number(push.headers.ttl)).toBeGreaterThan(0);
  const claims = verifyVapid(push.headers.authorization as string, key.publicKey);
  expect(claims.aud).toBe(new URL(pushService.subscription.endpoint).origin);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  const plaintext = pushService.decrypt(push);
  const payload = JSON.parse(plaintext) as Record<string, string>;
  // No medical detail on a lock screen: the reason for the visit is not in it.
  expect(plaintext).not.toContain('Chest pain');
  expect(payload).toEqual({
    title: 'CareMesh',
    body: 'You have a new appointment request.',
    url: `/appointments/${appointment.id}`,
    notificationId: expect.any(String),
    tag: `appointment-${appointment.id}`,
  });

  // The push service hands it to the browser.
  await deliverPush(page, cdp, origin, await registrationId, plaintext);
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  const [shown] = await shownNotifications(page);
  expect(shown).toMatchObject({
    title: 'CareMesh',
    body: 'You have a new appointment request.',
    tag: `appointment-${appointment.id}`,
    data: { url: `/appointments/${appointment.id}`, notificationId: payload.notificationId },
  });
  expect(shown!.icon).toBe(`${origin}/pwa-192x192.png`);

  // The click focuses the open CareMesh window and takes it to the appointment.
  const navigated = page.waitForEvent(
    'framenavigated',
    (frame) => frame === page.mainFrame() && frame.url() === `${origin}/appointments/${appointment.id}`,
  );
  await clickNotification(context);
  await navigated;
  await expect.poll(() => shownNotifications(page)).toHaveLength(0);

  // The device turns alerts off: later notifications are no longer sent to it.
  const removed = await request.delete('/api/notifications/push/subscriptions', {
    headers: bearer(doctor.token),
    data: { endpoint: pushService.subscription.endpoint },
  });
  expect(((await removed.json()) as { data: { removed: number } }).data.removed).toBe(1);
});

test('a push the worker cannot read still shows a CareMesh notification, and never links out', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const cdp = await context.newCDPSession(page);
  const registrationId = registrationIdOf(cdp);
  await page.goto('/login');
  await waitForControllingWorker(page);

  await deliverPush(page, cdp, origin, await registrationId, 'oops');
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  expect((await shownNotifications(page))[0]).toMatchObject({
    title: 'CareMesh',
    body: 'You have a new notification.',
    data: { url: '/', notificationId: null },
  });

  await page.evaluate(async () => {
    for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
  });
  const hostile = { title: 'CareMesh', body: 'Open me', url: 'https://evil.example/x', notificationId: 'x', tag: 't' };
  await deliverPush(page, cdp, origin, await registrationId, JSON.stringify(hostile));
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  expect((await shownNotifications(page))[0]?.data.url).toBe('/');
});
