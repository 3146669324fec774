import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { AppointmentStatus } from '../../../domain/enums.ts';
import { appointments, doctors, hospitals } from '../../../server/db/schema/index.ts';
import type { TestApp } from './test-app.ts';
import { bearer, newAccount } from './accounts.ts';
import { PUNE_ADDRESS, newAdmin } from './directory.ts';

export type Member = { token: string; userId: string; referenceId: string };

export const json = async (res: Response) => (await res.json()) as Record<string, any>;

export function client(t: TestApp) {
  return {
    get: (path: string, token?: string) => t.request(path, token ? { headers: bearer(token) } : {}),
    send: (method: string, path: string, token: string | undefined, body?: unknown) =>
      t.request(path, { method, json: body ?? {}, headers: token ? bearer(token) : {} }),
  };
}

async function onboarded(t: TestApp, email: string, role: string, path: string, body: unknown): Promise<Member> {
  const account = await newAccount(t, email, role);
  const res = await t.request(path, { method: 'POST', json: body, headers: bearer(account.token) });
  expect(res.status).toBe(201);
  return { token: account.token, userId: account.user.id, referenceId: (await json(res)).data.id };
}

export function patientBody(first: string) {
  return { firstName: first, lastName: 'Kulkarni', phone: '098220 11111', address: PUNE_ADDRESS };
}

/**
 * Everyone an appointment can involve: two patients, a hospital with its doctor, a doctor in private
 * practice, another hospital, an admin and a plain user. Unique emails per `tag` (one app per suite).
 */
export async function appointmentWorld(t: TestApp, tag: string) {
  const admin = await newAdmin(t, `admin.${tag}@example.in`);
  const adminUser = (await json(await t.request('/api/users/user-details', { headers: bearer(admin) }))).data;
  const hospital = await onboarded(t, `desk.${tag}@example.in`, 'HOSPITAL', '/api/hospitals/onboard', {
    name: `Sahyadri ${tag} Hospital`,
    registrationNumber: `MH-${tag}-1`,
    hospitalType: 'PRIVATE',
    address: PUNE_ADDRESS,
  });
  const otherHospital = await onboarded(t, `desk2.${tag}@example.in`, 'HOSPITAL', '/api/hospitals/onboard', {
    name: `Ruby ${tag} Hall`,
    registrationNumber: `MH-${tag}-2`,
    hospitalType: 'PRIVATE',
    address: PUNE_ADDRESS,
  });
  const doctorBody = (name: string) => ({
    name,
    registrationNumber: `MMC-${tag}-${name.length}`,
    specializations: ['CARDIOLOGY'],
    experienceYears: 10,
    consultationFee: 800,
    address: PUNE_ADDRESS,
  });
  const doctor = await onboarded(
    t,
    `rao.${tag}@example.in`,
    'DOCTOR',
    '/api/doctors/onboard',
    doctorBody('Dr Arjun Rao'),
  );
  const otherDoctor = await onboarded(
    t,
    `mehta.${tag}@example.in`,
    'DOCTOR',
    '/api/doctors/onboard',
    doctorBody('Dr Neha Mehta'),
  );
  const patient = await onboarded(t, `asha.${tag}@example.in`, 'PATIENT', '/api/patients', patientBody('Asha'));
  const otherPatient = await onboarded(t, `ravi.${tag}@example.in`, 'PATIENT', '/api/patients', patientBody('Ravi'));
  const db = t.database.db;
  for (const id of [doctor.referenceId, otherDoctor.referenceId]) {
    await db.update(doctors).set({ verificationStatus: 'VERIFIED' }).where(eq(doctors.id, id));
  }
  for (const id of [hospital.referenceId, otherHospital.referenceId]) {
    await db.update(hospitals).set({ verificationStatus: 'VERIFIED' }).where(eq(hospitals.id, id));
  }
  // Dr Rao practises at the hospital, as an approved affiliation leaves it (tests/api/affiliations.test.ts).
  await db.update(doctors).set({ hospitalId: hospital.referenceId }).where(eq(doctors.id, doctor.referenceId));
  const user = await newAccount(t, `user.${tag}@example.in`, 'USER');
  return {
    admin: { token: admin, userId: adminUser.id as string },
    hospital,
    otherHospital,
    doctor,
    otherDoctor,
    patient,
    otherPatient,
    user: { token: user.token, userId: user.user.id },
  };
}
export type World = Awaited<ReturnType<typeof appointmentWorld>>;

let slotCounter = 0;
/** A distinct future time (whole quarter hours, days ahead), so suites never collide by accident. */
export function futureSlot(daysAhead = 3, offsetMinutes?: number): string {
  const base = new Date();
  base.setUTCHours(4, 0, 0, 0);
  base.setUTCDate(base.getUTCDate() + daysAhead);
  const minutes = offsetMinutes ?? 15 * slotCounter++;
  return new Date(base.getTime() + minutes * 60_000).toISOString();
}

export function book(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.request('/api/appointments/patient/book-appointment', {
    method: 'POST',
    json: { mode: 'IN_PERSON', reason: 'Chest pain on climbing stairs', ...body },
    headers: bearer(token),
  });
}

let pastSlots = 0;
/** An appointment of the world's patient with its doctor (at its hospital), put straight into `status`. */
export async function appointmentInStatus(
  t: TestApp,
  w: World,
  status: AppointmentStatus,
  options: { past?: boolean } = {},
): Promise<string> {
  const res = await book(t, w.patient.token, {
    doctorId: w.doctor.referenceId,
    hospitalId: w.hospital.referenceId,
    scheduledAt: futureSlot(40),
  });
  expect(res.status).toBe(201);
  const { id } = (await json(res)).data;
  // Each appointment put in the past gets a time of its own (the doctor cannot hold two at once).
  const start = options.past ? new Date(Date.now() - 2 * 3_600_000 - pastSlots++ * 20 * 60_000) : undefined;
  await t.database.db
    .update(appointments)
    .set({
      status,
      ...(status === 'RESCHEDULED'
        ? { proposedAt: start ?? new Date(Date.now() + 50 * 86_400_000), proposedDurationMinutes: 15 }
        : {}),
      ...(start ? { scheduledAt: start, endsAt: new Date(start.getTime() + 15 * 60_000) } : {}),
    })
    .where(eq(appointments.id, id));
  return id as string;
}

/** A socket.io client of the app, connected (or refused) before it resolves. */
export function connectSocket(baseUrl: string, token?: string, extra: { origin?: string } = {}): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
    extraHeaders: extra.origin ? { origin: extra.origin } : undefined,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function join(socket: Socket, room: string): Promise<{ ok: boolean; error?: string }> {
  return socket.timeout(5_000).emitWithAck('join', room);
}

/** The next `event` on the socket, or a rejection after `ms`. */
export function nextEvent<T = any>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, handler);
  });
}
