import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, patients, workflowHistory } from '../../server/db/schema/index.ts';
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
  w = await appointmentWorld(t, 'consult');
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

describe('starting a consultation', () => {
  it('starts from an accepted appointment, moves the appointment on, and refuses a second one', async () => {
    const { appointmentId, consultation } = await started();
    expect(consultation).toMatchObject({
      status: 'IN_PROGRESS',
      access: 'TREATING',
      canRecord: true,
      actions: ['COMPLETE_CONSULTATION', 'CANCEL'],
      patient: { allergies: ['Penicillin'] },
      chiefComplaint: 'Chest pain on climbing stairs',
    });
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(appointment!.status).toBe('CONFIRMED');
    const again = await api.send('POST', '/api/consultations', w.doctor.token, { appointmentId });
    expect(again.status).toBe(409);
  });

  it('refuses a pending appointment (409) and another doctor’s appointment (404)', async () => {
    const pending = await appointmentInStatus(t, w, 'PENDING');
    expect((await api.send('POST', '/api/consultations', w.doctor.token, { appointmentId: pending })).status).toBe(409);
    const accepted = await appointmentInStatus(t, w, 'ACCEPTED');
    expect(
      (await api.send('POST', '/api/consultations', w.otherDoctor.token, { appointmentId: accepted })).status,
    ).toBe(404);
    expect(
      (await api.send('POST', '/api/consultations', w.otherHospital.token, { appointmentId: accepted })).status,
    ).toBe(404);
  });

  it('lets a hospital register a walk-in; a doctor may not', async () => {
    const res = await api.send('POST', '/api/consultations', w.hospital.token, {
      newPatient: { firstName: 'Sunil', lastName: 'Pawar', allergies: ['Sulfa'] },
      doctorId: w.doctor.referenceId,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await json(res)).data).toMatchObject({
      status: 'IN_PROGRESS',
      patient: { name: 'Sunil Pawar', allergies: ['Sulfa'] },
    });
    const byDoctor = await api.send('POST', '/api/consultations', w.doctor.token, {
      newPatient: { firstName: 'Sunil', lastName: 'Pawar' },
    });
    expect(byDoctor.status).toBe(403);
    const notInCare = await api.send('POST', '/api/consultations', w.otherHospital.token, {
      patientId: w.patient.referenceId,
    });
    expect(notInCare.status).toBe(404);
  });
});

