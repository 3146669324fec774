import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, consultationBillLines, doctors, notifications } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentInStatus, appointmentWorld, client, json, type World } from './support/appointments.ts';
import { onboardDiagnostics, type Org } from './support/organisations.ts';

let t: TestApp;
let w: World;
let centre: Org;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'care');
  centre = await onboardDiagnostics(t, 'lab.care@example.in', 'Pune Care Diagnostics', 'DL-CARE-1');
  api = client(t);
});
afterAll(() => t?.close());

const path = (id: string, rest = '') => `/api/consultations/${id}${rest}`;

/** A consultation of the world's patient with its doctor, completed by the doctor unless asked not to. */
async function consultation(complete = true): Promise<string> {
  const appointmentId = await appointmentInStatus(t, w, 'ACCEPTED');
  const res = await api.send('POST', '/api/consultations', w.doctor.token, { appointmentId });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = (await json(res)).data.id as string;
  if (complete) {
    const done = await api.send('PUT', path(id), w.doctor.token, { action: 'COMPLETE_CONSULTATION' });
    expect(done.status, await done.clone().text()).toBe(200);
  }
  return id;
}

const pay = (id: string, body: Record<string, unknown>, token = w.hospital.token) =>
  api.send('POST', path(id, '/payments'), token, body);

describe('billing', () => {
  it('bills the fee on completion, takes part then full payment, and is BILLING_COMPLETED with nothing due', async () => {
    const id = await consultation();
    const bill = (await json(await api.get(path(id, '/billing'), w.patient.token))).data;
    expect(bill).toMatchObject({ totalPaise: 80_000, duePaise: 80_000, paymentStatus: 'PENDING', canCharge: false });
    expect(bill.lines[0]).toMatchObject({ kind: 'CHARGE', description: 'Consultation fee', amountPaise: 80_000 });

    const charged = await pay(id, { kind: 'CHARGE', description: 'Dressing', amountPaise: 20_000, taxRateBps: 1800 });
    expect(charged.status, await charged.clone().text()).toBe(201);
    expect((await json(charged)).data).toMatchObject({ totalPaise: 103_600, taxPaise: 3_600 });

    const part = await pay(id, { amountPaise: 50_000, method: 'UPI', reference: 'UPI-123' });
    expect((await json(part)).data).toMatchObject({ paidPaise: 50_000, duePaise: 53_600, paymentStatus: 'PARTIAL' });
    const failed = await pay(id, { amountPaise: 53_600, method: 'CARD', reference: 'DECLINED-1', failed: true });
    expect((await json(failed)).data).toMatchObject({ duePaise: 53_600, paymentStatus: 'PARTIAL' });
    expect((await pay(id, { amountPaise: 53_601, method: 'CASH' })).status).toBe(409);
    const full = await pay(id, { amountPaise: 53_600, method: 'CASH' });
    expect((await json(full)).data).toMatchObject({ duePaise: 0, paymentStatus: 'COMPLETED' });

    const record = (await json(await api.get(path(id), w.doctor.token))).data;
    expect(record.status).toBe('BILLING_COMPLETED');
  });

  it('never changes a line: a refund is a new line, and cannot exceed what was paid', async () => {
    const id = await consultation();
    await pay(id, { amountPaise: 80_000, method: 'CASH' });
    const before = await t.database.db
      .select()
      .from(consultationBillLines)
      .where(eq(consultationBillLines.consultationId, id));
    expect((await pay(id, { kind: 'REFUND', amountPaise: 80_001, method: 'CASH' })).status).toBe(409);
    const refund = await pay(id, { kind: 'REFUND', amountPaise: 30_000, method: 'CASH' });
    expect((await json(refund)).data).toMatchObject({
      refundedPaise: 30_000,
      duePaise: 30_000,
      paymentStatus: 'PARTIAL',
    });
    const after = await t.database.db
      .select()
      .from(consultationBillLines)
      .where(eq(consultationBillLines.consultationId, id));
    expect(after).toHaveLength(before.length + 1);
    for (const line of before) expect(after.find((l) => l.id === line.id)).toEqual(line);
  });

  it('refuses the patient, other tenants and bad amounts', async () => {
    const id = await consultation();
    expect((await pay(id, { amountPaise: 100, method: 'CASH' }, w.patient.token)).status).toBe(403);
    expect((await pay(id, { amountPaise: 100, method: 'CASH' }, w.otherHospital.token)).status).toBe(404);
    expect((await api.get(path(id, '/billing'), w.otherPatient.token)).status).toBe(404);
    expect((await pay(id, { amountPaise: 10.5, method: 'CASH' })).status).toBe(400);
    expect((await pay(id, { amountPaise: 100, method: 'UPI' })).status).toBe(400);
  });
});

