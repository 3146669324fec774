import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GENEROUS_LIMITS, TEST_JWT_SECRET, startTestApp, type TestApp } from './support/test-app.ts';
import { mailedToken } from './support/accounts.ts';
import {
  appointmentWorld,
  book,
  client,
  connectSocket,
  futureSlot,
  join,
  json,
  nextEvent,
  type World,
} from './support/appointments.ts';
import { SignJWT } from 'jose';
import { SOCKET_EVENT_BUDGET } from '../../server/platform/realtime.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;
const logLines: string[] = [];
const open: Socket[] = [];

async function socketFor(token?: string, room?: string, origin?: string) {
  const socket = await connectSocket(t.baseUrl, token, { origin });
  open.push(socket);
  if (room) expect(await join(socket, room)).toMatchObject({ ok: true });
  return socket;
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS, logTo: { write: (line) => void logLines.push(line) } });
  w = await appointmentWorld(t, 'live');
  api = client(t);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t?.close());

describe('the handshake', () => {
  it('refuses a connection without a valid session', async () => {
    await expect(connectSocket(t.baseUrl)).rejects.toThrow('UNAUTHORIZED');
    await expect(connectSocket(t.baseUrl, 'not.a.token')).rejects.toThrow('UNAUTHORIZED');
    // A token signed with the right key for a user who does not exist.
    const forged = await new SignJWT({ role: 'ADMIN', referenceId: null, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    await expect(connectSocket(t.baseUrl, forged)).rejects.toThrow('UNAUTHORIZED');
  });

  it('accepts the jwtToken cookie as well as auth.token', async () => {
    const { io } = await import('socket.io-client');
    const socket = io(t.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: `jwtToken=${w.doctor.token}` },
    });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await join(socket, w.doctor.referenceId)).toEqual({ ok: true, room: w.doctor.referenceId });
  });

  it('refuses pages of another site', async () => {
    await expect(connectSocket(t.baseUrl, w.doctor.token, { origin: 'https://evil.example' })).rejects.toThrow();
    const same = await socketFor(w.doctor.token, undefined, t.baseUrl);
    expect(same.connected).toBe(true);
  });
});

describe('rooms', () => {
  it('lets each user join only their own room: Admin by user id, others by referenceId', async () => {
    const doctor = await socketFor(w.doctor.token);
    expect(await join(doctor, w.doctor.referenceId)).toEqual({ ok: true, room: w.doctor.referenceId });
    const admin = await socketFor(w.admin.token);
    expect(await join(admin, w.admin.userId)).toEqual({ ok: true, room: w.admin.userId });

    logLines.length = 0;
    for (const room of [
      w.otherDoctor.referenceId,
      w.patient.referenceId,
      w.doctor.userId,
      `user:${w.patient.userId}`,
      '',
      42,
    ]) {
      expect(await join(doctor, room as string), String(room)).toEqual({ ok: false, error: 'FORBIDDEN' });
    }
    expect(await join(admin, w.hospital.referenceId)).toEqual({ ok: false, error: 'FORBIDDEN' });
    const refusals = logLines.filter((l) => l.includes('socket join refused'));
    expect(refusals.length).toBe(7);
    expect(JSON.parse(refusals[0]!)).toMatchObject({ userId: w.doctor.userId, room: w.otherDoctor.referenceId });
  });

  it('does not deliver another party’s events to a refused joiner', async () => {
    const snoop = await socketFor(w.otherDoctor.token);
    await join(snoop, w.doctor.referenceId);
    const doctor = await socketFor(w.doctor.token, w.doctor.referenceId);
    const seen: unknown[] = [];
    snoop.on('newAppointment', (payload) => seen.push(payload));
    const arriving = nextEvent(doctor, 'newAppointment');
    await book(t, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(3) });
    await arriving;
    expect(seen).toEqual([]);
  });
});

