import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../domain/rules/schedules.ts';
import { todayInIndia } from '../../domain/rules/time.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentWorld, book, client, futureSlot, json, type World } from './support/appointments.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'sched');
  api = client(t);
});
afterAll(() => t?.close());

// Dates of their own, whatever today is: a one-off day 10 days ahead, leave 11 days ahead.
const DAY = addDays(todayInIndia(), 10);
const LEAVE_DAY = addDays(todayInIndia(), 11);
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

const clinicSchedule = {
  hospitalId: null,
  // Every weekday morning at the clinic, in person or by video, with a tea break.
  sessions: (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const).map((day) => ({
    day,
    start: '09:00',
    end: '11:00',
    slotMinutes: 30,
    modes: ['IN_PERSON', 'VIRTUAL'],
    breaks: [{ start: '10:00', end: '10:30' }],
  })),
  leave: [{ from: LEAVE_DAY, to: LEAVE_DAY, note: 'Conference' }],
  changes: [
    {
      date: DAY,
      sessions: [{ start: '16:00', end: '17:00', slotMinutes: 20, modes: ['IN_PERSON'], breaks: [] }],
      note: 'Evening clinic only',
    },
  ],
};

const save = (token: string, body: unknown, doctorId = w.doctor.referenceId) =>
  api.send('PUT', `/api/doctors/${doctorId}/schedule`, token, body);
