import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/rules/schedules.ts';
import { isoToIndiaDateTime, todayInIndia } from '../../domain/rules/time.ts';
import { appointments, notifications, waitlistEntries, waitlistOffers } from '../../server/db/schema/index.ts';
import { bearer, newAccount } from './support/accounts.ts';
import { appointmentWorld, book, client, json, patientBody, type Member, type World } from './support/appointments.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;
let meera: Member;
let kiran: Member;

async function newPatient(email: string, first: string): Promise<Member> {
  const account = await newAccount(t, email, 'PATIENT');
  const res = await t.request('/api/patients', {
    method: 'POST',
    json: patientBody(first),
    headers: bearer(account.token),
  });
  expect(res.status).toBe(201);
  return { token: account.token, userId: account.user.id, referenceId: (await json(res)).data.id };
}

// A day of its own five days ahead: the doctor sees patients there 09:00–11:00 in 30-minute slots.
const DAY = addDays(todayInIndia(), 5);
const DAY2 = addDays(todayInIndia(), 6);
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

beforeAll(async () => {
  // Offers go out at once whatever the hour this runs at; the quiet hours have their own test below.
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS, env: { WAITLIST_QUIET_HOURS: 'off' } });
  w = await appointmentWorld(t, 'wait');
  api = client(t);
  meera = await newPatient('meera.wait@example.in', 'Meera');
  kiran = await newPatient('kiran.wait@example.in', 'Kiran');
  const saved = await api.send('PUT', `/api/doctors/${w.doctor.referenceId}/schedule`, w.doctor.token, {
    hospitalId: w.hospital.referenceId,
    sessions: [],
    changes: [DAY, DAY2].map((date) => ({
      date,
      sessions: [{ start: '09:00', end: '11:00', slotMinutes: 30, modes: ['IN_PERSON', 'VIRTUAL'], breaks: [] }],
    })),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
});
afterAll(() => t?.close());

const join = (token: string, body: Record<string, unknown> = {}) =>
  api.send('POST', '/api/waitlist/join', token, {
    doctorId: w.doctor.referenceId,
    hospitalId: w.hospital.referenceId,
    preferredFrom: DAY,
    preferredTo: DAY,
    reason: 'Follow-up of chest pain',
    ...body,
  });
