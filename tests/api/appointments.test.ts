import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../domain/enums.ts';
import { APPOINTMENT_STATUSES } from '../../domain/enums.ts';
import { appointmentMessages, appointments } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import {
  appointmentInStatus,
  appointmentWorld,
  book,
  client,
  futureSlot,
  json,
  type World,
} from './support/appointments.ts';
import { signin } from './support/accounts.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'appt');
  api = client(t);
});
afterAll(() => t?.close());

const appointmentIn = (status: AppointmentStatus, options: { past?: boolean } = {}) =>
  appointmentInStatus(t, w, status, options);

describe('POST /api/appointments/patient/book-appointment', () => {
  it('books a PENDING appointment with a doctor at a hospital, with names and the patient’s actions', async () => {
    const scheduledAt = futureSlot(5);
    const res = await book(t, w.patient.token, {
      doctorId: w.doctor.referenceId,
      hospitalId: w.hospital.referenceId,
      scheduledAt,
      mode: 'VIRTUAL',
    });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data).toMatchObject({
      status: 'PENDING',
      mode: 'VIRTUAL',
      durationMinutes: 15,
      scheduledAt: new Date(scheduledAt).toISOString(),
      endsAt: new Date(Date.parse(scheduledAt) + 15 * 60_000).toISOString(),
      patient: { id: w.patient.referenceId, name: 'Asha Kulkarni' },
      doctor: { id: w.doctor.referenceId, name: 'Dr Arjun Rao' },
      hospital: { id: w.hospital.referenceId },
      lastActor: 'PATIENT',
      actions: ['CANCEL'],
    });
    // Every party sees it, each with their own side's actions.
    const forDoctor = (await json(await api.get(`/api/appointments/${data.id}`, w.doctor.token))).data;
    expect(forDoctor.actions).toEqual(['ACCEPT', 'REJECT', 'PROPOSE_RESCHEDULE']);
    const forHospital = (await json(await api.get(`/api/appointments/${data.id}`, w.hospital.token))).data;
    expect(forHospital.actions).toEqual(['ACCEPT', 'REJECT', 'PROPOSE_RESCHEDULE']);
    const conversation = (await json(await api.get(`/api/appointments/${data.id}/conversation`, w.doctor.token))).data;
    expect(conversation.messages).toHaveLength(1);
    expect(conversation.messages[0]).toMatchObject({
      kind: 'EVENT',
      authorRole: 'PATIENT',
      authorName: 'Asha Kulkarni',
    });
  });

  it('books a hospital alone, without a doctor', async () => {
    const res = await book(t, w.patient.token, { hospitalId: w.otherHospital.referenceId, scheduledAt: futureSlot(6) });
    expect(res.status).toBe(201);
    expect((await json(res)).data).toMatchObject({ doctor: null, hospital: { id: w.otherHospital.referenceId } });
  });

  it('is for signed-in patients with a profile', async () => {
    const body = { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(7) };
    expect((await book(t, '', body)).status).toBe(401);
    for (const token of [w.doctor.token, w.hospital.token, w.admin.token, w.user.token]) {
      expect((await book(t, token, body)).status).toBe(403);
    }
    const { newAccount } = await import('./support/accounts.ts');
    const fresh = await newAccount(t, 'no.profile.appt@example.in', 'PATIENT');
    const res = await book(t, fresh.token, body);
    expect(res.status).toBe(400);
    expect((await json(res)).details).toEqual({ reason: 'PROFILE_REQUIRED' });
  });

  it('says what is wrong with a bad request, field by field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scheduledAt: futureSlot(8) }, 'body.doctorId'],
      [
        { doctorId: w.doctor.referenceId, scheduledAt: new Date(Date.now() - 60_000).toISOString() },
        'body.scheduledAt',
      ],
      [{ doctorId: w.doctor.referenceId, scheduledAt: '2030-01-05T10:30:00' }, 'body.scheduledAt'],
      [{ doctorId: w.doctor.referenceId, scheduledAt: futureSlot(8), mode: 'TELEPATHY' }, 'body.mode'],
      [{ doctorId: w.doctor.referenceId, scheduledAt: futureSlot(8), reason: '  ' }, 'body.reason'],
      [{ doctorId: w.doctor.referenceId, scheduledAt: futureSlot(8), durationMinutes: 2 }, 'body.durationMinutes'],
      [{ doctorId: 'not-an-id', scheduledAt: futureSlot(8) }, 'body.doctorId'],
    ];
    for (const [body, path] of cases) {
      const res = await book(t, w.patient.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const issues = ((await json(res)).details?.issues ?? []).map((i: { path: string }) => i.path);
      expect(issues, JSON.stringify(body)).toContain(path);
    }
  });

  it('books only doctors and hospitals the directory shows, and a doctor only at their own hospital', async () => {
    expect((await book(t, w.patient.token, { doctorId: MISSING_ID, scheduledAt: futureSlot(9) })).status).toBe(404);
    const notAtThatHospital = await book(t, w.patient.token, {
      doctorId: w.otherDoctor.referenceId,
      hospitalId: w.hospital.referenceId,
      scheduledAt: futureSlot(9),
    });
    expect(notAtThatHospital.status).toBe(400);
    expect((await json(notAtThatHospital)).message).toBe('Dr Neha Mehta does not practise at this hospital.');
  });
});

