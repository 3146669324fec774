import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMPLIED_CONSENT_SCOPE } from '../../domain/rules/telemedicine.ts';
import { consultations, workflowHistory } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentWorld, client, connectSocket, json, nextEvent, type World } from './support/appointments.ts';
import { teleconsultation } from './support/telemedicine.ts';
import { SOCKET_EVENT_BUDGET } from '../../server/platform/realtime.ts';

const ICE = [{ urls: 'stun:stun.example.in:3478' }];

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS, env: { ICE_SERVERS: JSON.stringify(ICE) } });
  w = await appointmentWorld(t, 'tele');
  api = client(t);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t?.close());

const start = (id: string, token: string) => api.send('POST', `/api/consultations/${id}/telemedicine/start`, token);
const end = (id: string, token: string) => api.send('POST', `/api/consultations/${id}/telemedicine/end`, token);
const record = async (id: string) => (await json(await api.get(`/api/consultations/${id}`, w.doctor.token))).data;
async function refusal(res: Response) {
  expect(res.status).toBe(409);
  return (await json(res)).details?.reason as string;
}

describe('who may join', () => {
  it('lets the treating doctor and the patient in; the hospital and admin 403, other tenants 404', async () => {
    const id = await teleconsultation(t, w);
    const doctor = await start(id, w.doctor.token);
    expect(doctor.status, await doctor.clone().text()).toBe(200);
    const session = (await json(doctor)).data;
    expect(session).toMatchObject({
      consultationId: id,
      consultationType: 'VIDEO',
      open: true,
      peer: { role: 'PATIENT', name: 'Asha Kulkarni' },
      iceServers: ICE,
    });
    const patient = (await json(await start(id, w.patient.token))).data;
    expect(patient).toMatchObject({ open: true, peer: { role: 'DOCTOR', name: 'Dr Arjun Rao' } });
    expect(patient.sessionStartedAt).toBe(session.sessionStartedAt);

    expect((await start(id, w.hospital.token)).status).toBe(403);
    expect((await start(id, w.admin.token)).status).toBe(403);
    expect((await start(id, w.otherDoctor.token)).status).toBe(404);
    expect((await start(id, w.otherPatient.token)).status).toBe(404);
    expect((await end(id, w.otherPatient.token)).status).toBe(404);
    expect((await end(id, w.hospital.token)).status).toBe(403);
    expect((await start(id, '')).status).toBe(401);
  });

  it('moves a scheduled consultation to IN_PROGRESS when the doctor joins, with its history and audit', async () => {
    const id = await teleconsultation(t, w);
    expect((await record(id)).status).toBe('SCHEDULED');
    await start(id, w.patient.token);
    expect((await record(id)).status).toBe('SCHEDULED');
    await start(id, w.doctor.token);
    const after = await record(id);
    expect(after.status).toBe('IN_PROGRESS');
    expect(after.startedAt).not.toBeNull();
    const history = await t.database.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.entityId, id), eq(workflowHistory.action, 'START')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: 'SCHEDULED', toStatus: 'IN_PROGRESS' });
    const log = (await json(await api.get(`/api/consultations/${id}/audit-log`, w.doctor.token))).data.entries;
    const actions = log.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['TELEMEDICINE_START', 'TELEMEDICINE_JOIN']));
  });
});