const slots = async (query: string, doctorId = w.doctor.referenceId, token = w.patient.token) => {
  const res = await api.get(`/api/doctors/${doctorId}/slots?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data as { hasSchedule: boolean; slots: Array<Record<string, any>> };
};

describe('schedules', () => {
  it('has no schedule at first: no slots, and any future time books as before', async () => {
    const list = await slots(`from=${DAY}&days=3`);
    expect(list).toMatchObject({ hasSchedule: false, slots: [] });
    const res = await book(t, w.patient.token, { doctorId: w.otherDoctor.referenceId, scheduledAt: futureSlot(12) });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('lets the doctor save their clinic schedule, and the hospital its sessions at the hospital', async () => {
    const saved = await save(w.doctor.token, clinicSchedule);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = await json(saved);
    expect(body.message).toBe('Schedule saved.');
    expect(body.data.places.map((p: any) => [p.hospitalId, p.sessions.length, p.editable])).toEqual([
      [null, 7, true],
      [w.hospital.referenceId, 0, true],
    ]);

    const hospitalSession = {
      hospitalId: w.hospital.referenceId,
      sessions: [
        { day: weekdayOf(DAY), start: '14:00', end: '15:00', slotMinutes: 15, modes: ['IN_PERSON'], breaks: [] },
      ],
    };
    const byHospital = await save(w.hospital.token, hospitalSession);
    expect(byHospital.status, await byHospital.clone().text()).toBe(200);
    // The hospital sees and edits its own place only.
    expect((await json(byHospital)).data.places.map((p: any) => p.hospitalId)).toEqual([w.hospital.referenceId]);

    // A hospital cannot touch the doctor's clinic; a doctor cannot name a hospital they do not practise at.
    const clinicByHospital = await save(w.hospital.token, { ...hospitalSession, hospitalId: null });
    expect(clinicByHospital.status).toBe(400);
    const elsewhere = await save(w.doctor.token, { ...hospitalSession, hospitalId: w.otherHospital.referenceId });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).message).toBe('Dr Arjun Rao does not practise at this hospital.');
    // The admin reads, and cannot edit.
    const read = await api.get(`/api/doctors/${w.doctor.referenceId}/schedule`, w.admin.token);
    expect((await json(read)).data.places.map((p: any) => [p.sessions.length, p.editable])).toEqual([
      [7, false],
      [1, false],
    ]);
  });

  it('refuses sessions that overlap, breaks outside a session, and times that are not times', async () => {
    const session = { day: 'MONDAY', start: '09:00', end: '11:00', slotMinutes: 15, modes: ['IN_PERSON'], breaks: [] };
    for (const sessions of [
      [session, { ...session, start: '10:30', end: '12:00' }],
      [{ ...session, breaks: [{ start: '10:45', end: '11:30' }] }],
      [{ ...session, start: '25:00' }],
      [{ ...session, modes: [] }],
    ]) {
      const res = await save(w.doctor.token, { hospitalId: null, sessions });
      expect(res.status, JSON.stringify(sessions)).toBe(400);
    }
  });

  it('gives open slots across sessions, breaks, leave, one-off changes and places, in India time', async () => {
    const list = await slots(`from=${DAY}&days=2`);
    expect(list.hasSchedule).toBe(true);
    expect(list.slots.map((s) => `${s.date} ${s.time} ${s.hospitalId ? 'hospital' : 'clinic'}`)).toEqual([
      `${DAY} 14:00 hospital`,
      `${DAY} 14:15 hospital`,
      `${DAY} 14:30 hospital`,
      `${DAY} 14:45 hospital`,
      `${DAY} 16:00 clinic`,
      `${DAY} 16:20 clinic`,
      `${DAY} 16:40 clinic`,
    ]);
    expect(list.slots[0]).toMatchObject({ start: new Date(at(DAY, '14:00')).toISOString(), slotMinutes: 15 });
    const virtual = await slots(`from=${addDays(DAY, 2)}&days=1&mode=VIRTUAL`);
    expect(virtual.slots.map((s) => s.time)).toEqual(['09:00', '09:30', '10:30']);
    // The hospital's list: its doctors' slots at the hospital.
    const res = await api.get(`/api/hospitals/${w.hospital.referenceId}/slots?from=${DAY}&days=1`, w.patient.token);
    const hospital = (await json(res)).data;
    expect(hospital.doctors).toEqual([{ id: w.doctor.referenceId, name: 'Dr Arjun Rao', hasSchedule: true }]);
    expect(hospital.slots.map((s: any) => s.time)).toEqual(['14:00', '14:15', '14:30', '14:45']);
  });

  it('books only an open slot: a time outside the schedule is refused with the next open slots', async () => {
    const night = await book(t, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: at(DAY, '03:00') });
    expect(night.status).toBe(409);
    const refusal = await json(night);
    expect(refusal.details.reason).toBe('OUTSIDE_SCHEDULE');
    expect(refusal.message).toMatch(
      /^Dr Arjun Rao does not see patients at that time\. Next open slots: .+, .+, .+\.$/,
    );
    expect(refusal.details.nextSlots).toHaveLength(3);
    // Inside a break, on leave, off the slot grid, or a mode the session does not offer: refused too.
    for (const [scheduledAt, mode] of [
      [at(addDays(DAY, 2), '10:00'), 'IN_PERSON'],
      [at(LEAVE_DAY, '09:00'), 'IN_PERSON'],
      [at(DAY, '16:10'), 'IN_PERSON'],
      [at(DAY, '16:00'), 'HOME_VISIT'],
    ]) {
      const res = await book(t, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt, mode });
      expect(res.status, `${scheduledAt} ${mode}`).toBe(409);
    }

    // An open slot books, for the slot's length; the hospital's slot books at the hospital.
    const ok = await book(t, w.patient.token, {
      doctorId: w.doctor.referenceId,
      scheduledAt: at(DAY, '16:20'),
      durationMinutes: 45,
    });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect((await json(ok)).data).toMatchObject({ durationMinutes: 20, hospital: null });
    const atHospital = await book(t, w.patient.token, {
      doctorId: w.doctor.referenceId,
      scheduledAt: at(DAY, '14:15'),
    });
    expect(atHospital.status).toBe(201);
    expect((await json(atHospital)).data).toMatchObject({
      durationMinutes: 15,
      hospital: { id: w.hospital.referenceId },
    });

    // The slots it took are no longer open; booking one again is the slot-taken conflict.
    const after = await slots(`from=${DAY}&days=1`);
    expect(after.slots.map((s) => s.time)).toEqual(['14:00', '14:30', '14:45', '16:00', '16:40']);
    const again = await book(t, w.otherPatient.token, {
      doctorId: w.doctor.referenceId,
      scheduledAt: at(DAY, '16:20'),
    });
    expect(again.status).toBe(409);
    expect((await json(again)).details.reason).toBe('SLOT_TAKEN');
  });

  it('filters a provider’s list to one India day, soonest first', async () => {
    const res = await api.get(`/api/appointments/doctor?date=${DAY}&limit=100`, w.doctor.token);
    expect(res.status).toBe(200);
    const list = (await json(res)).data.appointments as Array<{ scheduledAt: string }>;
    expect(list.map((a) => a.scheduledAt)).toEqual([
      new Date(at(DAY, '14:15')).toISOString(),
      new Date(at(DAY, '16:20')).toISOString(),
    ]);
    const other = await api.get(`/api/appointments/hospital?date=${addDays(DAY, 1)}`, w.hospital.token);
    expect((await json(other)).data.appointments).toEqual([]);
  });

  it('keeps an unlisted doctor’s slots to their keepers, and refuses a range past its limit', async () => {
    const missing = await api.get('/api/doctors/00000000-0000-4000-8000-000000000000/slots', w.patient.token);
    expect(missing.status).toBe(404);
    const long = await api.get(`/api/doctors/${w.doctor.referenceId}/slots?days=32`, w.patient.token);
    expect(long.status).toBe(400);
    const bad = await api.get(`/api/doctors/${w.doctor.referenceId}/slots?from=2030-02-30`, w.patient.token);
    expect(bad.status).toBe(400);
  });
});