describe('no double booking', () => {
  it('refuses an overlapping time with the same doctor, allows touching ends and other doctors', async () => {
    const start = futureSlot(12, 0);
    const first = await book(t, w.patient.token, {
      doctorId: w.otherDoctor.referenceId,
      scheduledAt: start,
      durationMinutes: 30,
    });
    expect(first.status).toBe(201);
    const overlapping = await book(t, w.otherPatient.token, {
      doctorId: w.otherDoctor.referenceId,
      scheduledAt: new Date(Date.parse(start) + 15 * 60_000).toISOString(),
    });
    expect(overlapping.status).toBe(409);
    expect(await json(overlapping)).toMatchObject({
      error: 'CONFLICT',
      message: 'That time is already taken with this doctor. Choose another time.',
      details: { reason: 'SLOT_TAKEN' },
    });
    const touching = await book(t, w.otherPatient.token, {
      doctorId: w.otherDoctor.referenceId,
      scheduledAt: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    });
    expect(touching.status).toBe(201);
    const otherDoctor = await book(t, w.otherPatient.token, { doctorId: w.doctor.referenceId, scheduledAt: start });
    expect(otherDoctor.status).toBe(201);
  });

  it('frees the time when an appointment is cancelled', async () => {
    const start = futureSlot(13, 0);
    const first = (
      await json(await book(t, w.patient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: start }))
    ).data;
    expect(
      (await book(t, w.otherPatient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: start })).status,
    ).toBe(409);
    const cancelled = await api.send('PATCH', `/api/appointments/${first.id}/cancel`, w.patient.token, {
      reason: 'Feeling better',
    });
    expect(cancelled.status).toBe(200);
    expect(
      (await book(t, w.otherPatient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: start })).status,
    ).toBe(201);
  });

  it('lets exactly one of many concurrent bookings for one slot win', async () => {
    const start = futureSlot(14, 0);
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book(t, i % 2 ? w.patient.token : w.otherPatient.token, {
          doctorId: w.otherDoctor.referenceId,
          scheduledAt: start,
        }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const held = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.scheduledAt, new Date(start)));
    expect(held.filter((a) => a.doctorId === w.otherDoctor.referenceId)).toHaveLength(1);
  });

  it('refuses to propose, or to accept, a time the doctor already holds', async () => {
    const taken = futureSlot(15, 0);
    await book(t, w.otherPatient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: taken });
    const mine = (
      await json(
        await book(t, w.patient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: futureSlot(15, 120) }),
      )
    ).data;
    const proposal = await api.send('PATCH', `/api/appointments/${mine.id}/reschedule`, w.otherDoctor.token, {
      scheduledAt: taken,
    });
    expect(proposal.status).toBe(409);
    // A free time is proposed; meanwhile someone books it; accepting it then fails and changes nothing.
    const free = futureSlot(15, 240);
    expect(
      (await api.send('PATCH', `/api/appointments/${mine.id}/reschedule`, w.otherDoctor.token, { scheduledAt: free }))
        .status,
    ).toBe(200);
    expect(
      (await book(t, w.otherPatient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: free })).status,
    ).toBe(201);
    const accept = await api.send('PATCH', `/api/appointments/${mine.id}/respond-reschedule`, w.patient.token, {
      decision: 'ACCEPT',
    });
    expect(accept.status).toBe(409);
    expect((await json(await api.get(`/api/appointments/${mine.id}`, w.patient.token))).data.status).toBe(
      'RESCHEDULED',
    );
  });
});