describe('feedback', () => {
  it('takes one rating from the patient once the visit is over, and rates the doctor', async () => {
    const open = await consultation(false);
    expect((await api.send('POST', path(open, '/feedback'), w.patient.token, { rating: 5 })).status).toBe(409);
    const id = await consultation();
    expect((await api.send('POST', path(id, '/feedback'), w.doctor.token, { rating: 5 })).status).toBe(403);
    const first = await api.send('POST', path(id, '/feedback'), w.patient.token, { rating: 4, comment: 'Kind.' });
    expect(first.status, await first.clone().text()).toBe(201);
    const second = await api.send('POST', path(id, '/feedback'), w.patient.token, { rating: 1 });
    expect(second.status).toBe(409);
    const [doctor] = await t.database.db.select().from(doctors).where(eq(doctors.id, w.doctor.referenceId));
    expect(doctor).toMatchObject({ rating: 4, reviewCount: 1 });
    expect((await api.send('POST', path(id, '/feedback'), w.otherPatient.token, { rating: 3 })).status).toBe(404);
  });
});

describe('follow-up', () => {
  it('creates one proposed appointment the patient can accept, and marks FOLLOW_UP_SCHEDULED', async () => {
    const id = await consultation();
    const at = new Date(Date.now() + 9 * 86_400_000);
    at.setUTCHours(6, 0, 0, 0);
    const res = await api.send('POST', path(id, '/follow-up'), w.doctor.token, {
      at: at.toISOString(),
      note: 'BP review',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const followUp = (await json(res)).data;
    const [appointment] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, followUp.appointmentId));
    expect(appointment).toMatchObject({ status: 'RESCHEDULED', patientId: w.patient.referenceId });
    expect((await json(await api.get(path(id), w.doctor.token))).data.status).toBe('FOLLOW_UP_SCHEDULED');
    const again = await api.send('POST', path(id, '/follow-up'), w.doctor.token, { at: at.toISOString() });
    expect(again.status).toBe(409);
    const accepted = await api.send(
      'PATCH',
      `/api/appointments/${followUp.appointmentId}/respond-reschedule`,
      w.patient.token,
      { decision: 'ACCEPT' },
    );
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const [confirmed] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, followUp.appointmentId));
    expect(confirmed!.status).toBe('CONFIRMED');
  });

  it('reminds the patient once, the day before', async () => {
    const id = await consultation();
    const at = new Date(Date.now() + 20 * 3_600_000);
    at.setUTCMinutes((Math.ceil(at.getUTCMinutes() / 15) * 15) % 60, 0, 0);
    const res = await api.send('POST', path(id, '/follow-up'), w.doctor.token, { at: at.toISOString() });
    expect(res.status, await res.clone().text()).toBe(201);
    const reminders = async () =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, w.patient.userId), eq(notifications.type, 'REMINDER')))
      ).length;
    const before = await reminders();
    await t.app.jobs.runNow('consultations.follow-up-reminders');
    expect(await reminders()).toBe(before + 1);
    await t.app.jobs.runNow('consultations.follow-up-reminders');
    expect(await reminders()).toBe(before + 1);
  });

  it('refuses a date in the past', async () => {
    const id = await consultation();
    const res = await api.send('POST', path(id, '/follow-up'), w.doctor.token, { at: '2020-01-01T10:00:00Z' });
    expect(res.status).toBe(400);
  });
});

describe('admission', () => {
  it('goes required → admitted → discharged, in that order only', async () => {
    const id = await consultation();
    const admit = (body: Record<string, unknown>) => api.send('PATCH', path(id, '/admission'), w.hospital.token, body);
    expect((await admit({ step: 'ADMIT', ward: 'Ward 3', bed: '12' })).status).toBe(409);
    expect((await admit({ step: 'REQUIRE', reason: 'Observation for 24 hours' })).status).toBe(200);
    expect((await admit({ step: 'ADMIT', ward: 'Ward 3' })).status).toBe(400);
    const admitted = await json(await admit({ step: 'ADMIT', ward: 'Ward 3', bed: '12' }));
    expect(admitted.data).toMatchObject({ status: 'ADMITTED', ward: 'Ward 3', bed: '12' });
    const discharged = await json(await admit({ step: 'DISCHARGE', dischargeSummary: 'Stable. Review in a week.' }));
    expect(discharged.data).toMatchObject({ status: 'DISCHARGED', dischargeSummary: 'Stable. Review in a week.' });
    const read = await json(await api.get(path(id, '/admission'), w.patient.token));
    expect(read.data.admittedAt).not.toBeNull();
  });
});