describe('the rules', () => {
  it('opens 15 minutes before the appointment and closes 30 minutes after its end', async () => {
    const early = await teleconsultation(t, w, { minutes: 20 });
    expect(await refusal(await start(early, w.doctor.token))).toBe('TOO_EARLY');
    expect(await refusal(await start(early, w.patient.token))).toBe('TOO_EARLY');
    const soon = await teleconsultation(t, w, { minutes: 10 });
    expect((await start(soon, w.doctor.token)).status).toBe(200);
    const late = await teleconsultation(t, w, { minutes: -40 });
    expect(await refusal(await start(late, w.doctor.token))).toBe('TOO_LATE');
    const stillOpen = await teleconsultation(t, w, { minutes: -25 });
    expect((await start(stillOpen, w.patient.token)).status).toBe(200);
  });

  it('holds only video, audio and chat consultations', async () => {
    const visit = await teleconsultation(t, w, { type: 'IN_PERSON' });
    expect(await refusal(await start(visit, w.doctor.token))).toBe('TYPE');
    const home = await teleconsultation(t, w, { type: 'HOME_VISIT' });
    expect(await refusal(await start(home, w.patient.token))).toBe('TYPE');
    const audio = await teleconsultation(t, w, { type: 'AUDIO' });
    expect((await json(await start(audio, w.doctor.token))).data.consultationType).toBe('AUDIO');
    const chat = await teleconsultation(t, w, { type: 'CHAT' });
    const session = (await json(await start(chat, w.patient.token))).data;
    expect(session).toMatchObject({ consultationType: 'CHAT', open: true });
    expect(session.appointmentId).toEqual(expect.any(String));
  });

  it('needs the consent recorded before the doctor starts; the patient starting records it as implied', async () => {
    const id = await teleconsultation(t, w, { consent: false });
    expect(await refusal(await start(id, w.doctor.token))).toBe('CONSENT');
    expect((await start(id, w.patient.token)).status).toBe(200);
    const consents = (await record(id)).consents;
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ scope: IMPLIED_CONSENT_SCOPE, agreed: true, givenBy: 'PATIENT' });
    expect((await start(id, w.doctor.token)).status).toBe(200);
  });

  it('refuses both once the patient has refused a teleconsultation', async () => {
    const id = await teleconsultation(t, w);
    const refused = await api.send('POST', `/api/consultations/${id}/consent`, w.doctor.token, {
      scope: 'Teleconsultation withdrawn by the patient',
      agreed: false,
    });
    expect(refused.status).toBe(201);
    expect(await refusal(await start(id, w.patient.token))).toBe('CONSENT_REFUSED');
    expect(await refusal(await start(id, w.doctor.token))).toBe('CONSENT_REFUSED');
  });

  it('refuses a consultation that is over', async () => {
    const id = await teleconsultation(t, w);
    await api.send('PUT', `/api/consultations/${id}`, w.doctor.token, { action: 'START' });
    await api.send('PUT', `/api/consultations/${id}`, w.doctor.token, { action: 'COMPLETE_CONSULTATION' });
    expect(await refusal(await start(id, w.patient.token))).toBe('STATUS');
  });
});

describe('the duration', () => {
  it('records started at, ended at and the seconds; repeating start or end changes nothing', async () => {
    const id = await teleconsultation(t, w);
    expect(await refusal(await end(id, w.doctor.token))).toBeUndefined();
    const opened = (await json(await start(id, w.doctor.token))).data;
    const again = (await json(await start(id, w.doctor.token))).data;
    expect(again.sessionStartedAt).toBe(opened.sessionStartedAt);
    // The call has lasted 95 seconds.
    const began = new Date(Date.now() - 95_000);
    await t.database.db.update(consultations).set({ telemedicineSessionAt: began }).where(eq(consultations.id, id));
    const ended = await end(id, w.patient.token);
    expect(ended.status, await ended.clone().text()).toBe(200);
    const closed = (await json(ended)).data;
    expect(closed).toMatchObject({ open: false, sessionStartedAt: null, startedAt: opened.startedAt });
    expect(closed.durationSeconds).toBeGreaterThanOrEqual(95);
    expect(closed.durationSeconds).toBeLessThan(100);
    expect(closed.endedAt).not.toBeNull();
    const twice = (await json(await end(id, w.patient.token))).data;
    expect(twice).toEqual(closed);
    expect((await record(id)).telemedicine).toEqual({
      startedAt: closed.startedAt,
      open: false,
      endedAt: closed.endedAt,
      durationSeconds: closed.durationSeconds,
    });
    const log = (await json(await api.get(`/api/consultations/${id}/audit-log`, w.doctor.token))).data.entries;
    expect(log.filter((e: { action: string }) => e.action === 'TELEMEDICINE_END')).toHaveLength(1);

    // A dropped call is rejoined: a second session adds to the length, the first start stays.
    const reopened = (await json(await start(id, w.patient.token))).data;
    expect(reopened).toMatchObject({ open: true, startedAt: opened.startedAt });
    await t.database.db
      .update(consultations)
      .set({ telemedicineSessionAt: new Date(Date.now() - 10_000) })
      .where(eq(consultations.id, id));
    const total = (await json(await end(id, w.doctor.token))).data;
    expect(total.durationSeconds - closed.durationSeconds).toBeGreaterThanOrEqual(10);
  });
});