describe('the state machine over HTTP', () => {
  type Caller = 'patient' | 'doctor' | 'hospital' | 'admin' | 'otherPatient' | 'otherDoctor' | 'otherHospital';
  const token = (who: Caller) => {
    const map = {
      patient: w.patient,
      doctor: w.doctor,
      hospital: w.hospital,
      otherPatient: w.otherPatient,
      otherDoctor: w.otherDoctor,
      otherHospital: w.otherHospital,
    };
    return who === 'admin' ? w.admin.token : map[who].token;
  };
  type Step = { path: string; method?: string; body: () => Record<string, unknown> };
  const steps: Record<string, Step> = {
    accept: { path: 'decision', body: () => ({ decision: 'ACCEPT' }) },
    reject: { path: 'decision', body: () => ({ decision: 'REJECT', reason: 'Not available that week' }) },
    confirm: { path: 'confirm', body: () => ({}) },
    cancel: { path: 'cancel', body: () => ({ reason: 'Travelling' }) },
    reschedule: { path: 'reschedule', body: () => ({ scheduledAt: futureSlot(60) }) },
    acceptNewTime: { path: 'respond-reschedule', body: () => ({ decision: 'ACCEPT' }) },
    keepOriginal: { path: 'respond-reschedule', body: () => ({ decision: 'DECLINE' }) },
    complete: { path: 'outcome', body: () => ({ outcome: 'COMPLETED' }) },
    noShow: { path: 'outcome', body: () => ({ outcome: 'NO_SHOW' }) },
    remove: { path: '', method: 'DELETE', body: () => ({}) },
  };
  const run = (id: string, step: Step, who: Caller) =>
    api.send(
      step.method ?? 'PATCH',
      `/api/appointments/${id}${step.path ? `/${step.path}` : ''}`,
      token(who),
      step.body(),
    );

  // Which status each step leads to, from each status it is allowed in (for the side allowed to take it).
  const allowed: Record<
    string,
    { by: Caller[]; from: Partial<Record<AppointmentStatus, AppointmentStatus>>; past?: boolean }
  > = {
    accept: { by: ['doctor', 'hospital'], from: { PENDING: 'ACCEPTED' } },
    reject: { by: ['doctor', 'hospital'], from: { PENDING: 'REJECTED' } },
    confirm: { by: ['doctor', 'hospital'], from: { ACCEPTED: 'CONFIRMED' } },
    cancel: {
      by: ['patient'],
      from: { PENDING: 'CANCELLED', ACCEPTED: 'CANCELLED', RESCHEDULED: 'CANCELLED', CONFIRMED: 'CANCELLED' },
    },
    reschedule: {
      by: ['doctor', 'hospital'],
      from: { PENDING: 'RESCHEDULED', ACCEPTED: 'RESCHEDULED', RESCHEDULED: 'RESCHEDULED', CONFIRMED: 'RESCHEDULED' },
    },
    acceptNewTime: { by: ['patient'], from: { RESCHEDULED: 'CONFIRMED' } },
    keepOriginal: { by: ['patient'], from: { RESCHEDULED: 'PENDING' } },
    complete: { by: ['doctor', 'hospital'], from: { ACCEPTED: 'COMPLETED', CONFIRMED: 'COMPLETED' }, past: true },
    noShow: { by: ['doctor', 'hospital'], from: { ACCEPTED: 'NO_SHOW', CONFIRMED: 'NO_SHOW' }, past: true },
    remove: {
      by: ['patient', 'admin'],
      from: {
        REJECTED: 'REJECTED',
        CANCELLED: 'CANCELLED',
        COMPLETED: 'COMPLETED',
        NO_SHOW: 'NO_SHOW',
        EXPIRED: 'EXPIRED',
      },
    },
  };

  for (const [name, rule] of Object.entries(allowed)) {
    it(`${name}: allowed from ${Object.keys(rule.from).join(', ')} for ${rule.by.join(' and ')}; 409 from every other status`, async () => {
      for (const status of APPOINTMENT_STATUSES) {
        const id = await appointmentIn(status, { past: rule.past });
        const res = await run(id, steps[name]!, rule.by[0]!);
        const expected = rule.from[status];
        if (!expected) {
          expect(res.status, `${name} from ${status}`).toBe(409);
          const body = await json(res);
          expect(body.error).toBe('CONFLICT');
          expect(body.details).toEqual({ status });
          expect((await json(await api.get(`/api/appointments/${id}`, w.admin.token))).data.status).toBe(status);
          continue;
        }
        expect(res.status, `${name} from ${status}: ${JSON.stringify(await res.clone().json())}`).toBe(200);
        if (name === 'remove') {
          expect((await api.get(`/api/appointments/${id}`, w.patient.token)).status).toBe(404);
        } else {
          const { data } = await json(res);
          expect(data.appointment.status, `${name} from ${status}`).toBe(expected);
          expect(data.message.kind).toBe('EVENT');
        }
      }
    });

    it(`${name}: refused for the wrong side (403) and for anyone not on the appointment (404)`, async () => {
      const [status] = Object.keys(rule.from) as AppointmentStatus[];
      const id = await appointmentIn(status!, { past: rule.past });
      const sides: Caller[] = ['patient', 'doctor', 'hospital', 'admin'];
      for (const who of sides.filter((s) => !rule.by.includes(s))) {
        expect((await run(id, steps[name]!, who)).status, `${name} by ${who}`).toBe(403);
      }
      for (const who of ['otherPatient', 'otherDoctor', 'otherHospital'] as Caller[]) {
        const expected = rule.by.some((s) => s.startsWith(who.replace('other', '').toLowerCase())) ? 404 : 403;
        expect((await run(id, steps[name]!, who)).status, `${name} by ${who}`).toBe(expected);
      }
      expect((await json(await api.get(`/api/appointments/${id}`, w.admin.token))).data.status).toBe(status);
    });
  }

  it('marks completed or no-show only once the time has come', async () => {
    const id = await appointmentIn('CONFIRMED');
    const res = await run(id, steps.complete!, 'doctor');
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("Mark completed is possible once the appointment's time has come.");
  });

  it('walks the whole way: request, new time, answer, confirm — every line in the conversation', async () => {
    const start = futureSlot(20);
    const booked = (
      await json(
        await book(t, w.patient.token, {
          doctorId: w.doctor.referenceId,
          hospitalId: w.hospital.referenceId,
          scheduledAt: start,
        }),
      )
    ).data;
    const newTime = futureSlot(21);
    const proposed = await api.send('PATCH', `/api/appointments/${booked.id}/reschedule`, w.hospital.token, {
      scheduledAt: newTime,
      reason: 'Dr Rao is in surgery that morning',
    });
    expect((await json(proposed)).data.appointment).toMatchObject({
      status: 'RESCHEDULED',
      proposedAt: new Date(newTime).toISOString(),
      scheduledAt: new Date(start).toISOString(),
      statusReason: 'Dr Rao is in surgery that morning',
      lastActor: 'HOSPITAL',
    });
    expect((await json(await api.get(`/api/appointments/${booked.id}`, w.patient.token))).data.actions).toEqual([
      'CANCEL',
      'ACCEPT_RESCHEDULE',
      'DECLINE_RESCHEDULE',
    ]);
    const accepted = (
      await json(
        await api.send('PATCH', `/api/appointments/${booked.id}/respond-reschedule`, w.patient.token, {
          decision: 'ACCEPT',
        }),
      )
    ).data.appointment;
    expect(accepted).toMatchObject({
      status: 'CONFIRMED',
      scheduledAt: new Date(newTime).toISOString(),
      proposedAt: null,
    });
    const lines = (await json(await api.get(`/api/appointments/${booked.id}/conversation`, w.patient.token))).data
      .messages;
    expect(lines.map((m: { authorRole: string }) => m.authorRole)).toEqual(['PATIENT', 'HOSPITAL', 'PATIENT']);
    expect(lines[1].body).toContain('Dr Rao is in surgery that morning');
  });

  it('a rejection needs a reason', async () => {
    const id = await appointmentIn('PENDING');
    const res = await api.send('PATCH', `/api/appointments/${id}/decision`, w.doctor.token, { decision: 'REJECT' });
    expect(res.status).toBe(400);
    expect(((await json(res)).details.issues as Array<{ path: string }>).map((i) => i.path)).toContain('body.reason');
  });
});