describe('referrals', () => {
  it('refers to a diagnostics centre, which accepts; the patient gets a booking link; both sides list it', async () => {
    const id = await consultation();
    const res = await api.send('POST', path(id, '/referral'), w.doctor.token, {
      targetKind: 'DIAGNOSTICS',
      targetId: centre.referenceId,
      urgency: 'HIGH',
      reason: 'Echocardiogram',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const referral = (await json(res)).data;
    expect(referral).toMatchObject({ status: 'PENDING', side: 'SENDER', targetName: 'Pune Care Diagnostics' });
    const decide = (token: string, decision: string) =>
      api.send('PATCH', `/api/consultations/referrals/${referral.id}`, token, { decision });
    expect((await decide(w.doctor.token, 'ACCEPT')).status).toBe(404);
    expect((await decide(w.otherDoctor.token, 'ACCEPT')).status).toBe(404);
    expect((await json(await decide(centre.token, 'ACCEPT'))).data.status).toBe('ACCEPTED');
    expect((await decide(centre.token, 'DECLINE')).status).toBe(409);
    const mine = (await json(await api.get('/api/consultations/referrals?status=ACCEPTED', w.patient.token))).data;
    const seen = mine.referrals.find((r: any) => r.id === referral.id);
    expect(seen.bookingUrl).toContain(centre.referenceId);
    const received = (await json(await api.get('/api/consultations/referrals', centre.token))).data;
    expect(received.referrals.map((r: any) => r.id)).toContain(referral.id);
    const other = (await json(await api.get('/api/consultations/referrals', w.otherPatient.token))).data;
    expect(other.referrals.map((r: any) => r.id)).not.toContain(referral.id);
  });

  it('lets a doctor decline, and refuses an unknown receiver', async () => {
    const id = await consultation();
    const res = await api.send('POST', path(id, '/referral'), w.doctor.token, {
      targetKind: 'DOCTOR',
      targetId: w.otherDoctor.referenceId,
      reason: 'Second opinion',
    });
    const referral = (await json(res)).data;
    const declined = await api.send('PATCH', `/api/consultations/referrals/${referral.id}`, w.otherDoctor.token, {
      decision: 'DECLINE',
      note: 'Not taking new patients',
    });
    expect((await json(declined)).data).toMatchObject({ status: 'DECLINED', responseNote: 'Not taking new patients' });
    const unknown = await api.send('POST', path(id, '/referral'), w.doctor.token, {
      targetKind: 'HOSPITAL',
      targetId: centre.referenceId,
      reason: 'Admission',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('diagnostics and statistics', () => {
  it('refuses update-from-diagnostics without released orders', async () => {
    const id = await consultation();
    expect((await api.send('PATCH', path(id, '/update-from-diagnostics'), w.doctor.token)).status).toBe(409);
  });

  it('counts the hospital’s consultations, revenue and follow-ups, and per department', async () => {
    const stats = (await json(await api.get('/api/consultations/stats', w.hospital.token))).data;
    expect(stats.total).toBeGreaterThan(0);
    expect(stats.revenuePaise).toBeGreaterThanOrEqual(80_000);
    expect(stats.byStatus.BILLING_COMPLETED).toBeGreaterThanOrEqual(1);
    expect(stats.followUpRate).toBeGreaterThan(0);
    const other = (await json(await api.get('/api/consultations/stats', w.otherHospital.token))).data;
    expect(other.total).toBe(0);
    const departments = (await json(await api.get('/api/consultations/stats/department-wise', w.hospital.token))).data;
    expect(departments.departments[0]).toMatchObject({ department: 'CARDIOLOGY' });
    const bad = await api.get('/api/consultations/stats?startDate=2026-02-01&endDate=2026-01-01', w.hospital.token);
    expect(bad.status).toBe(400);
  });
});