describe('appointment events reach every party', () => {
  it('sends each event to the patient, the doctor and the hospital, each with their own actions', async () => {
    const patient = await socketFor(w.patient.token, w.patient.referenceId);
    const doctor = await socketFor(w.doctor.token, w.doctor.referenceId);
    const hospital = await socketFor(w.hospital.token, w.hospital.referenceId);

    const events = [
      nextEvent(patient, 'newAppointment'),
      nextEvent(doctor, 'newAppointment'),
      nextEvent(hospital, 'newAppointment'),
    ];
    const booked = (
      await json(
        await book(t, w.patient.token, {
          doctorId: w.doctor.referenceId,
          hospitalId: w.hospital.referenceId,
          scheduledAt: futureSlot(4),
        }),
      )
    ).data;
    const [toPatient, toDoctor, toHospital] = await Promise.all(events);
    expect(toDoctor.appointment).toMatchObject({
      id: booked.id,
      status: 'PENDING',
      actions: ['ACCEPT', 'REJECT', 'PROPOSE_RESCHEDULE'],
    });
    expect(toHospital.appointment.id).toBe(booked.id);
    expect(toPatient.appointment.actions).toEqual(['CANCEL']);
    expect(toDoctor.message).toMatchObject({ kind: 'EVENT', appointmentId: booked.id, authorRole: 'PATIENT' });

    const steps: Array<[string, () => Promise<Response>, string]> = [
      [
        'hospitalOrDoctorAskForReschedule',
        () =>
          api.send('PATCH', `/api/appointments/${booked.id}/reschedule`, w.doctor.token, {
            scheduledAt: futureSlot(5),
          }),
        'RESCHEDULED',
      ],
      [
        'patientResponseForReschedule',
        () =>
          api.send('PATCH', `/api/appointments/${booked.id}/respond-reschedule`, w.patient.token, {
            decision: 'ACCEPT',
          }),
        'CONFIRMED',
      ],
      [
        'patientCancelAppointment',
        () =>
          api.send('PATCH', `/api/appointments/${booked.id}/cancel`, w.patient.token, { reason: 'Moved to Mumbai' }),
        'CANCELLED',
      ],
    ];
    for (const [event, act, status] of steps) {
      const arriving = [nextEvent(patient, event), nextEvent(doctor, event), nextEvent(hospital, event)];
      expect((await act()).status).toBe(200);
      for (const payload of await Promise.all(arriving)) {
        expect(payload.appointment, event).toMatchObject({ id: booked.id, status });
        expect(payload.message.appointmentId).toBe(booked.id);
      }
    }
  });

  it('sends decisions and messages, and the new notification to the other side’s account', async () => {
    const patient = await socketFor(w.patient.token, w.patient.referenceId);
    const doctor = await socketFor(w.doctor.token, w.doctor.referenceId);
    const booked = (
      await json(await book(t, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(6) }))
    ).data;

    const decision = nextEvent(patient, 'appointmentDecisionByDoctorOrHospital');
    const notified = nextEvent(patient, 'newNotification');
    await api.send('PATCH', `/api/appointments/${booked.id}/decision`, w.doctor.token, { decision: 'ACCEPT' });
    expect((await decision).appointment).toMatchObject({ id: booked.id, status: 'ACCEPTED', lastActor: 'DOCTOR' });
    expect(await notified).toMatchObject({
      title: 'Appointment accepted',
      status: 'Sent',
      data: { appointmentId: booked.id },
    });

    const toPatient = nextEvent(patient, 'messageToTheConversation');
    const toDoctor = nextEvent(doctor, 'messageToTheConversation');
    await api.send('POST', `/api/appointments/${booked.id}/message`, w.doctor.token, { body: 'Please come fasting.' });
    for (const payload of await Promise.all([toPatient, toDoctor])) {
      expect(payload).toMatchObject({
        appointmentId: booked.id,
        message: { kind: 'MESSAGE', body: 'Please come fasting.', authorRole: 'DOCTOR' },
      });
    }
  });

  it('tells every open page of the user when notifications are read or deleted elsewhere', async () => {
    const phone = await socketFor(w.patient.token);
    const laptop = await socketFor(w.patient.token);
    await api.send('POST', '/api/notifications', w.admin.token, {
      userId: w.patient.userId,
      title: 'Hello',
      message: 'Welcome',
    });
    const [latest] = (await json(await api.get('/api/notifications', w.patient.token))).data.notifications;
    const read = [nextEvent(phone, 'notificationRead'), nextEvent(laptop, 'notificationRead')];
    await api.send('PUT', `/api/notifications/${latest.id}/read`, w.patient.token);
    for (const payload of await Promise.all(read)) expect(payload).toMatchObject({ id: latest.id });
    const deleted = nextEvent(laptop, 'notificationDeleted');
    await api.send('DELETE', '/api/notifications', w.patient.token);
    expect(await deleted).toEqual({ id: null, all: true, unreadCount: 0 });
  });
});