describe('lists, search and reading', () => {
  it('lists each side’s own appointments, soonest first, with pages and a status filter', async () => {
    for (const [path, who] of [
      ['/api/appointments/patient', w.patient],
      ['/api/appointments/doctor', w.doctor],
      ['/api/appointments/hospital', w.hospital],
    ] as const) {
      const { data } = await json(await api.get(`${path}?limit=100`, who.token));
      expect(data.appointments.length).toBeGreaterThan(0);
      const times = data.appointments.map((a: { scheduledAt: string }) => a.scheduledAt);
      expect([...times].sort()).toEqual(times);
      const ref = who.referenceId;
      expect(data.appointments.every((a: any) => [a.patient.id, a.doctor?.id, a.hospital?.id].includes(ref))).toBe(
        true,
      );
      const pending = (await json(await api.get(`${path}?status=PENDING&limit=100`, who.token))).data;
      expect(pending.appointments.every((a: { status: string }) => a.status === 'PENDING')).toBe(true);
      const two = (await json(await api.get(`${path}?status=PENDING,CONFIRMED&limit=2&page=1`, who.token))).data;
      expect(two.appointments.length).toBeLessThanOrEqual(2);
      expect(two.pagination).toMatchObject({ page: 1, limit: 2 });
    }
    expect((await api.get('/api/appointments/doctor', w.patient.token)).status).toBe(403);
    expect((await api.get('/api/appointments/patient?status=LATE', w.patient.token)).status).toBe(400);
  });

  it('never shows one party’s appointments to another tenant', async () => {
    const id = await appointmentIn('PENDING');
    for (const who of [w.otherPatient, w.otherDoctor, w.otherHospital]) {
      expect((await api.get(`/api/appointments/${id}`, who.token)).status).toBe(404);
      expect((await api.get(`/api/appointments/${id}/conversation`, who.token)).status).toBe(404);
      expect((await api.send('POST', `/api/appointments/${id}/message`, who.token, { body: 'Hello?' })).status).toBe(
        404,
      );
    }
    expect((await api.get(`/api/appointments/${id}`, w.user.token)).status).toBe(404);
    const search = (
      await json(await api.send('POST', '/api/appointments/search', w.otherPatient.token, { limit: 100 }))
    ).data;
    expect(search.appointments.some((a: { id: string }) => a.id === id)).toBe(false);
  });

  it('searches by status, time and name within what the caller may see', async () => {
    const from = new Date(Date.now() + 39 * 86_400_000).toISOString();
    const res = await api.send('POST', '/api/appointments/search', w.doctor.token, {
      status: ['PENDING'],
      from,
      searchQuery: 'asha',
      sortOrder: 'desc',
      limit: 50,
    });
    expect(res.status).toBe(200);
    const { appointments: found, pagination } = (await json(res)).data;
    expect(found.length).toBeGreaterThan(0);
    expect(pagination.total).toBe(found.length);
    expect(
      found.every((a: any) => a.status === 'PENDING' && a.scheduledAt >= from && a.doctor.id === w.doctor.referenceId),
    ).toBe(true);
    const times = found.map((a: { scheduledAt: string }) => a.scheduledAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await api.send('POST', '/api/appointments/search', w.user.token, {})).status).toBe(403);
  });

  it('lets a doctor or hospital read the patients they are in care with, not those who only asked, and no others', async () => {
    expect((await api.get(`/api/patients/${w.patient.referenceId}`, w.doctor.token)).status).toBe(200);
    // The other hospital has only a pending request from the patient: no care relationship yet
    // (domain/rules/careAccess.ts); accepting it starts one.
    const listed = async () =>
      (await json(await api.get('/api/patients?limit=100', w.otherHospital.token))).data.patients.map(
        (p: { id: string }) => p.id,
      );
    expect(await listed()).not.toContain(w.patient.referenceId);
    expect((await api.get(`/api/patients/${w.patient.referenceId}`, w.otherHospital.token)).status).toBe(404);
    const requests = (await json(await api.get('/api/appointments/hospital?status=PENDING', w.otherHospital.token)))
      .data.appointments as Array<{ id: string; patient: { id: string } }>;
    const request = requests.find((a) => a.patient.id === w.patient.referenceId)!;
    expect(request).toBeDefined();
    const accepted = await api.send('PATCH', `/api/appointments/${request.id}/decision`, w.otherHospital.token, {
      decision: 'ACCEPT',
    });
    expect(accepted.status).toBe(200);
    expect(await listed()).toContain(w.patient.referenceId);
    expect((await api.get(`/api/patients/${w.patient.referenceId}`, w.otherHospital.token)).status).toBe(200);
    const fresh = await import('./support/appointments.ts');
    const loner = await (async () => {
      const { newAccount } = await import('./support/accounts.ts');
      const account = await newAccount(t, 'loner.appt@example.in', 'PATIENT');
      const res = await t.request('/api/patients', {
        method: 'POST',
        json: fresh.patientBody('Lone'),
        headers: { authorization: `Bearer ${account.token}` },
      });
      return (await json(res)).data.id as string;
    })();
    expect((await api.get(`/api/patients/${loner}`, w.doctor.token)).status).toBe(404);
  });
});

