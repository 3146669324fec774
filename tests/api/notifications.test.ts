import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentWorld, book, client, futureSlot, json, type World } from './support/appointments.ts';
import { startLoopbackPushService, type LoopbackPushService } from './support/push-service.ts';
import { bearer, newAccount } from './support/accounts.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;
let pushService: LoopbackPushService;

beforeAll(async () => {
  pushService = await startLoopbackPushService();
  // The loopback push service lives on this machine: the suite lists it, as an operator would.
  t = await startTestApp({
    rateLimits: GENEROUS_LIMITS,
    pushAgent: pushService.agent,
    env: { PUSH_SERVICE_HOSTS: '127.0.0.1' },
  });
  w = await appointmentWorld(t, 'notes');
  api = client(t);
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

const notify = (userId: string, extra: Record<string, unknown> = {}) =>
  api.send('POST', '/api/notifications', w.admin.token, {
    userId,
    title: 'Documents received',
    message: 'We have your licence and will review it within two working days.',
    type: 'VERIFICATION',
    ...extra,
  });
const listOf = async (token: string, query = '') =>
  (await json(await api.get(`/api/notifications${query}`, token))).data as {
    notifications: Array<Record<string, any>>;
    pagination: Record<string, number>;
    unreadCount: number;
  };
const unread = async (token: string) =>
  (await json(await api.get('/api/notifications/unread/count', token))).data.count;

describe('appointment events notify the other side', () => {
  it('tells the doctor and the hospital of a booking, with the appointment id and a deep link', async () => {
    const before = await unread(w.doctor.token);
    const booked = (
      await json(
        await book(t, w.patient.token, {
          doctorId: w.doctor.referenceId,
          hospitalId: w.hospital.referenceId,
          scheduledAt: futureSlot(4),
        }),
      )
    ).data;
    expect(await unread(w.doctor.token)).toBe(before + 1);
    const [latest] = (await listOf(w.doctor.token)).notifications;
    expect(latest).toMatchObject({
      title: 'New appointment request',
      type: 'APPOINTMENT',
      priority: 'HIGH',
      status: 'Sent',
      readAt: null,
      data: { appointmentId: booked.id, url: `/appointments/${booked.id}` },
    });
    expect(latest!.message).toContain('Asha Kulkarni');
    expect((await listOf(w.hospital.token)).notifications[0]!.data.appointmentId).toBe(booked.id);
    // The one who acted is not told of their own action.
    expect((await listOf(w.patient.token)).notifications.some((n) => n.data.appointmentId === booked.id)).toBe(false);

    await api.send('PATCH', `/api/appointments/${booked.id}/decision`, w.doctor.token, { decision: 'ACCEPT' });
    const forPatient = (await listOf(w.patient.token)).notifications[0]!;
    expect(forPatient).toMatchObject({
      title: 'Appointment accepted',
      type: 'APPOINTMENT_UPDATE',
      data: { appointmentId: booked.id },
    });
    expect(forPatient.message).toContain('Dr Arjun Rao accepted');
    // The co-provider hears of the doctor's decision too; the doctor does not.
    expect((await listOf(w.hospital.token)).notifications[0]!.title).toBe('Appointment accepted');
    expect((await listOf(w.doctor.token)).notifications[0]!.title).toBe('New appointment request');

    await api.send('POST', `/api/appointments/${booked.id}/message`, w.patient.token, { body: 'Thank you, doctor.' });
    expect((await listOf(w.doctor.token)).notifications[0]).toMatchObject({
      title: 'New message from Asha Kulkarni',
      message: 'Thank you, doctor.',
    });
  });
});

describe('the notification endpoints', () => {
  it('lets only admins create notifications, for a user that exists', async () => {
    expect(
      (
        await api.send('POST', '/api/notifications', w.doctor.token, {
          userId: w.doctor.userId,
          title: 'x',
          message: 'y',
        })
      ).status,
    ).toBe(403);
    expect((await notify('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await notify(w.user.userId, { type: 'GOSSIP', data: { url: 'https://evil.example' } });
    expect(bad.status).toBe(400);
    const paths = ((await json(bad)).details.issues as Array<{ path: string }>).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.type', 'body.data.url']));
    const res = await notify(w.user.userId, {
      priority: 'LOW',
      data: { profileId: w.hospital.referenceId, actionRequired: true },
    });
    expect(res.status).toBe(201);
    expect((await json(res)).data).toMatchObject({
      type: 'VERIFICATION',
      priority: 'LOW',
      status: 'Sent',
      data: { actionRequired: true },
    });
  });

  it('with an Idempotency-Key, answers the count its own transaction left, and the same answer to a replay', async () => {
    const reader = await newAccount(t, 'keyed.reader@example.in', 'USER');
    for (let i = 0; i < 2; i++) await notify(reader.user.id, { title: `Keyed ${i}` });
    const [target] = (await listOf(reader.token)).notifications;
    const markRead = () =>
      t.request(`/api/notifications/${target!.id}/read`, {
        method: 'PUT',
        json: {},
        headers: { ...bearer(reader.token), 'idempotency-key': `read-${target!.id}` },
      });
    const first = await markRead();
    expect(first.status).toBe(200);
    // Counted inside the change's transaction: the notification just marked is no longer unread.
    expect((await json(first)).data.unreadCount).toBe(1);
    const replay = await markRead();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(replay)).data.unreadCount).toBe(1);
    expect(await unread(reader.token)).toBe(1);
  });

  it('marks read one at a time and all at once; the count follows and never goes below 0', async () => {
    for (let i = 0; i < 3; i++) await notify(w.user.userId, { title: `Note ${i}` });
    const start = await listOf(w.user.token);
    expect(start.unreadCount).toBe(await unread(w.user.token));
    const first = start.notifications[0]!;
    const read = await api.send('PUT', `/api/notifications/${first.id}/read`, w.user.token);
    expect(read.status).toBe(200);
    const readData = (await json(read)).data;
    expect(readData.notification).toMatchObject({ id: first.id, status: 'Read' });
    expect(Date.parse(readData.notification.readAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(readData.unreadCount).toBe(start.unreadCount - 1);
    // Reading it again changes nothing.
    expect(
      (await json(await api.send('PUT', `/api/notifications/${first.id}/read`, w.user.token))).data.unreadCount,
    ).toBe(start.unreadCount - 1);
    expect((await listOf(w.user.token, '?status=Read')).notifications.map((n) => n.id)).toEqual([first.id]);
    expect((await listOf(w.user.token, '?status=Sent')).notifications).toHaveLength(start.unreadCount - 1);
    const all = await api.send('PUT', '/api/notifications/mark-all-read', w.user.token);
    expect((await json(all)).data).toMatchObject({ updated: start.unreadCount - 1, unreadCount: 0 });
    expect(await unread(w.user.token)).toBe(0);
    expect((await listOf(w.user.token)).notifications.every((n) => n.status === 'Read' && n.readAt)).toBe(true);
  });

  it('deletes one and all of the caller’s own, and nobody else’s', async () => {
    await notify(w.user.userId, { title: 'Keep me unread' });
    const mine = (await listOf(w.user.token)).notifications[0]!;
    expect((await api.send('DELETE', `/api/notifications/${mine.id}`, w.doctor.token)).status).toBe(404);
    expect((await api.send('PUT', `/api/notifications/${mine.id}/read`, w.doctor.token)).status).toBe(404);
    const before = await unread(w.user.token);
    const removed = await api.send('DELETE', `/api/notifications/${mine.id}`, w.user.token);
    expect((await json(removed)).data).toEqual({ id: mine.id, unreadCount: before - 1 });
    expect((await api.send('DELETE', `/api/notifications/${mine.id}`, w.user.token)).status).toBe(404);
    const total = (await listOf(w.user.token)).pagination.total;
    const cleared = await api.send('DELETE', '/api/notifications', w.user.token);
    expect((await json(cleared)).data).toEqual({ deleted: total, unreadCount: 0 });
    expect((await listOf(w.user.token)).notifications).toEqual([]);
    // The doctor's notifications are untouched.
    expect((await listOf(w.doctor.token)).pagination.total).toBeGreaterThan(0);
  });

  it('lists newest first with pages, and filters by type, priority and status', async () => {
    for (let i = 0; i < 5; i++) await notify(w.user.userId, { title: `Page ${i}`, priority: i % 2 ? 'HIGH' : 'LOW' });
    const page = await listOf(w.user.token, '?limit=2&page=2');
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
    expect(page.notifications.map((n) => n.title)).toEqual(['Page 2', 'Page 1']);
    expect((await listOf(w.user.token, '?priority=HIGH')).notifications.map((n) => n.title)).toEqual([
      'Page 3',
      'Page 1',
    ]);
    expect((await listOf(w.user.token, '?type=APPOINTMENT')).notifications).toEqual([]);
    expect((await api.get('/api/notifications?status=Unread', w.user.token)).status).toBe(400);
    expect((await api.get('/api/notifications')).status).toBe(401);
  });
});

describe('preferences', () => {
  it('starts with push on, changes only what is sent, and keeps it', async () => {
    const initial = (await json(await api.get('/api/notifications/preferences', w.otherPatient.token))).data;
    expect(initial).toEqual({ channels: { PUSH: true, EMAIL: false, SMS: false, CALL: false }, types: {} });
    const res = await api.send('PATCH', '/api/notifications/preferences', w.otherPatient.token, {
      types: { APPOINTMENT_UPDATE: false },
    });
    expect((await json(res)).data).toEqual({ channels: initial.channels, types: { APPOINTMENT_UPDATE: false } });
    const again = await api.send('PATCH', '/api/notifications/preferences', w.otherPatient.token, {
      channels: { EMAIL: true },
    });
    expect((await json(again)).data).toEqual({
      channels: { ...initial.channels, EMAIL: true },
      types: { APPOINTMENT_UPDATE: false },
    });
    expect((await api.send('PATCH', '/api/notifications/preferences', w.otherPatient.token, {})).status).toBe(400);
    expect(
      (await api.send('PATCH', '/api/notifications/preferences', w.otherPatient.token, { channels: { FAX: true } }))
        .status,
    ).toBe(400);
  });
});

describe('Web Push', () => {
  it('hands out one VAPID public key', async () => {
    const { data } = await json(await api.get('/api/notifications/push/public-key', w.doctor.token));
    expect(data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await json(await api.get('/api/notifications/push/public-key', w.patient.token))).data.publicKey).toBe(
      data.publicKey,
    );
    expect((await api.get('/api/notifications/push/public-key')).status).toBe(401);
  });

  it('pushes an encrypted, detail-free payload with a deep link to the doctor’s device', async () => {
    const subscription = pushService.subscription('doctor-phone');
    expect((await api.send('POST', '/api/notifications/push/subscriptions', w.doctor.token, subscription)).status).toBe(
      201,
    );
    const arriving = pushService.next('doctor-phone');
    const booked = (
      await json(
        await book(t, w.patient.token, {
          doctorId: w.doctor.referenceId,
          scheduledAt: futureSlot(9),
          reason: 'Recurring palpitations at night',
        }),
      )
    ).data;
    const push = await arriving;
    expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('high');
    expect(push.payload).toMatchObject({
      title: 'CareMesh',
      body: 'You have a new appointment request.',
      url: `/appointments/${booked.id}`,
      tag: `appointment-${booked.id}`,
    });
    const stored = (await listOf(w.doctor.token)).notifications[0]!;
    expect(push.payload.notificationId).toBe(stored.id);
    // Lock screens show pushes: no reason, no patient name.
    expect(JSON.stringify(push.payload)).not.toMatch(/palpitations|Asha/i);
  });

  it('sends nothing where the user turned push off, for that type or altogether', async () => {
    const subscription = pushService.subscription('patient-phone');
    await api.send('POST', '/api/notifications/push/subscriptions', w.otherPatient.token, subscription);
    // otherPatient muted APPOINTMENT_UPDATE in the preferences suite above.
    const booked = (
      await json(await book(t, w.otherPatient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(10) }))
    ).data;
    const before = pushService.received.length;
    await api.send('PATCH', `/api/appointments/${booked.id}/decision`, w.doctor.token, { decision: 'ACCEPT' });
    await t.app.ready();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushService.received.slice(before).filter((p) => p.path.endsWith('patient-phone'))).toEqual([]);
    // ... while the in-app notification is still there, and other types still push.
    expect((await listOf(w.otherPatient.token)).notifications[0]!.title).toBe('Appointment accepted');
    const arriving = pushService.next('patient-phone');
    await notify(w.otherPatient.userId, { type: 'SYSTEM' });
    expect((await arriving).payload.body).toBe('You have a new notification.');
  });

  it('deletes a subscription the push service says is gone (410), and one the user removes', async () => {
    const gone = pushService.subscription('old-laptop');
    await api.send('POST', '/api/notifications/push/subscriptions', w.hospital.token, gone);
    pushService.answer('old-laptop', 410);
    const arriving = pushService.next('old-laptop');
    await book(t, w.patient.token, { hospitalId: w.hospital.referenceId, scheduledAt: futureSlot(11) });
    await arriving;
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint)))
            .length,
      )
      .toBe(0);

    const tablet = pushService.subscription('tablet');
    await api.send('POST', '/api/notifications/push/subscriptions', w.hospital.token, tablet);
    expect(
      (
        await json(
          await api.send('DELETE', '/api/notifications/push/subscriptions', w.doctor.token, {
            endpoint: tablet.endpoint,
          }),
        )
      ).data,
    ).toEqual({ removed: 0 });
    expect(
      (
        await json(
          await api.send('DELETE', '/api/notifications/push/subscriptions', w.hospital.token, {
            endpoint: tablet.endpoint,
          }),
        )
      ).data,
    ).toEqual({ removed: 1 });
  });

  it('accepts only https endpoints with keys', async () => {
    const bad = await api.send('POST', '/api/notifications/push/subscriptions', w.doctor.token, {
      endpoint: 'http://push.example/abc',
      keys: { p256dh: '', auth: 'x' },
    });
    expect(bad.status).toBe(400);
    const paths = ((await json(bad)).details.issues as Array<{ path: string }>).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.endpoint', 'body.keys.p256dh']));
  });
});