describe('registering a walk-in patient', () => {
  it('keeps the phone and date of birth rules of every patient record', async () => {
    const walkIn = (newPatient: Record<string, unknown>) =>
      api.send('POST', '/api/consultations', w.hospital.token, { newPatient, doctorId: w.doctor.referenceId });
    const badPhone = await walkIn({ firstName: 'Sunil', lastName: 'Pawar', phone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(JSON.stringify(await json(badPhone))).toContain('newPatient.phone');
    const future = await walkIn({ firstName: 'Sunil', lastName: 'Pawar', dateOfBirth: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(JSON.stringify(await json(future))).toContain('Date of birth must be in the past');
    const ok = await walkIn({ firstName: 'Sunil', lastName: 'Pawar', phone: '+91 98220-33333' });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const id = (await json(ok)).data.patient.id as string;
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, id));
    expect(row!.phone).toBe('9822033333');
  });

  it('refuses a doctor who does not practise at the hospital', async () => {
    const res = await api.send('POST', '/api/consultations', w.hospital.token, {
      newPatient: { firstName: 'Sunil', lastName: 'Pawar' },
      doctorId: w.otherDoctor.referenceId,
    });
    expect(res.status).toBe(404);
  });
});

describe('who sees what', () => {
  it('gives the treating doctor and hospital everything, the patient all but private notes, others 404', async () => {
    const { consultation } = await started();
    const notes = await api.send('PUT', path(consultation.id, '/clinical-notes'), w.doctor.token, {
      notes: 'Review in one week.',
      privateNotes: 'Consider anxiety component.',
    });
    expect(notes.status).toBe(200);
    for (const reader of [w.doctor, w.hospital]) {
      const res = await api.get(path(consultation.id), reader.token);
      expect((await json(res)).data).toMatchObject({
        notes: 'Review in one week.',
        privateNotes: 'Consider anxiety component.',
      });
    }
    const mine = (await json(await api.get(path(consultation.id), w.patient.token))).data;
    expect(mine).toMatchObject({
      notes: 'Review in one week.',
      privateNotes: null,
      access: 'PATIENT',
      actions: [],
      canRecord: false,
    });
    for (const other of [w.otherDoctor, w.otherHospital, w.otherPatient]) {
      expect((await api.get(path(consultation.id), other.token)).status).toBe(404);
      expect((await api.get(path(consultation.id, '/limited'), other.token)).status).toBe(404);
    }
    expect((await api.get(path(consultation.id), w.admin.token)).status).toBe(403);
    expect(
      (await api.send('POST', path(consultation.id, '/diagnoses'), w.patient.token, { description: 'Angina' })).status,
    ).toBe(403);
    const list = await json(await api.get('/api/consultations?limit=100', w.otherDoctor.token));
    expect(list.data.consultations.some((c: { id: string }) => c.id === consultation.id)).toBe(false);
  });

  it('lists with filters and pagination', async () => {
    const { consultation } = await started();
    const mine = await json(
      await api.get(
        `/api/consultations?status=IN_PROGRESS&patientId=${w.patient.referenceId}&limit=2`,
        w.hospital.token,
      ),
    );
    expect(mine.data.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(mine.data.consultations.length).toBeLessThanOrEqual(2);
    const all = await json(await api.get('/api/consultations?limit=100', w.patient.token));
    expect(all.data.consultations.some((c: { id: string }) => c.id === consultation.id)).toBe(true);
    const none = await json(await api.get('/api/consultations?status=CANCELLED', w.patient.token));
    expect(none.data.consultations.every((c: { status: string }) => c.status === 'CANCELLED')).toBe(true);
    expect((await api.get('/api/consultations?dateFrom=2026-02-10&dateTo=2026-02-01', w.doctor.token)).status).toBe(
      400,
    );
  });
});

describe('the status table', () => {
  it('completes the consultation and its appointment, then closes; refuses moves the status does not allow', async () => {
    const { consultation, appointmentId } = await started();
    const tooEarly = await api.send('PUT', path(consultation.id), w.doctor.token, { action: 'CLOSE' });
    expect(tooEarly.status).toBe(409);
    const done = await api.send('PUT', path(consultation.id), w.doctor.token, {
      action: 'COMPLETE_CONSULTATION',
      advice: 'Walk daily.',
    });
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await json(done)).data).toMatchObject({
      status: 'CONSULTATION_COMPLETED',
      advice: 'Walk daily.',
      canRecord: false,
      actions: ['CLOSE'],
    });
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(appointment!.status).toBe('COMPLETED');
    // Closed for writing once completed.
    expect(
      (await api.send('POST', path(consultation.id, '/diagnoses'), w.doctor.token, { description: 'Angina' })).status,
    ).toBe(409);
    expect((await api.send('PUT', path(consultation.id), w.patient.token, { action: 'CLOSE' })).status).toBe(403);
    const editWhileClosing = await api.send('PUT', path(consultation.id), w.doctor.token, {
      action: 'CLOSE',
      advice: 'Later',
    });
    expect(editWhileClosing.status).toBe(409);
    expect((await api.send('PUT', path(consultation.id), w.hospital.token, { action: 'CLOSE' })).status).toBe(200);
    const progress = await json(await api.get(path(consultation.id, '/progress'), w.patient.token));
    expect(progress.data.steps.map((s: { to: string }) => s.to)).toEqual([
      'IN_PROGRESS',
      'CONSULTATION_COMPLETED',
      'COMPLETED',
    ]);
    const history = await t.database.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.workflow, 'appointment'), eq(workflowHistory.entityId, appointmentId)));
    expect(history.map((h) => h.action).sort()).toEqual(['COMPLETE_VISIT', 'START_VISIT']);
  });
});