describe('the conversation', () => {
  it('carries messages both ways, newest first, and only for the parties', async () => {
    const id = await appointmentIn('ACCEPTED');
    const fromPatient = await api.send('POST', `/api/appointments/${id}/message`, w.patient.token, {
      body: 'Should I bring my ECG?',
    });
    expect(fromPatient.status).toBe(201);
    expect((await json(fromPatient)).data).toMatchObject({
      kind: 'MESSAGE',
      authorRole: 'PATIENT',
      authorName: 'Asha Kulkarni',
    });
    const fromDoctor = await api.send('POST', `/api/appointments/${id}/message`, w.doctor.token, {
      body: 'Yes, and the last reports.',
    });
    expect((await json(fromDoctor)).data).toMatchObject({ authorRole: 'DOCTOR', authorName: 'Dr Arjun Rao' });
    const page = (await json(await api.get(`/api/appointments/${id}/conversation?limit=2`, w.hospital.token))).data;
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual([
      'Yes, and the last reports.',
      'Should I bring my ECG?',
    ]);
    expect(page.pagination).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    // Admins read, but do not write.
    expect((await api.get(`/api/appointments/${id}/conversation`, w.admin.token)).status).toBe(200);
    expect((await api.send('POST', `/api/appointments/${id}/message`, w.admin.token, { body: 'Hi' })).status).toBe(403);
    expect((await api.send('POST', `/api/appointments/${id}/message`, w.patient.token, { body: ' ' })).status).toBe(
      400,
    );
    expect(
      (await api.send('POST', `/api/appointments/${id}/message`, w.patient.token, { body: 'x'.repeat(2001) })).status,
    ).toBe(400);
  });
});

