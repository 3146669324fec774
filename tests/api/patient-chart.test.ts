// The patient chart's reads: the caller's consultations with a patient (each with its prescriptions),
// and the patient's record, results and documents, only within a care relationship.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationAudit, patients } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentInStatus, appointmentWorld, client, json, type World } from './support/appointments.ts';

let t: TestApp;
let w: World;
let api: ReturnType<typeof client>;

const chart = (patientId: string, query = '') => `/api/consultations/patient/${patientId}${query}`;

async function consultationWith(medicine: string, complete: boolean) {
  const appointmentId = await appointmentInStatus(t, w, 'ACCEPTED');
  const res = await api.send('POST', '/api/consultations', w.doctor.token, { appointmentId });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = (await json(res)).data.id as string;
  const rx = await api.send('POST', `/api/consultations/${id}/prescriptions`, w.doctor.token, {
    genericName: medicine,
    strength: '500 mg',
    dose: '1 tablet',
    frequency: 'Twice a day',
    duration: '5 days',
  });
  expect(rx.status, await rx.clone().text()).toBe(201);
  const dx = await api.send('POST', `/api/consultations/${id}/diagnoses`, w.doctor.token, {
    description: `Diagnosis for ${medicine}`,
  });
  expect(dx.status).toBe(201);
  if (complete) {
    const done = await api.send('PUT', `/api/consultations/${id}`, w.doctor.token, {
      action: 'COMPLETE_CONSULTATION',
    });
    expect(done.status, await done.clone().text()).toBe(200);
  }
  return id;
}

let first: string;
let second: string;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'chart');
  api = client(t);
  await t.database.db
    .update(patients)
    .set({ allergies: ['Penicillin'] })
    .where(eq(patients.id, w.patient.referenceId));
  first = await consultationWith('Metformin', true);
  second = await consultationWith('Paracetamol', false);
});
afterAll(() => t?.close());

describe('GET /consultations/patient/:patientId', () => {
  it('gives the treating doctor every past consultation with its own prescriptions and diagnoses, newest first', async () => {
    const res = await api.get(chart(w.patient.referenceId), w.doctor.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const { consultations, pagination } = (await json(res)).data;
    expect(consultations.map((c: { id: string }) => c.id)).toEqual([second, first]);
    expect(pagination).toMatchObject({ total: 2 });
    expect(consultations[1]).toMatchObject({
      status: 'CONSULTATION_COMPLETED',
      primaryDiagnosis: 'Diagnosis for Metformin',
      prescriptions: [{ genericName: 'Metformin', strength: '500 mg', frequency: 'Twice a day' }],
      diagnoses: [{ description: 'Diagnosis for Metformin' }],
    });
    expect(consultations[1].completedAt).not.toBeNull();
    expect(consultations[0].prescriptions).toEqual([expect.objectContaining({ genericName: 'Paracetamol' })]);
    expect(consultations[0]).not.toHaveProperty('privateNotes');
    expect(consultations[0]).not.toHaveProperty('notes');
  });

  it('gives the hospital where they happened the same consultations', async () => {
    const res = await api.get(chart(w.patient.referenceId), w.hospital.token);
    expect(res.status).toBe(200);
    const ids = (await json(res)).data.consultations.map((c: { id: string }) => c.id);
    expect(ids).toEqual([second, first]);
  });

  it('pages', async () => {
    const res = await api.get(chart(w.patient.referenceId, '?limit=1&page=2'), w.doctor.token);
    const body = (await json(res)).data;
    expect(body.consultations.map((c: { id: string }) => c.id)).toEqual([first]);
    expect(body.pagination).toMatchObject({ page: 2, limit: 1, total: 2 });
  });

  it('puts each consultation it shows in that consultation’s audit log as a read', async () => {
    await api.get(chart(w.patient.referenceId), w.hospital.token);
    const rows = await t.database.db
      .select()
      .from(consultationAudit)
      .where(eq(consultationAudit.consultationId, first));
    expect(
      rows.some((r) => r.action === 'READ' && r.what === 'Read in the patient chart' && r.actorRole === 'HOSPITAL'),
    ).toBe(true);
  });

  it('answers 404 to a doctor or hospital outside the care relationship, and for a patient that does not exist', async () => {
    for (const other of [w.otherDoctor, w.otherHospital]) {
      expect((await api.get(chart(w.patient.referenceId), other.token)).status).toBe(404);
    }
    expect((await api.get(chart('00000000-0000-4000-8000-000000000000'), w.doctor.token)).status).toBe(404);
  });

  it('lists nothing for a patient in care whom the caller has not consulted', async () => {
    await appointmentInStatus(t, { ...w, patient: w.otherPatient }, 'ACCEPTED');
    const res = await api.get(chart(w.otherPatient.referenceId), w.doctor.token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data.consultations).toEqual([]);
  });

  it('is for doctors and hospitals only (patients read their record in /medical-records)', async () => {
    expect((await api.get(chart(w.patient.referenceId), w.patient.token)).status).toBe(403);
    expect((await api.get(chart(w.patient.referenceId), w.admin.token)).status).toBe(403);
    expect((await api.get(chart(w.patient.referenceId))).status).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    expect((await api.get(chart('not-an-id'), w.doctor.token)).status).toBe(400);
    expect((await api.get(chart(w.patient.referenceId, '?limit=0'), w.doctor.token)).status).toBe(400);
    expect((await api.get(chart(w.patient.referenceId, '?page=abc'), w.doctor.token)).status).toBe(400);
  });
});

describe('the rest of the chart, for a hospital', () => {
  it('reads the patient, their documents and their results within the care relationship; another hospital gets 404', async () => {
    const id = w.patient.referenceId;
    for (const path of [
      `/api/patients/${id}`,
      `/api/patients/${id}/documents`,
      `/api/patients/${id}/medical-history`,
    ]) {
      expect((await api.get(path, w.hospital.token)).status, path).toBe(200);
      expect((await api.get(path, w.otherHospital.token)).status, path).toBe(404);
    }
    const patient = (await json(await api.get(`/api/patients/${id}`, w.hospital.token))).data;
    expect(patient.allergies).toEqual(['Penicillin']);
    const results = await api.get(`/api/diagnostic-orders/patient/${id}`, w.otherHospital.token);
    expect(results.status).toBe(200);
    expect((await json(results)).data.orders).toEqual([]);
  });
});