describe('the clinical parts', () => {
  it('interprets vitals on the server; a critical one raises an alert to acknowledge', async () => {
    const { consultation } = await started();
    const res = await api.send('POST', path(consultation.id, '/vital-signs'), w.doctor.token, {
      temperature: 98.6,
      temperatureUnit: 'F',
      pulse: 88,
      spo2: 86,
      weightKg: 70,
      heightCm: 175,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const vitals = (await json(res)).data;
    expect(vitals.bmi).toBe(22.9);
    expect(vitals.readings.find((r: { kind: string }) => r.kind === 'spo2').reading).toBe('CRITICAL');
    expect(vitals.readings.find((r: { kind: string }) => r.kind === 'temperature')).toMatchObject({
      value: 37,
      reading: 'NORMAL',
    });
    const record = (await json(await api.get(path(consultation.id), w.doctor.token))).data;
    const alert = record.alerts[0];
    expect(alert).toMatchObject({ kind: 'CRITICAL_VITAL', acknowledgedAt: null });
    const ack = await api.send('POST', path(consultation.id, `/alerts/${alert.id}/acknowledge`), w.doctor.token, {
      comment: 'Oxygen started',
    });
    expect(ack.status).toBe(200);
    expect((await json(ack)).data).toMatchObject({ comment: 'Oxygen started', acknowledgedByName: 'Dr Arjun Rao' });
    expect(
      (await api.send('POST', path(consultation.id, `/alerts/${alert.id}/acknowledge`), w.doctor.token, {})).status,
    ).toBe(409);
    const bad = await api.send('POST', path(consultation.id, '/vital-signs'), w.doctor.token, {});
    expect(bad.status).toBe(400);
  });

  it('adds, changes and removes a coded diagnosis and a test', async () => {
    const { consultation } = await started();
    const added = await api.send('POST', path(consultation.id, '/diagnoses'), w.doctor.token, {
      code: 'i20.9',
      description: 'Angina pectoris, unspecified',
    });
    expect(added.status).toBe(201);
    const diagnosis = (await json(added)).data;
    expect(diagnosis).toMatchObject({ code: 'I20.9', certainty: 'PROVISIONAL', rank: 'PRIMARY' });
    const changed = await api.send('PUT', path(consultation.id, `/diagnoses/${diagnosis.id}`), w.doctor.token, {
      code: 'I20.9',
      description: 'Angina pectoris, unspecified',
      certainty: 'CONFIRMED',
    });
    expect((await json(changed)).data.certainty).toBe('CONFIRMED');
    const test = (
      await json(
        await api.send('POST', path(consultation.id, '/diagnostic-tests'), w.doctor.token, {
          testName: 'ECG',
          priority: 'URGENT',
        }),
      )
    ).data;
    expect((await json(await api.get(path(consultation.id, '/diagnostic-tests'), w.patient.token))).data).toHaveLength(
      1,
    );
    expect(
      (await api.send('DELETE', path(consultation.id, `/diagnostic-tests/${test.id}`), w.doctor.token)).status,
    ).toBe(200);
    expect(
      (await api.send('DELETE', path(consultation.id, `/diagnoses/${diagnosis.id}`), w.otherDoctor.token)).status,
    ).toBe(404);
    expect((await api.send('DELETE', path(consultation.id, `/diagnoses/${diagnosis.id}`), w.doctor.token)).status).toBe(
      200,
    );
    expect((await api.send('DELETE', path(consultation.id, `/diagnoses/${diagnosis.id}`), w.doctor.token)).status).toBe(
      404,
    );
  });

  it('records consent with who and when', async () => {
    const { consultation } = await started();
    const res = await api.send('POST', path(consultation.id, '/consent'), w.hospital.token, {
      scope: 'Treadmill test',
      agreed: true,
    });
    expect(res.status).toBe(201);
    expect((await json(res)).data).toMatchObject({ scope: 'Treadmill test', agreed: true, givenBy: 'PATIENT' });
    expect(
      (
        await api.send('POST', path(consultation.id, '/consent'), w.hospital.token, {
          scope: 'Surgery',
          agreed: true,
          givenBy: 'GUARDIAN',
        })
      ).status,
    ).toBe(400);
  });
});

describe('safe prescribing', () => {
  it('answers found, none known and not checked — never a silent pass', async () => {
    const { consultation } = await started();
    const allergies = await json(
      await api.send('POST', path(consultation.id, '/check-allergies'), w.doctor.token, {
        drugs: ['Amoxicillin 500 mg', 'Paracetamol', 'Liv 52'],
      }),
    );
    expect(allergies.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'FOUND',
      'NONE_KNOWN',
      'NOT_CHECKED',
    ]);
    await api.send('POST', path(consultation.id, '/prescriptions'), w.doctor.token, {
      genericName: 'Clarithromycin',
      strength: '500 mg',
      dose: '1 tablet',
      frequency: 'Twice a day',
      duration: '7 days',
    });
    const interactions = await json(
      await api.send('POST', path(consultation.id, '/check-drug-interactions'), w.doctor.token, {
        drugs: ['Simvastatin', 'Paracetamol'],
      }),
    );
    expect(interactions.data.against).toEqual(['Clarithromycin']);
    expect(interactions.data.results[0]).toMatchObject({
      outcome: 'FOUND',
      findings: [{ severity: 'CONTRAINDICATED' }],
    });
    expect(interactions.data.results[1].outcome).toBe('NONE_KNOWN');
    expect(
      (await api.send('POST', path(consultation.id, '/check-allergies'), w.patient.token, { drugs: ['Amoxicillin'] }))
        .status,
    ).toBe(403);
  });

  it('needs an override reason for a contraindicated line, stores it, raises an alert and audits it', async () => {
    const { consultation } = await started();
    const line = {
      genericName: 'Amoxicillin',
      strength: '500 mg',
      form: 'CAPSULE',
      dose: '1 capsule',
      frequency: 'Three times a day',
      duration: '5 days',
    };
    const refused = await api.send('POST', path(consultation.id, '/prescriptions'), w.doctor.token, line);
    expect(refused.status).toBe(400);
    const body = await json(refused);
    expect(body.details).toMatchObject({ reason: 'OVERRIDE_REQUIRED', allergyCheck: { outcome: 'FOUND' } });
    expect((await json(await api.get(path(consultation.id, '/prescriptions'), w.doctor.token))).data).toHaveLength(0);
    const overridden = await api.send('POST', path(consultation.id, '/prescriptions'), w.doctor.token, {
      ...line,
      overrideReason: 'Rash only as a child; tolerated amoxicillin in 2024',
    });
    expect(overridden.status, await overridden.clone().text()).toBe(201);
    expect((await json(overridden)).data).toMatchObject({
      overrideReason: 'Rash only as a child; tolerated amoxicillin in 2024',
      allergyCheck: { outcome: 'FOUND' },
    });
    const record = (await json(await api.get(path(consultation.id), w.doctor.token))).data;
    expect(record.alerts.some((a: { kind: string }) => a.kind === 'ALLERGY')).toBe(true);
    const log = (await json(await api.get(path(consultation.id, '/audit-log?limit=50'), w.doctor.token))).data;
    expect(
      log.entries.some(
        (e: { action: string; what: string }) => e.action === 'OVERRIDE' && e.what.includes('Rash only as a child'),
      ),
    ).toBe(true);
    // A line the table does not know is stored as not checked.
    const unknown = await api.send('POST', path(consultation.id, '/prescriptions'), w.doctor.token, {
      ...line,
      genericName: 'Liv 52',
      form: 'TABLET',
    });
    expect((await json(unknown)).data.allergyCheck.outcome).toBe('NOT_CHECKED');
  });
});