describe('expiry', () => {
  it('expires unanswered requests whose time has passed, once, even when runs overlap', async () => {
    const pending = await appointmentIn('PENDING', { past: true });
    const proposal = await appointmentIn('RESCHEDULED', { past: true });
    const accepted = await appointmentIn('ACCEPTED', { past: true });
    const future = await appointmentIn('PENDING');
    const runs = await Promise.all([
      t.app.jobs.runNow('appointments.expire'),
      t.app.jobs.runNow('appointments.expire'),
    ]);
    expect(runs.some(Boolean)).toBe(true);
    await t.app.jobs.runNow('appointments.expire');
    const status = async (id: string) =>
      (await json(await api.get(`/api/appointments/${id}`, w.admin.token))).data.status;
    expect(await status(pending)).toBe('EXPIRED');
    expect(await status(proposal)).toBe('EXPIRED');
    expect(await status(accepted)).toBe('ACCEPTED');
    expect(await status(future)).toBe('PENDING');
    const lines = await t.database.db
      .select()
      .from(appointmentMessages)
      .where(eq(appointmentMessages.appointmentId, pending));
    expect(lines.filter((l) => l.authorRole === 'SYSTEM')).toHaveLength(1);
    const notes = (await json(await api.get('/api/notifications?limit=100', w.patient.token))).data.notifications;
    expect(
      notes.filter((n: any) => n.data.appointmentId === pending && n.title === 'Appointment request expired'),
    ).toHaveLength(1);
  });
});

describe('limits', () => {
  it('slows a session that sends appointment requests in a flood (each one alerts a doctor)', async () => {
    const limited = await startTestApp({ rateLimits: { ...GENEROUS_LIMITS, booking: { max: 3, timeWindow: 60_000 } } });
    try {
      const world = await appointmentWorld(limited, 'flood');
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await book(limited, world.patient.token, {
          doctorId: world.doctor.referenceId,
          scheduledAt: futureSlot(70),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json(last!)).error).toBe('RATE_LIMITED');
      // Signing in again starts no new budget: the limit belongs to the account.
      const again = await signin(limited, 'asha.flood@example.in');
      expect(again.status).toBe(200);
      const fresh = ((await json(again)) as { data: { token: string } }).data.token;
      expect(fresh).not.toBe(world.patient.token);
      const retried = await book(limited, fresh, { doctorId: world.doctor.referenceId, scheduledAt: futureSlot(70) });
      expect(retried.status).toBe(429);
      // Another patient's session is not held back by the first one's flood.
      const other = await book(limited, world.otherPatient.token, {
        doctorId: world.doctor.referenceId,
        scheduledAt: futureSlot(70),
      });
      expect(other.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
