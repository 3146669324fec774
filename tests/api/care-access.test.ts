// The access matrix of a patient's record (domain/rules/careAccess.ts): for each state an
// appointment can be in, each provider (the appointment's doctor, its hospital, a doctor and a
// hospital it does not name) and each action on the patient's record, the exact answer.
// Every case has its own patient, so no other appointment lends a relationship.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../domain/enums.ts';
import { CARE_ACCESS_DAYS } from '../../domain/rules/careAccess.ts';
import { appointments } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount } from './support/accounts.ts';
import {
  appointmentWorld,
  book,
  futureSlot,
  json,
  patientBody,
  type Member,
  type World,
} from './support/appointments.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const DAY = 86_400_000;

let t: TestApp;
let w: World;

type Case = {
  name: string;
  status: AppointmentStatus;
  /** Moves the visit this many days into the past (a completed visit needs a time that has come). */
  daysAgo?: number;
  deleted?: boolean;
  /** Whether the appointment's doctor and hospital are in a care relationship with the patient. */
  care: boolean;
};

const CASES: Case[] = [
  ...APPOINTMENT_STATUSES.map((status): Case => ({
    name: status,
    status,
    daysAgo: status === 'COMPLETED' || status === 'NO_SHOW' || status === 'EXPIRED' ? 5 : undefined,
    care: status === 'ACCEPTED' || status === 'RESCHEDULED' || status === 'CONFIRMED' || status === 'COMPLETED',
  })),
  {
    name: `COMPLETED ${CARE_ACCESS_DAYS + 30} days ago`,
    status: 'COMPLETED',
    daysAgo: CARE_ACCESS_DAYS + 30,
    care: false,
  },
  { name: 'CONFIRMED, then deleted', status: 'CONFIRMED', deleted: true, care: false },
];

function upload(patientId: string, token: string, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'scan.png');
  return t.request(`/api/patients/${patientId}/documents`, { method: 'POST', body: form, headers: bearer(token) });
}
const get = (path: string, token: string) => t.request(path, { headers: bearer(token) });
const send = (method: string, path: string, token: string, body: unknown = {}) =>
  t.request(path, { method, json: body, headers: bearer(token) });

let caseNumber = 0;
/** A fresh patient with one appointment (doctor at hospital) in the case's state, and two documents, one shared with it. */
async function setUp(c: Case) {
  const n = caseNumber++;
  const account = await newAccount(t, `care.${n}@example.in`, 'PATIENT');
  const created = await t.request('/api/patients', {
    method: 'POST',
    json: patientBody(`Care${n}`),
    headers: bearer(account.token),
  });
  expect(created.status).toBe(201);
  const patient: Member = { token: account.token, userId: account.user.id, referenceId: (await json(created)).data.id };
  const booked = await book(t, patient.token, {
    doctorId: w.doctor.referenceId,
    hospitalId: w.hospital.referenceId,
    scheduledAt: futureSlot(30),
  });
  expect(booked.status, await booked.clone().text()).toBe(201);
  const appointmentId = (await json(booked)).data.id as string;
  const shared = (await json(await upload(patient.referenceId, patient.token, 'Echo report'))).data.id as string;
  const unshared = (await json(await upload(patient.referenceId, patient.token, 'Private note'))).data.id as string;
  // Shared while PENDING, as a patient does at booking; what the provider sees follows the status.
  const share = await send('PUT', `/api/appointments/${appointmentId}/documents/${shared}`, patient.token);
  const past = c.daysAgo === undefined ? undefined : new Date(Date.now() - c.daysAgo * DAY);
  await t.database.db
    .update(appointments)
    .set({
      status: c.status,
      ...(past ? { scheduledAt: past, endsAt: new Date(past.getTime() + 15 * 60_000) } : {}),
      ...(c.deleted ? { deletedAt: new Date() } : {}),
    })
    .where(eq(appointments.id, appointmentId));
  return { patient, appointmentId, shared, unshared, shareStatus: share.status };
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(t, 'care');
}, 120_000);
afterAll(() => t?.close());