describe('a join that asks what it may have missed', () => {
  it('says whether anything reached the room in the time the page was fetching, and only when asked', async () => {
    const doctor = await socketFor(w.doctor.token);
    const arrived = nextEvent(await socketFor(w.patient.token, w.patient.referenceId), 'newAppointment');
    await json(await book(t, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(5) }));
    await arrived;
    // The doctor's page fetched its data a minute ago: the booking since was sent before it joined.
    expect(await doctor.timeout(5_000).emitWithAck('join', w.doctor.referenceId, { since: 60_000 })).toEqual({
      ok: true,
      room: w.doctor.referenceId,
      quiet: false,
    });
    // Without the question, the answer is as before.
    expect(await join(doctor, w.doctor.referenceId)).toEqual({ ok: true, room: w.doctor.referenceId });
    // A question the record cannot answer (longer ago than it keeps, or not a time) is never quiet.
    for (const since of [24 * 60 * 60_000, -1, 'soon', null]) {
      const answer = await doctor.timeout(5_000).emitWithAck('join', w.doctor.referenceId, { since });
      expect(answer, String(since)).toMatchObject({ ok: true, quiet: false });
    }
  });

  it('is quiet for a room nothing reached', async () => {
    const admin = await socketFor(w.admin.token);
    const answer = await admin.timeout(5_000).emitWithAck('join', w.admin.userId, { since: 0 });
    // The admin's room hears of new organisations; none was registered in the last moments.
    expect(answer).toEqual({ ok: true, room: w.admin.userId, quiet: true });
  });
});

describe('sessions end', () => {
  it('disconnects the user’s sockets when their password is reset', async () => {
    const socket = await socketFor(w.otherPatient.token, w.otherPatient.referenceId);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const email = 'ravi.live@example.in';
    await t.request('/api/users/request-reset-password', { method: 'POST', json: { email } });
    const token = await mailedToken(t, email, 'reset');
    expect(
      (
        await t.request(`/api/users/reset-password/${token}`, {
          method: 'POST',
          json: { password: 'Naya-Password-2026' },
        })
      ).status,
    ).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(connectSocket(t.baseUrl, w.otherPatient.token)).rejects.toThrow('UNAUTHORIZED');
  });
});

describe('a socket that floods', () => {
  it('gets its burst of events answered, then RATE_LIMITED without work, then is disconnected; others are unaffected', async () => {
    const { burst, refusalsBeforeDisconnect } = SOCKET_EVENT_BUDGET;
    const flooder = await socketFor(w.hospital.token);
    const room = w.hospital.referenceId;
    const first = await Promise.all(Array.from({ length: burst }, () => join(flooder, room)));
    expect(first.every((answer) => answer.ok)).toBe(true);

    const gone = new Promise<string>((resolve) => flooder.once('disconnect', (reason) => resolve(reason)));
    const answers: Array<{ ok: boolean; error?: string }> = [];
    for (let i = 0; i < refusalsBeforeDisconnect + 10; i++) {
      flooder.emit('join', room, (answer: { ok: boolean; error?: string }) => answers.push(answer));
    }
    expect(await gone).toBe('io server disconnect');
    const refused = answers.filter((a) => a.error === 'RATE_LIMITED').length;
    expect(refused).toBeGreaterThanOrEqual(refusalsBeforeDisconnect - 1);
    expect(logLines.filter((l) => l.includes('socket flooded')).length).toBe(1);

    // The same account's other connection still works.
    const calm = await socketFor(w.hospital.token);
    expect(await join(calm, room)).toEqual({ ok: true, room });
  });
});
