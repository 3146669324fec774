// Consultations: who read the record (the audit log), emergency access, and the printable summary.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationEmergencyGrants, notifications, patients, users } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import {
  appointmentInStatus,
  appointmentWorld,
  client,
  json,
  type Member,
  type World,
} from './support/appointments.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'consultaccess');
  api = client(t);
  await t.database.db
    .update(patients)
    .set({ allergies: ['Penicillin'], dateOfBirth: '1990-04-12' })
    .where(eq(patients.id, w.patient.referenceId));
});
afterAll(() => t?.close());

async function started(by: Member = w.doctor, status: 'ACCEPTED' | 'CONFIRMED' = 'ACCEPTED') {
  const appointmentId = await appointmentInStatus(t, w, status);
  const res = await api.send('POST', '/api/consultations', by.token, { appointmentId });
  expect(res.status, await res.clone().text()).toBe(201);
  return { appointmentId, consultation: (await json(res)).data };
}

const path = (id: string, rest = '') => `/api/consultations/${id}${rest}`;

describe('the audit log and emergency access', () => {
  it('records reads; the patient sees who opened their record', async () => {
    const { consultation } = await started();
    await api.get(path(consultation.id), w.doctor.token);
    await api.get(path(consultation.id), w.hospital.token);
    const log = (await json(await api.get(path(consultation.id, '/audit-log'), w.patient.token))).data;
    const reads = log.entries.filter((e: { action: string }) => e.action === 'READ');
    expect(reads.map((e: { actorName: string }) => e.actorName)).toEqual(expect.arrayContaining(['Dr Arjun Rao']));
    expect(reads.map((e: { actorRole: string }) => e.actorRole)).toEqual(
      expect.arrayContaining(['DOCTOR', 'HOSPITAL']),
    );
    expect((await api.get(path(consultation.id, '/audit-log'), w.otherPatient.token)).status).toBe(404);
  });

  it('grants a time-limited view with a reason, notifies, audits every read, shows admins the grants, and ends', async () => {
    const { consultation } = await started();
    expect((await api.get(path(consultation.id), w.otherDoctor.token)).status).toBe(404);
    const short = await api.get(path(consultation.id, '/emergency-access?reason=hurry'), w.otherDoctor.token);
    expect(short.status).toBe(400);
    const granted = await api.get(
      path(
        consultation.id,
        `/emergency-access?reason=${encodeURIComponent('Unconscious in casualty, needs allergy history')}`,
      ),
      w.otherDoctor.token,
    );
    expect(granted.status, await granted.clone().text()).toBe(200);
    const grant = (await json(granted)).data;
    expect(grant.consultation).toMatchObject({ access: 'EMERGENCY', patient: { allergies: ['Penicillin'] } });
    expect(grant.consultation.notes).toBeUndefined();
    expect(new Date(grant.grant.expiresAt).getTime() - Date.now()).toBeGreaterThan(3.9 * 3_600_000);
    // Before expiry: reads, marked as emergency; no writes.
    const read = await api.get(path(consultation.id), w.otherDoctor.token);
    expect(read.status).toBe(200);
    expect((await json(read)).data).toMatchObject({
      access: 'EMERGENCY',
      privateNotes: null,
      canRecord: false,
      actions: [],
    });
    expect(
      (await api.send('POST', path(consultation.id, '/diagnoses'), w.otherDoctor.token, { description: 'Shock' }))
        .status,
    ).toBe(404);
    const log = (await json(await api.get(path(consultation.id, '/audit-log'), w.patient.token))).data;
    expect(log.entries.filter((e: { emergency: boolean }) => e.emergency).length).toBeGreaterThanOrEqual(2);
    // The patient and the treating hospital were told.
    const [patientUser] = await t.database.db.select().from(users).where(eq(users.referenceId, w.patient.referenceId));
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, patientUser!.id));
    expect(told.some((n) => n.title === 'Emergency access to your record')).toBe(true);
    const [hospitalUser] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.referenceId, w.hospital.referenceId));
    const hospitalTold = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, hospitalUser!.id));
    expect(hospitalTold.some((n) => n.title === 'Emergency access to a consultation')).toBe(true);
    // Admins review the grants.
    const grants = (await json(await api.get('/api/consultations/emergency-grants?limit=100', w.admin.token))).data;
    expect(grants.grants.find((g: { id: string }) => g.id === grant.grant.id)).toMatchObject({
      reads: 1,
      grantedToRole: 'DOCTOR',
    });
    expect((await api.get('/api/consultations/emergency-grants', w.doctor.token)).status).toBe(403);
    // After expiry: 404 again.
    await t.database.db
      .update(consultationEmergencyGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(consultationEmergencyGrants.id, grant.grant.id));
    expect((await api.get(path(consultation.id), w.otherDoctor.token)).status).toBe(404);
    expect((await api.get(path(consultation.id, '/limited'), w.otherDoctor.token)).status).toBe(404);
  });
});

describe('the printable summary', () => {
  it('is print-styled HTML in the Indian prescription layout, escaped, for the patient too', async () => {
    const { consultation } = await started();
    await api.send('POST', path(consultation.id, '/diagnoses'), w.doctor.token, {
      code: 'I20.9',
      description: 'Angina <b>pectoris</b>',
    });
    await api.send('POST', path(consultation.id, '/prescriptions'), w.doctor.token, {
      genericName: 'Atorvastatin',
      strength: '10 mg',
      dose: '1 tablet',
      frequency: 'At night',
      duration: '30 days',
    });
    const res = await api.get(path(consultation.id, '/medical-summary'), w.patient.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('Dr Arjun Rao');
    expect(html).toContain('Reg. No. MMC-consultaccess-');
    expect(html).toContain('℞');
    expect(html).toContain('Atorvastatin 10 mg');
    expect(html).toContain('Allergies: Penicillin');
    expect(html).toContain('Angina &lt;b&gt;pectoris&lt;/b&gt;');
    expect(html).toContain('@media print');
  });
});