describe('the care access matrix', () => {
  it.each(CASES.map((c) => [c.name, c]))('an appointment %s', async (_name, c) => {
    const { patient, appointmentId, shared, unshared, shareStatus } = await setUp(c);
    const p = `/api/patients/${patient.referenceId}`;
    const providers = [
      { who: 'its doctor', token: w.doctor.token, care: c.care },
      { who: 'its hospital', token: w.hospital.token, care: c.care },
      { who: 'another doctor', token: w.otherDoctor.token, care: false },
      { who: 'another hospital', token: w.otherHospital.token, care: false },
    ];
    const wrong: string[] = [];
    const check = (who: string, action: string, actual: unknown, expected: unknown) => {
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        wrong.push(`${who} · ${action}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
      }
    };
    check('the patient', 'share a document with the visit', shareStatus, 200);
    for (const { who, token, care } of providers) {
      const ok = (code: number) => (care ? code : 404);
      const listed = (await json(await get('/api/patients?limit=100', token))).data.patients.map(
        (row: { id: string }) => row.id,
      );
      check(who, 'list patients', listed.includes(patient.referenceId), care);
      check(who, 'read profile', (await get(p, token)).status, ok(200));
      check(who, 'read history', (await get(`${p}/medical-history`, token)).status, ok(200));
      check(
        who,
        'add history',
        (await send('POST', `${p}/medical-history`, token, { condition: 'Asthma' })).status,
        ok(201),
      );
      const documents = await get(`${p}/documents`, token);
      check(who, 'list documents', documents.status, ok(200));
      if (documents.status === 200) {
        const ids = (await json(documents)).data.documents.map((d: { id: string }) => d.id);
        check(who, 'list documents: the shared one', ids.includes(shared), true);
        check(who, 'list documents: the unshared one', ids.includes(unshared), false);
      }
      check(who, 'download a shared document', (await get(`${p}/documents/${shared}/content`, token)).status, ok(200));
      check(
        who,
        'thumbnail of a shared document',
        (await get(`${p}/documents/${shared}/thumbnail`, token)).status,
        ok(200),
      );
      check(who, 'download an unshared document', (await get(`${p}/documents/${unshared}/content`, token)).status, 404);
      check(
        who,
        'thumbnail of an unshared document',
        (await get(`${p}/documents/${unshared}/thumbnail`, token)).status,
        404,
      );
      const uploaded = await upload(patient.referenceId, token, `Notes by ${who}`);
      check(who, 'upload a document', uploaded.status, ok(201));
      if (uploaded.status === 201) {
        const own = (await json(uploaded)).data.id as string;
        check(who, 'download what they uploaded', (await get(`${p}/documents/${own}/content`, token)).status, 200);
      }
      // Only the patient and admins change or delete a record: the role gate refuses every provider.
      check(who, 'update the record', (await send('PUT', p, token, { lastName: 'X' })).status, 403);
      check(who, 'delete the record', (await send('DELETE', p, token)).status, 403);
    }
    // The appointment's own view follows its party rules, not the record's.
    const shown = await get(`/api/appointments/${appointmentId}`, w.doctor.token);
    check('its doctor', 'read the appointment', shown.status, c.deleted ? 404 : 200);
    // The patient reaches everything, whatever the appointment's state.
    const own = (await json(await get(`${p}/documents`, patient.token))).data.documents.map(
      (d: { id: string }) => d.id,
    );
    check('the patient', 'list documents', [own.includes(shared), own.includes(unshared)], [true, true]);
    check(
      'the patient',
      'download an unshared document',
      (await get(`${p}/documents/${unshared}/content`, patient.token)).status,
      200,
    );
    // An admin reaches every record and every document.
    const all = (await json(await get(`${p}/documents`, w.admin.token))).data.documents.map(
      (d: { id: string }) => d.id,
    );
    check('an admin', 'list documents', [all.includes(shared), all.includes(unshared)], [true, true]);
    expect(wrong).toEqual([]);
  });
});

describe('sharing a document with a visit', () => {
  it('lets the patient share and stop sharing, and the visit’s parties see exactly what is shared', async () => {
    const { patient, appointmentId, shared, unshared } = await setUp({
      name: 'sharing',
      status: 'CONFIRMED',
      care: true,
    });
    const docs = `/api/appointments/${appointmentId}/documents`;
    const ids = async (token: string) => {
      const res = await get(docs, token);
      expect(res.status).toBe(200);
      const { data } = await json(res);
      return { ids: data.documents.map((d: { id: string }) => d.id), care: data.careRelationship };
    };
    for (const token of [patient.token, w.doctor.token, w.hospital.token, w.admin.token]) {
      expect(await ids(token)).toEqual({ ids: [shared], care: true });
    }
    // Not a party: as if the appointment did not exist.
    for (const other of [w.otherDoctor, w.otherHospital, w.otherPatient]) {
      expect((await get(docs, other.token)).status).toBe(404);
    }
    // Sharing again changes nothing; the listed document carries when it was shared.
    const again = await send('PUT', `${docs}/${shared}`, patient.token);
    expect(again.status).toBe(200);
    const first = (await json(await get(docs, patient.token))).data.documents[0];
    expect(first).toMatchObject({ id: shared, title: 'Echo report', patientId: patient.referenceId });
    expect(first.sharedAt).toBe((await json(again)).data.sharedAt);
    expect(first).not.toHaveProperty('fileKey');

    const p = `/api/patients/${patient.referenceId}/documents`;
    expect((await get(`${p}/${unshared}/content`, w.doctor.token)).status).toBe(404);
    expect((await send('PUT', `${docs}/${unshared}`, patient.token)).status).toBe(200);
    expect((await ids(w.doctor.token)).ids.sort()).toEqual([shared, unshared].sort());
    expect((await get(`${p}/${unshared}/content`, w.doctor.token)).status).toBe(200);

    expect((await send('DELETE', `${docs}/${unshared}`, patient.token)).status).toBe(200);
    expect((await ids(w.doctor.token)).ids).toEqual([shared]);
    expect((await get(`${p}/${unshared}/content`, w.doctor.token)).status).toBe(404);
    // Not shared (any more): 404.
    expect((await send('DELETE', `${docs}/${unshared}`, patient.token)).status).toBe(404);
  });

  it('shares only the patient’s own documents, only on their own appointments, and only the patient does', async () => {
    const mine = await setUp({ name: 'mine', status: 'CONFIRMED', care: true });
    const theirs = await setUp({ name: 'theirs', status: 'CONFIRMED', care: true });
    // Someone else's document on my appointment; my document on someone else's appointment.
    expect(
      (await send('PUT', `/api/appointments/${mine.appointmentId}/documents/${theirs.unshared}`, mine.patient.token))
        .status,
    ).toBe(404);
    expect(
      (await send('PUT', `/api/appointments/${theirs.appointmentId}/documents/${mine.unshared}`, mine.patient.token))
        .status,
    ).toBe(404);
    expect(
      (await send('DELETE', `/api/appointments/${theirs.appointmentId}/documents/${theirs.shared}`, mine.patient.token))
        .status,
    ).toBe(404);
    expect(
      (
        await send(
          'PUT',
          `/api/appointments/${mine.appointmentId}/documents/00000000-0000-4000-8000-000000000000`,
          mine.patient.token,
        )
      ).status,
    ).toBe(404);
    // Providers and admins never share for the patient.
    for (const token of [w.doctor.token, w.hospital.token, w.admin.token]) {
      expect(
        (await send('PUT', `/api/appointments/${mine.appointmentId}/documents/${mine.unshared}`, token)).status,
      ).toBe(403);
      expect(
        (await send('DELETE', `/api/appointments/${mine.appointmentId}/documents/${mine.shared}`, token)).status,
      ).toBe(403);
    }
    expect(
      (await get(`/api/patients/${mine.patient.referenceId}/documents/${mine.unshared}/content`, w.doctor.token))
        .status,
    ).toBe(404);
  });

  it('shows the visit’s shared documents to its doctor only while it is a care relationship', async () => {
    const { appointmentId, shared, patient } = await setUp({ name: 'pending', status: 'PENDING', care: false });
    const docs = `/api/appointments/${appointmentId}/documents`;
    expect((await json(await get(docs, w.doctor.token))).data).toEqual({ documents: [], careRelationship: false });
    expect((await json(await get(docs, patient.token))).data.documents.map((d: { id: string }) => d.id)).toEqual([
      shared,
    ]);
    // The doctor accepts: the relationship starts and the shared document opens.
    const accepted = await send('PATCH', `/api/appointments/${appointmentId}/decision`, w.doctor.token, {
      decision: 'ACCEPT',
    });
    expect(accepted.status).toBe(200);
    expect((await json(await get(docs, w.doctor.token))).data.documents.map((d: { id: string }) => d.id)).toEqual([
      shared,
    ]);
    expect((await get(`/api/patients/${patient.referenceId}/documents/${shared}/content`, w.doctor.token)).status).toBe(
      200,
    );
    // The patient cancels: it ends, and what the doctor uploaded meanwhile closes too.
    const note = new FormData();
    note.append('title', 'Referral letter');
    note.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'referral.png');
    const uploaded = await t.request(`/api/patients/${patient.referenceId}/documents`, {
      method: 'POST',
      body: note,
      headers: bearer(w.doctor.token),
    });
    expect(uploaded.status).toBe(201);
    const own = (await json(uploaded)).data.id as string;
    // The hospital is another provider: the doctor's upload is not its to open unless shared.
    expect((await get(`/api/patients/${patient.referenceId}/documents/${own}/content`, w.hospital.token)).status).toBe(
      404,
    );
    const cancelled = await send('PATCH', `/api/appointments/${appointmentId}/cancel`, patient.token, {
      reason: 'Feeling better',
    });
    expect(cancelled.status).toBe(200);
    expect((await json(await get(docs, w.doctor.token))).data).toEqual({ documents: [], careRelationship: false });
    for (const doc of [shared, own]) {
      expect((await get(`/api/patients/${patient.referenceId}/documents/${doc}/content`, w.doctor.token)).status).toBe(
        404,
      );
    }
  });
});
