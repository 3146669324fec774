// Two API instances on one PostgreSQL database and one Redis: an event caused through one instance
// reaches the sockets held by the other (DESIGN "Runtime": socket.io Redis adapter via REDIS_URL).
// Always PostgreSQL, whatever TEST_DATABASE_URL says: several instances cannot share an in-memory PGlite.
//
// Redis isolation: realtime.ts gives the adapter no `key`, so its channels are the default
// `socket.io#/#…` ones, shared with every other socket.io server on this Redis (pub/sub ignores the
// database number in REDIS_URL). The suite accepts that: its rooms are ids from its own fresh
// database, so nothing published elsewhere can match them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { Database } from '../../server/db/client.ts';
import { GENEROUS_LIMITS, freshDatabase, startTestApp, type TestApp } from './support/test-app.ts';
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

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';

let shared: { database: Database; dispose(): Promise<void> } | undefined;
let a: TestApp | undefined;
let b: TestApp | undefined;
let w: World;
const sockets: Socket[] = [];

async function socketOn(t: TestApp, token: string): Promise<Socket> {
  const socket = await connectSocket(t.baseUrl, token);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  shared = await freshDatabase(POSTGRES_ADMIN_URL);
  const options = { database: shared.database, env: { REDIS_URL }, rateLimits: GENEROUS_LIMITS };
  a = await startTestApp(options);
  b = await startTestApp(options);
  // Accounts and profiles through B; every socket below lives on A.
  w = await appointmentWorld(b, 'cluster');
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await a?.close();
  await b?.close();
  await shared?.dispose();
});

describe('realtime across two instances (PostgreSQL + Redis)', () => {
  it('runs both instances on the same PostgreSQL database', async () => {
    for (const t of [a!, b!]) {
      expect((await json(await t.request('/api/health'))).data).toMatchObject({ status: 'ok', database: 'postgres' });
    }
    expect(a!.baseUrl).not.toBe(b!.baseUrl);
  });

  it('a doctor on A gets newAppointment and newNotification for a booking sent to B', async () => {
    const doctorSocket = await socketOn(a!, w.doctor.token);
    expect(await join(doctorSocket, w.doctor.referenceId)).toEqual({ ok: true, room: w.doctor.referenceId });
    const appointmentEvent = nextEvent(doctorSocket, 'newAppointment');
    const notificationEvent = nextEvent(doctorSocket, 'newNotification');

    const res = await book(b!, w.patient.token, {
      doctorId: w.doctor.referenceId,
      hospitalId: w.hospital.referenceId,
      scheduledAt: futureSlot(4),
    });
    expect(res.status).toBe(201);
    const { id } = (await json(res)).data;

    const event = await appointmentEvent;
    expect(event.appointment).toMatchObject({
      id,
      status: 'PENDING',
      patient: { id: w.patient.referenceId },
      doctor: { id: w.doctor.referenceId },
    });
    // The doctor's copy carries the provider's actions, not the patient's.
    expect(event.appointment.actions).toEqual(['ACCEPT', 'REJECT', 'PROPOSE_RESCHEDULE']);
    expect(event.message).toMatchObject({ appointmentId: id, kind: 'EVENT', authorRole: 'PATIENT' });

    const notification = await notificationEvent;
    expect(notification).toMatchObject({
      type: 'APPOINTMENT',
      title: 'New appointment request',
      status: 'Sent',
      data: { appointmentId: id, url: `/appointments/${id}` },
    });
    // It is the doctor's own stored notification, readable through either instance.
    const stored = await json(await client(a!).get('/api/notifications', w.doctor.token));
    expect(JSON.stringify(stored.data)).toContain(notification.id);
  });

  it('and back: the doctor’s decision sent to A reaches the patient’s socket on B', async () => {
    const patientSocket = await socketOn(b!, w.patient.token);
    expect((await join(patientSocket, w.patient.referenceId)).ok).toBe(true);
    const res = await book(b!, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(4) });
    expect(res.status).toBe(201);
    const { id } = (await json(res)).data;

    const decision = nextEvent(patientSocket, 'appointmentDecisionByDoctorOrHospital');
    const accepted = await client(a!).send('PATCH', `/api/appointments/${id}/decision`, w.doctor.token, {
      decision: 'ACCEPT',
    });
    expect(accepted.status).toBe(200);
    expect((await decision).appointment).toMatchObject({ id, status: 'ACCEPTED', actions: ['CANCEL'] });
  });

  it('a page joining on A hears that an event went to its room through B while it was fetching', async () => {
    const doctorSocket = await socketOn(a!, w.doctor.token);
    const asked = async (since: number) =>
      ((await doctorSocket.timeout(5_000).emitWithAck('join', w.doctor.referenceId, { since })) as { quiet?: boolean })
        .quiet;
    // The events of the tests before have gone by (asked seldom: a socket's events are budgeted).
    await expect.poll(() => asked(0), { timeout: 10_000, interval: 1_000 }).toBe(true);
    const res = await book(b!, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(6) });
    expect(res.status).toBe(201);
    // Recorded in Redis by B, read by A.
    expect(await asked(0)).toBe(false);
  });

  it('refuses a socket on A that joins another user’s room, and sends it nothing of that room', async () => {
    const intruder = await socketOn(a!, w.otherPatient.token);
    for (const room of [w.otherDoctor.referenceId, w.patient.referenceId, w.doctor.userId, w.admin.userId]) {
      expect(await join(intruder, room)).toEqual({ ok: false, error: 'FORBIDDEN' });
    }
    const seen: string[] = [];
    intruder.on('newAppointment', (payload: { appointment: { id: string } }) => seen.push(payload.appointment.id));

    // The rightful owner, on the same instance, does get the other doctor's booking made on B.
    const owner = await socketOn(a!, w.otherDoctor.token);
    expect((await join(owner, w.otherDoctor.referenceId)).ok).toBe(true);
    const ownerEvent = nextEvent(owner, 'newAppointment');
    const res = await book(b!, w.patient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: futureSlot(4) });
    expect(res.status).toBe(201);
    const { id } = (await json(res)).data;
    expect((await ownerEvent).appointment.id).toBe(id);

    // A round trip on the intruder's own connection: anything A had sent it before answering
    // this would have arrived first, so no waiting on a clock is needed.
    expect(await join(intruder, w.otherPatient.referenceId)).toEqual({ ok: true, room: w.otherPatient.referenceId });
    expect(seen).toEqual([]);
  });
});