describe('push endpoints on this machine’s networks, with no list of push services configured', () => {
  let open: TestApp;
  let people: World;
  const lines: string[] = [];
  beforeAll(async () => {
    open = await startTestApp({ rateLimits: GENEROUS_LIMITS, logTo: { write: (line) => void lines.push(line) } });
    people = await appointmentWorld(open, 'ssrf');
  });
  afterAll(() => open?.close());

  it('are refused when subscribing', async () => {
    const keys = pushService.subscription('x').keys;
    for (const endpoint of [
      pushService.subscription('doctor').endpoint,
      'https://localhost/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/push',
      'https://[::1]:8443/push',
    ]) {
      const res = await client(open).send('POST', '/api/notifications/push/subscriptions', people.doctor.token, {
        endpoint,
        keys,
      });
      expect(res.status, endpoint).toBe(400);
    }
    expect(await open.database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('are never called, even when a name resolves there only by the time the push is sent', async () => {
    // As if a public name had been subscribed and then pointed at this machine.
    const { endpoint, keys } = pushService.subscription('rebound');
    const rebound = endpoint.replace('127.0.0.1', 'localhost');
    await open.database.db
      .insert(pushSubscriptions)
      .values({ userId: people.doctor.userId, endpoint: rebound, p256dh: keys.p256dh, auth: keys.auth });
    await book(open, people.patient.token, { doctorId: people.doctor.referenceId, scheduledAt: futureSlot(9) });
    await expect
      .poll(() => lines.some((line) => line.includes('resolves to a private address')), { timeout: 5_000 })
      .toBe(true);
    expect(pushService.received.filter((push) => push.path.endsWith('/rebound'))).toEqual([]);
  });
});