const entry = async (id: string, token: string) => {
  const res = await api.get(`/api/waitlist/${id}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data;
};
const setStatus = (id: string, token: string, status: string) =>
  api.send('PATCH', `/api/waitlist/${id}/status`, token, { status });
const runJob = () => t.app.jobs.runNow('waitlist.offers');
const runOutHolds = async () => {
  await t.database.db
    .update(waitlistOffers)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(waitlistOffers.status, 'HELD'));
  await runJob();
};
async function bookAt(member: Member, start: string) {
  const res = await book(t, member.token, {
    doctorId: w.doctor.referenceId,
    hospitalId: w.hospital.referenceId,
    scheduledAt: start,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data.id as string;
}
const cancel = (id: string, token: string) =>
  api.send('PATCH', `/api/appointments/${id}/cancel`, token, { reason: 'Cannot come that day' });

describe('joining the waitlist', () => {
  it('refuses bad dates, unknown doctors, a second entry for the same queue', async () => {
    const past = await join(w.patient.token, {
      preferredFrom: addDays(todayInIndia(), -3),
      preferredTo: addDays(todayInIndia(), -1),
    });
    expect(past.status).toBe(400);
    const backwards = await join(w.patient.token, { preferredFrom: DAY2, preferredTo: DAY });
    expect(backwards.status).toBe(400);
    const nobody = await join(w.patient.token, { doctorId: '00000000-0000-4000-8000-000000000000' });
    expect(nobody.status).toBe(404);
    const neither = await api.send('POST', '/api/waitlist/join', w.patient.token, {
      preferredFrom: DAY,
      preferredTo: DAY,
      reason: 'x',
    });
    expect(neither.status).toBe(400);
  });
});

describe('automatic offers', () => {
  let asha: string;
  let ravi: string;
  let meerasAppointment: string;

  it('queues two patients in order; the third patient books the 09:00 slot', async () => {
    meerasAppointment = await bookAt(meera, at(DAY, '09:00'));
    const first = await join(w.patient.token);
    expect(first.status, await first.clone().text()).toBe(201);
    asha = (await json(first)).data.id;
    const again = await join(w.patient.token);
    expect(again.status).toBe(409);
    const second = await join(w.otherPatient.token, { mode: 'IN_PERSON', urgency: 'HIGH' });
    ravi = (await json(second)).data.id;
    expect((await entry(asha, w.patient.token)).position).toBe(1);
    expect(await entry(ravi, w.otherPatient.token)).toMatchObject({
      position: 2,
      status: 'ACTIVE',
      urgency: 'HIGH',
      priority: 'MEDIUM',
    });

    const mine = await json(await api.get('/api/waitlist/patient/me', w.patient.token));
    expect(mine.data.entries.map((e: any) => e.id)).toEqual([asha]);
  });

  it('offers the freed slot to the first in line alone when the third patient cancels', async () => {
    expect((await cancel(meerasAppointment, meera.token)).status).toBe(200);
    const offered = await entry(asha, w.patient.token);
    expect(offered.status).toBe('NOTIFIED');
    expect(offered.offer).toMatchObject({
      slotStart: at(DAY, '09:00'),
      doctorId: w.doctor.referenceId,
      source: 'AUTOMATIC',
    });
    expect(Date.parse(offered.offer.expiresAt)).toBeGreaterThan(Date.now());
    expect(offered.actions).toEqual(expect.arrayContaining(['ACCEPT_OFFER', 'DECLINE_OFFER', 'LEAVE']));
    expect((await entry(ravi, w.otherPatient.token)).status).toBe('ACTIVE');

    // Held for her alone: nobody else books it, and the open slots leave it out.
    const taken = await book(t, kiran.token, {
      doctorId: w.doctor.referenceId,
      hospitalId: w.hospital.referenceId,
      scheduledAt: at(DAY, '09:00'),
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).details.reason).toBe('SLOT_HELD');
    const slots = (
      await json(await api.get(`/api/doctors/${w.doctor.referenceId}/slots?from=${DAY}&days=1`, kiran.token))
    ).data;
    expect(slots.slots.map((s: any) => s.time)).not.toContain('09:00');

    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, w.patient.userId));
    expect(told.some((n) => n.title === 'A time has opened up for you')).toBe(true);
  });

  it('passes the slot to the next in line when the hold runs out; the first keeps her place', async () => {
    await runOutHolds();
    const lapsed = await entry(asha, w.patient.token);
    expect(lapsed).toMatchObject({ status: 'ACTIVE', position: 1, offer: null });
    expect(lapsed.history.map((h: any) => h.action)).toEqual(['OFFER', 'LAPSE']);
    const next = await entry(ravi, w.otherPatient.token);
    expect(next.status).toBe('NOTIFIED');
    expect(next.offer.slotStart).toBe(at(DAY, '09:00'));
    // Two offers for one slot never exist at once.
    const held = await t.database.db.select().from(waitlistOffers).where(eq(waitlistOffers.status, 'HELD'));
    expect(held).toHaveLength(1);
  });

  it('books the slot when the second accepts, as an accepted appointment', async () => {
    const res = await setStatus(ravi, w.otherPatient.token, 'CONVERTED');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body.data.entry).toMatchObject({ status: 'CONVERTED', position: null });
    const [appointment] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, body.data.appointmentId));
    expect(appointment).toMatchObject({ status: 'ACCEPTED', patientId: w.otherPatient.referenceId, mode: 'IN_PERSON' });
    expect(appointment!.scheduledAt.toISOString()).toBe(at(DAY, '09:00'));
    expect(body.data.entry.appointmentId).toBe(body.data.appointmentId);

    const stats = (await json(await api.get('/api/waitlist/stats/overview', w.hospital.token))).data;
    expect(stats).toMatchObject({
      freedSlots: 1,
      filledFromWaitlist: 1,
      fillRate: 1,
      offersMade: 2,
      offersPerFill: 2,
      offersLapsed: 1,
    });
    expect(stats.byStatus).toMatchObject({ ACTIVE: 1, CONVERTED: 1 });
    expect(stats.medianMinutesToFill).toBeGreaterThanOrEqual(0);
  });

  it('gives two accepts of one offer one appointment', async () => {
    const id = await bookAt(meera, at(DAY, '09:30'));
    expect((await cancel(id, meera.token)).status).toBe(200);
    expect((await entry(asha, w.patient.token)).status).toBe('NOTIFIED');
    const answers = await Promise.all([
      setStatus(asha, w.patient.token, 'CONVERTED'),
      setStatus(asha, w.patient.token, 'CONVERTED'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.patientId, w.patient.referenceId));
    expect(booked.filter((a) => a.scheduledAt.toISOString() === at(DAY, '09:30'))).toHaveLength(1);
  });
});

describe('the hospital’s queue', () => {
  it('offers by priority before position, records moves with who and why, and lets the decliner keep her place', async () => {
    const first = (await json(await join(w.patient.token, { preferredFrom: DAY2, preferredTo: DAY2 }))).data.id;
    const second = (await json(await join(kiran.token, { preferredFrom: DAY2, preferredTo: DAY2 }))).data.id;
    // The desk makes the second urgent, then moves her to the front.
    const urgent = await api.send('PATCH', `/api/waitlist/${second}/position`, w.hospital.token, {
      priority: 'URGENT',
      reason: 'Worsening symptoms',
    });
    expect(urgent.status, await urgent.clone().text()).toBe(200);
    const moved = await api.send('PATCH', `/api/waitlist/${second}/position`, w.hospital.token, {
      position: 1,
      reason: 'Referred by casualty',
    });
    expect((await json(moved)).data.position).toBe(1);
    const history = (await entry(second, w.hospital.token)).history;
    expect(history.map((h: any) => [h.action, h.actorRole])).toEqual([
      ['MOVE', 'HOSPITAL'],
      ['MOVE', 'HOSPITAL'],
    ]);
    expect(history[1].reason).toContain('Referred by casualty');
    expect((await entry(first, w.patient.token)).position).toBe(2);

    const id = await bookAt(meera, at(DAY2, '10:00'));
    await cancel(id, meera.token);
    expect((await entry(second, kiran.token)).status).toBe('NOTIFIED');
    const declined = await setStatus(second, kiran.token, 'ACTIVE');
    expect(declined.status, await declined.clone().text()).toBe(200);
    expect(await entry(second, kiran.token)).toMatchObject({ status: 'ACTIVE', position: 1 });
    expect((await entry(first, w.patient.token)).status).toBe('NOTIFIED');
  });

  it('lists with the SPEC filters, offers by hand, and refuses other tenants with 404', async () => {
    const list = (
      await json(
        await api.get(
          `/api/waitlist?status=ACTIVE&preferredDate=${DAY2}&doctorId=${w.doctor.referenceId}`,
          w.hospital.token,
        ),
      )
    ).data;
    expect(list.entries.length).toBeGreaterThan(0);
    expect(list.entries.every((e: any) => e.status === 'ACTIVE')).toBe(true);
    expect(list.pagination).toMatchObject({ page: 1, limit: 10 });
    const waiting = list.entries[0];

    // A time no slot of the doctor's schedule starts at is refused as booking would refuse it, naming open ones.
    const outside = await api.send('POST', '/api/waitlist/notify', w.hospital.token, {
      waitlistId: waiting.id,
      scheduledAt: at(DAY2, '10:10'),
    });
    expect(outside.status, await outside.clone().text()).toBe(409);
    const refusal = await json(outside);
    expect(refusal.details.reason).toBe('OUTSIDE_SCHEDULE');
    expect(refusal.details.nextSlots.length).toBeGreaterThan(0);
    expect((await entry(waiting.id, w.hospital.token)).status).toBe('ACTIVE');

    // By hand: the desk offers 10:30 on the second day.
    const offered = await api.send('POST', '/api/waitlist/notify', w.hospital.token, {
      waitlistId: waiting.id,
      scheduledAt: at(DAY2, '10:30'),
    });
    expect(offered.status, await offered.clone().text()).toBe(200);
    expect((await json(offered)).data.offer).toMatchObject({ source: 'MANUAL', slotStart: at(DAY2, '10:30') });

    for (const token of [w.otherPatient.token, w.otherHospital.token, w.otherDoctor.token]) {
      expect((await api.get(`/api/waitlist/${waiting.id}`, token)).status).toBe(404);
    }
    const foreignMove = await api.send('PATCH', `/api/waitlist/${waiting.id}/position`, w.otherHospital.token, {
      position: 1,
      reason: 'x',
    });
    expect(foreignMove.status).toBe(404);
    expect(
      (await api.get(`/api/waitlist/stats/overview?hospitalId=${w.hospital.referenceId}`, w.otherHospital.token))
        .status,
    ).toBe(404);
    const theirs = (await json(await api.get('/api/waitlist', w.otherHospital.token))).data;
    expect(theirs.entries).toEqual([]);
  });

  it('expires entries whose dates have passed', async () => {
    const id = (await json(await join(meera.token, { preferredFrom: DAY, preferredTo: DAY2 }))).data.id;
    await t.database.db
      .update(waitlistEntries)
      .set({ preferredFrom: addDays(todayInIndia(), -5), preferredTo: addDays(todayInIndia(), -1) })
      .where(eq(waitlistEntries.id, id));
    await runJob();
    expect((await entry(id, meera.token)).status).toBe('EXPIRED');
  });
});

describe('replacing a later appointment', () => {
  it('keeps the later appointment until the earlier offer is accepted, then cancels it', async () => {
    const later = await bookAt(meera, at(DAY2, '09:00'));
    const joined = await join(meera.token, { preferredFrom: DAY, preferredTo: DAY, replacesAppointmentId: later });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const id = (await json(joined)).data.id;
    const freed = await bookAt(kiran, at(DAY, '10:30'));
    await cancel(freed, kiran.token);
    const offered = await entry(id, meera.token);
    expect(offered.status).toBe('NOTIFIED');
    const [still] = await t.database.db.select().from(appointments).where(eq(appointments.id, later));
    expect(still!.status).toBe('PENDING');
    expect((await setStatus(id, meera.token, 'CONVERTED')).status).toBe(200);
    const [gone] = await t.database.db.select().from(appointments).where(eq(appointments.id, later));
    expect(gone!.status).toBe('CANCELLED');
  });
});

describe('slots a schedule opens', () => {
  it('offers a day freed by cancelled leave to whoever waits for it', async () => {
    const DAY3 = addDays(todayInIndia(), 8);
    const schedule = (leave: Array<{ from: string; to: string }>) =>
      api.send('PUT', `/api/doctors/${w.doctor.referenceId}/schedule`, w.hospital.token, {
        hospitalId: w.hospital.referenceId,
        sessions: [],
        leave,
        changes: [DAY, DAY2, DAY3].map((date) => ({
          date,
          sessions: [{ start: '09:00', end: '11:00', slotMinutes: 30, modes: ['IN_PERSON', 'VIRTUAL'], breaks: [] }],
        })),
      });
    expect((await schedule([{ from: DAY3, to: DAY3 }])).status).toBe(200);
    const joined = await join(w.otherPatient.token, { preferredFrom: DAY3, preferredTo: DAY3 });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const id = (await json(joined)).data.id;
    expect((await entry(id, w.otherPatient.token)).status).toBe('ACTIVE');

    expect((await schedule([])).status).toBe(200);
    const offered = await entry(id, w.otherPatient.token);
    expect(offered.status).toBe('NOTIFIED');
    expect(offered.offer.slotStart).toBe(at(DAY3, '09:00'));
  });
});

describe('quiet hours', () => {
  /** 'HH:MM' India time, `minutes` from now, round the clock. */
  const indiaTimeIn = (minutes: number) =>
    isoToIndiaDateTime(new Date(Date.now() + minutes * 60_000).toISOString()).time;

  it('holds an offer made in the quiet hours until they end, when the job tells the patient', async () => {
    const DAY4 = addDays(todayInIndia(), 9);
    const saved = await api.send('PUT', `/api/doctors/${w.doctor.referenceId}/schedule`, w.hospital.token, {
      hospitalId: w.hospital.referenceId,
      sessions: [],
      changes: [DAY, DAY2, addDays(todayInIndia(), 8), DAY4].map((date) => ({
        date,
        sessions: [{ start: '09:00', end: '11:00', slotMinutes: 30, modes: ['IN_PERSON', 'VIRTUAL'], breaks: [] }],
      })),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const sita = await newPatient('sita.wait@example.in', 'Sita');
    const toldSita = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, sita.userId))).filter(
        (n) => n.title === 'A time has opened up for you',
      ).length;

    // The configured window, read at each offer: now it is night, India time, for the next hour.
    t.config.waitlistQuietHours = { start: indiaTimeIn(-60), end: indiaTimeIn(60) };
    try {
      const freed = await bookAt(kiran, at(DAY4, '09:00'));
      const joined = await join(sita.token, { preferredFrom: DAY4, preferredTo: DAY4 });
      expect(joined.status, await joined.clone().text()).toBe(201);
      const id = (await json(joined)).data.id;
      expect((await cancel(freed, kiran.token)).status).toBe(200);

      const [held] = await t.database.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, id));
      expect(held).toMatchObject({ status: 'HELD', deliveredAt: null });
      // Told when the quiet hours end (within the hour), and held for the usual time after that.
      expect(held!.notifyAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
      expect(held!.expiresAt.getTime() - held!.notifyAt.getTime()).toBe(15 * 60_000);
      expect(await toldSita()).toBe(0);
      await runJob();
      expect(await toldSita()).toBe(0);

      // Morning: the job delivers it, once.
      await t.database.db
        .update(waitlistOffers)
        .set({ notifyAt: new Date(Date.now() - 1000) })
        .where(eq(waitlistOffers.id, held!.id));
      await runJob();
      await runJob();
      expect(await toldSita()).toBe(1);
      const [delivered] = await t.database.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, held!.id));
      expect(delivered!.deliveredAt).not.toBeNull();
    } finally {
      t.config.waitlistQuietHours = null;
    }
  });
});