describe('signalling', () => {
  async function socketOf(token: string) {
    const socket = await connectSocket(t.baseUrl, token);
    open.push(socket);
    return socket;
  }
  const joinCall = (socket: Socket, id: unknown) => socket.timeout(5_000).emitWithAck('call:join', id);
  const signal = (socket: Socket, body: unknown) => socket.timeout(5_000).emitWithAck('call:signal', body);

  it('relays offer, answer and ICE between the two participants of an open session only', async () => {
    const id = await teleconsultation(t, w);
    const doctor = await socketOf(w.doctor.token);
    const patient = await socketOf(w.patient.token);
    const stranger = await socketOf(w.otherPatient.token);
    const hospital = await socketOf(w.hospital.token);
    // No session yet: nobody joins.
    expect(await joinCall(doctor, id)).toEqual({ ok: false, error: 'FORBIDDEN' });
    await start(id, w.doctor.token);
    expect(await joinCall(doctor, id)).toEqual({ ok: true });
    expect(await joinCall(patient, id)).toEqual({ ok: true });
    expect(await joinCall(stranger, id)).toEqual({ ok: false, error: 'FORBIDDEN' });
    expect(await joinCall(hospital, id)).toEqual({ ok: false, error: 'FORBIDDEN' });
    expect(await joinCall(doctor, 'not-an-id')).toEqual({ ok: false, error: 'FORBIDDEN' });

    let strangerHeard = 0;
    stranger.on('callSignal', () => (strangerHeard += 1));
    const offer = { type: 'offer', sdp: 'v=0' };
    const heard = nextEvent(patient, 'callSignal');
    expect(await signal(doctor, { consultationId: id, kind: 'offer', data: offer })).toEqual({ ok: true });
    expect(await heard).toEqual({ consultationId: id, kind: 'offer', data: offer, from: 'DOCTOR' });
    const answered = nextEvent(doctor, 'callSignal');
    await signal(patient, { consultationId: id, kind: 'answer', data: { type: 'answer', sdp: 'v=0' } });
    expect(await answered).toMatchObject({ kind: 'answer', from: 'PATIENT' });

    // Not in the room, or a malformed signal: refused.
    expect(await signal(stranger, { consultationId: id, kind: 'ice', data: {} })).toEqual({
      ok: false,
      error: 'FORBIDDEN',
    });
    expect(await signal(doctor, { consultationId: id, kind: 'shout' })).toEqual({ ok: false, error: 'FORBIDDEN' });

    // Ending the session tells both, and empties the room.
    const doctorHears = nextEvent(doctor, 'callEnded');
    const patientHears = nextEvent(patient, 'callEnded');
    await end(id, w.patient.token);
    expect(await doctorHears).toEqual({ consultationId: id });
    expect(await patientHears).toEqual({ consultationId: id });
    expect(await signal(doctor, { consultationId: id, kind: 'hangup' })).toEqual({ ok: false, error: 'FORBIDDEN' });
    expect(await joinCall(patient, id)).toEqual({ ok: false, error: 'FORBIDDEN' });
    expect(strangerHeard).toBe(0);
  });

  it('counts refused signals against the connection’s event budget', async () => {
    const id = await teleconsultation(t, w);
    const stranger = await socketOf(w.otherPatient.token);
    const answers = await Promise.all(
      Array.from({ length: SOCKET_EVENT_BUDGET.burst + 5 }, () =>
        signal(stranger, { consultationId: id, kind: 'ice', data: { n: 1, candidates: [] } }),
      ),
    );
    const errors = answers.map((a) => (a as { error: string }).error);
    expect(errors.filter((e) => e === 'FORBIDDEN').length).toBeLessThanOrEqual(SOCKET_EVENT_BUDGET.burst);
    expect(errors).toContain('RATE_LIMITED');
  });

  it('tells the other side when a participant leaves the call', async () => {
    const id = await teleconsultation(t, w);
    await start(id, w.patient.token);
    const doctor = await socketOf(w.doctor.token);
    const patient = await socketOf(w.patient.token);
    await joinCall(doctor, id);
    await joinCall(patient, id);
    const left = nextEvent(doctor, 'callSignal');
    expect(await patient.timeout(5_000).emitWithAck('call:leave', id)).toEqual({ ok: true });
    expect(await left).toEqual({ consultationId: id, kind: 'left', from: 'PATIENT' });
  });
});
