// The authorisation table: every /api route, who may call it and how ownership is decided.
// The route list comes from the app itself (app.routeList, server/platform/access.ts), so a route
// that this table does not name fails the suite, and so does a row for a route that is gone.
// For each route: anonymous, then one account of every role, with ids of nothing (the declared
// roles get past the gate, the others 403, anonymous 401); then, for a route whose rows belong to
// someone, a call as the owner (2xx) and as other tenants of the same kind (404, or absent from a list).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../domain/enums.ts';
import {
  affiliationCommissionVersions,
  affiliationLedger,
  affiliations,
  appointments,
  diagnosticsCentres,
  doctors,
  hospitals,
  pharmacies,
  waitlistEntries,
} from '../../server/db/schema/index.ts';
import { OWNERSHIP, admittedRoles, type Ownership } from '../../server/platform/access.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount, signin } from './support/accounts.ts';
import { appointmentWorld, book, futureSlot, json, type Member, type World } from './support/appointments.ts';
import { CBC_ENTRY } from './support/diagnosticOrders.ts';
import { PUNE_ADDRESS } from './support/directory.ts';
import { diagnosticsBody, onboard as onboardAs, pharmacyBody, type Org } from './support/organisations.ts';
import { orderRows } from './support/orderProbes.ts';
import { pharmacyRows } from './support/pharmacyProbes.ts';
import { teleconsultation } from './support/telemedicine.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
const TAG = 'authz';

/** A 1×1 PNG and a small PDF, for the routes that take files. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Call = {
  token: string;
  method: string;
  path: string;
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: () => FormData;
};
type Probe = {
  owner: Call;
  /** Other tenants of the same kind (and providers without a relationship): each must get 404. */
  others: Call[];
  /** For lists and lookups: the answer is 200 for everyone, and this tells whether the owner's row is in it. */
  holds?: (body: any) => boolean;
};
type Row = {
  /** Required for every ownership but 'none' and 'caller' (found from the caller, the path names no one). */
  probe?: (f: Fixtures) => Promise<Probe>;
  /** The route ends the session that calls it: the sweep signs in anew for it. */
  endsSession?: boolean;
};

type Fixtures = World & {
  diagnostics: Org;
  otherDiagnostics: Org;
  pharmacy: Org;
  otherPharmacy: Org;
  /** Pending (not listed) entries of each kind, each owned by its own account. */
  pendingHospital: Org;
  pendingDoctor: Org & { slug: string };
  /** Accounts whose profile a probe deletes. */
  sparePharmacy: Org;
  sparePatient: Org;
};

const PROBED = new Set<Ownership>([
  'consultationParty',
  'providerPaper',
  'scheduleKeeper',
  'organisation',
  'listed',
  'recipient',
  'appointmentParty',
  'patientCare',
  'acquaintance',
  'waitlistParty',
  'affiliationParty',
  'orderParty',
  'referralParty',
  'pharmacyOrderParty',
]);

let t: TestApp;
let f: Fixtures;
const emails: Partial<Record<Role, string>> = {};

const onboard = (email: string, role: Role, path: string, body: unknown) => onboardAs(t, email, role, path, body);

function send(call: Call): Promise<Response> {
  const headers = call.token ? bearer(call.token) : {};
  if (call.form) return t.request(call.path, { method: call.method, body: call.form(), headers });
  if (call.method === 'GET') return t.request(call.path, { headers });
  return t.request(call.path, { method: call.method, json: call.body ?? {}, headers });
}

const fileForm = (name: string, bytes: Buffer, type: string, title?: string) => () => {
  const form = new FormData();
  if (title) form.append('title', title);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

/** An appointment of the world's patient with its doctor, in the given status (set directly where the workflow is slow). */
async function appointmentIn(status: string, extra: Partial<typeof appointments.$inferInsert> = {}): Promise<string> {
  const res = await book(t, f.patient.token, { doctorId: f.doctor.referenceId, scheduledAt: futureSlot(20) });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = (await json(res)).data.id as string;
  await t.database.db
    .update(appointments)
    .set({ status: status as never, ...extra })
    .where(eq(appointments.id, id));
  return id;
}

const id = (p: Org | Member) => p.referenceId;
const list = (body: any, key: string) => (body.data?.[key] ?? []) as Array<{ id: string }>;

// Keyed "METHOD /api/path" exactly as the route is registered.
const TABLE: Record<string, Row> = {
  // ── accounts ─────────────────────────────────────────────────────────────────────
  'POST /api/users/register': {},
  'GET /api/users/verify-email': {},
  'POST /api/users/resend-verification': {},
  'POST /api/users/signin': {},
  'GET /api/users/user-details': {},
  'POST /api/users/signout': { endsSession: true },
  'POST /api/users/request-reset-password': {},
  'POST /api/users/reset-password/:token': {},
  'POST /api/users/register-by-reference-id': {},
  'POST /api/users/change-password': {},
  'DELETE /api/users/me': {},
  'GET /api/users/public/ids': {
    // The doctor knows the patient through their appointment; a doctor who has none does not.
    probe: async (f) =>
      acquaintanceProbe(f, `/api/users/public/ids?ids=${f.patient.userId}`, (body) =>
        Object.keys(body.data.users).includes(f.patient.userId),
      ),
  },
  'GET /api/users/test-search': {
    probe: async (f) =>
      acquaintanceProbe(f, '/api/users/test-search?name=Test%20patient&limit=100', (body) =>
        list(body, 'users').some((u) => u.id === f.patient.userId),
      ),
  },

  // ── hospitals ────────────────────────────────────────────────────────────────────
  'POST /api/hospitals/onboard': {},
  'GET /api/hospitals/me': {},
  'GET /api/hospitals/search': {},
  'GET /api/hospitals/:hospitalId': {
    probe: async (f) => ({
      owner: { token: f.pendingHospital.token, method: 'GET', path: `/api/hospitals/${id(f.pendingHospital)}` },
      others: [{ token: f.hospital.token, method: 'GET', path: `/api/hospitals/${id(f.pendingHospital)}` }],
    }),
  },
  'PATCH /api/hospitals/:hospitalId': {
    probe: async (f) => {
      const call = (token: string): Call => ({
        token,
        method: 'PATCH',
        path: `/api/hospitals/${id(f.hospital)}`,
        body: { name: 'Sahyadri Authz Care Hospital' },
      });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token)] };
    },
  },
  'POST /api/hospitals/:hospitalId/departments': {
    probe: async (f) => {
      const call = (token: string): Call => ({
        token,
        method: 'POST',
        path: `/api/hospitals/${id(f.hospital)}/departments`,
        body: { name: 'Cardiology' },
      });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token)] };
    },
  },
  'PUT /api/hospitals/:hospitalId/departments/:departmentId': {
    probe: async (f) => {
      const dept = await department(f);
      const call = (token: string): Call => ({
        token,
        method: 'PUT',
        path: `/api/hospitals/${id(f.hospital)}/departments/${dept}`,
        body: { name: 'Neurology' },
      });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token)] };
    },
  },
  'DELETE /api/hospitals/:hospitalId/departments/:departmentId': {
    probe: async (f) => {
      const dept = await department(f);
      const call = (token: string): Call => ({
        token,
        method: 'DELETE',
        path: `/api/hospitals/${id(f.hospital)}/departments/${dept}`,
      });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token)] };
    },
  },
  'POST /api/hospitals/:hospitalId/emergency-contacts': {
    probe: async (f) => {
      const call = (token: string): Call => ({
        token,
        method: 'POST',
        path: `/api/hospitals/${id(f.hospital)}/emergency-contacts`,
        body: { name: 'Night desk', phone: '+91 98220 12345' },
      });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token)] };
    },
  },
  'PATCH /api/hospitals/:hospitalId/emergency-contacts/:contactId': {
    probe: async (f) => {
      const contact = await emergencyContact(f);
      const call = (token: string): Call => ({
        token,
        method: 'PATCH',
        path: `/api/hospitals/${id(f.hospital)}/emergency-contacts/${contact}`,
        body: { name: 'Casualty desk' },
      });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token)] };
    },
  },
  'DELETE /api/hospitals/:hospitalId/emergency-contacts/:contactId': {
    probe: async (f) => {
      const contact = await emergencyContact(f);
      const call = (token: string): Call => ({
        token,
        method: 'DELETE',
        path: `/api/hospitals/${id(f.hospital)}/emergency-contacts/${contact}`,
      });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token)] };
    },
  },

  // ── patients ─────────────────────────────────────────────────────────────────────
  'POST /api/patients': {},
  'GET /api/patients': {
    probe: async (f) => ({
      owner: { token: f.patient.token, method: 'GET', path: '/api/patients?limit=100' },
      others: [
        { token: f.otherPatient.token, method: 'GET', path: '/api/patients?limit=100' },
        { token: f.otherDoctor.token, method: 'GET', path: '/api/patients?limit=100' },
        { token: f.otherHospital.token, method: 'GET', path: '/api/patients?limit=100' },
      ],
      holds: (body) => list(body, 'patients').some((p) => p.id === id(f.patient)),
    }),
  },
  'GET /api/patients/me': {},
  'GET /api/patients/statistics/overview': {},
  'GET /api/patients/:id': {
    probe: async (f) => patientProbe(f, 'GET', `/api/patients/${id(f.patient)}`),
  },
  'PUT /api/patients/:id': {
    probe: async (f) => ({
      owner: {
        token: f.patient.token,
        method: 'PUT',
        path: `/api/patients/${id(f.patient)}`,
        body: { lastName: 'Kale' },
      },
      others: [
        { token: f.otherPatient.token, method: 'PUT', path: `/api/patients/${id(f.patient)}`, body: { lastName: 'X' } },
      ],
    }),
  },
  'DELETE /api/patients/:id': {
    probe: async (f) => ({
      owner: { token: f.sparePatient.token, method: 'DELETE', path: `/api/patients/${id(f.sparePatient)}` },
      others: [{ token: f.otherPatient.token, method: 'DELETE', path: `/api/patients/${id(f.sparePatient)}` }],
    }),
  },
  'POST /api/patients/:id/documents': {
    probe: async (f) => {
      const call = (token: string): Call => ({
        token,
        method: 'POST',
        path: `/api/patients/${id(f.patient)}/documents`,
        form: fileForm('scan.png', PNG, 'image/png', 'Chest X-ray'),
      });
      return {
        owner: call(f.patient.token),
        others: [call(f.otherPatient.token), call(f.otherDoctor.token), call(f.otherHospital.token)],
      };
    },
  },
  'GET /api/patients/:id/documents': {
    probe: async (f) => patientProbe(f, 'GET', `/api/patients/${id(f.patient)}/documents`),
  },
  'GET /api/patients/:id/documents/:documentId/content': {
    probe: async (f) => patientProbe(f, 'GET', `/api/patients/${id(f.patient)}/documents/${await document(f)}/content`),
  },
  'GET /api/patients/:id/documents/:documentId/thumbnail': {
    probe: async (f) =>
      patientProbe(f, 'GET', `/api/patients/${id(f.patient)}/documents/${await document(f)}/thumbnail`),
  },
  'POST /api/patients/:id/medical-history': {
    probe: async (f) =>
      patientProbe(f, 'POST', `/api/patients/${id(f.patient)}/medical-history`, { condition: 'Hypertension' }),
  },
  'GET /api/patients/:id/medical-history': {
    probe: async (f) => patientProbe(f, 'GET', `/api/patients/${id(f.patient)}/medical-history`),
  },

  // ── pharmacies ───────────────────────────────────────────────────────────────────
  'POST /api/pharmacies/onboard': {},
  'GET /api/pharmacies/me': {},
  'GET /api/pharmacies/search': {},
  'GET /api/pharmacies/:id': {
    probe: async (f) => ({
      owner: { token: f.otherPharmacy.token, method: 'GET', path: `/api/pharmacies/${id(f.otherPharmacy)}` },
      others: [{ token: f.pharmacy.token, method: 'GET', path: `/api/pharmacies/${id(f.otherPharmacy)}` }],
    }),
  },
  'PUT /api/pharmacies/:id': {
    probe: async (f) =>
      orgProbe(f.pharmacy, f.otherPharmacy, 'PUT', `/api/pharmacies/${id(f.pharmacy)}`, {
        name: 'Jeevan Authz Medicals',
      }),
  },
  'DELETE /api/pharmacies/:id': {
    probe: async (f) => orgProbe(f.sparePharmacy, f.otherPharmacy, 'DELETE', `/api/pharmacies/${id(f.sparePharmacy)}`),
  },
  'PATCH /api/pharmacies/:id/opening-hours': {
    probe: async (f) =>
      orgProbe(f.pharmacy, f.otherPharmacy, 'PATCH', `/api/pharmacies/${id(f.pharmacy)}/opening-hours`, {
        TUESDAY: { open: '09:00', close: '21:00' },
      }),
  },
  'PATCH /api/pharmacies/:id/emergency-info': {
    probe: async (f) =>
      orgProbe(f.pharmacy, f.otherPharmacy, 'PATCH', `/api/pharmacies/${id(f.pharmacy)}/emergency-info`, {
        available24x7: true,
      }),
  },
  'POST /api/pharmacies/:id/pharmacists': {
    probe: async (f) =>
      orgProbe(f.pharmacy, f.otherPharmacy, 'POST', `/api/pharmacies/${id(f.pharmacy)}/pharmacists`, {
        name: 'Meera Joshi',
        registrationNumber: 'MH-PCI-55120',
      }),
  },
  'PUT /api/pharmacies/:id/pharmacists/:pharmacistId': {
    probe: async (f) =>
      orgProbe(
        f.pharmacy,
        f.otherPharmacy,
        'PUT',
        `/api/pharmacies/${id(f.pharmacy)}/pharmacists/${await pharmacist(f)}`,
        {
          name: 'Meera V. Joshi',
        },
      ),
  },
  'DELETE /api/pharmacies/:id/pharmacists/:pharmacistId': {
    probe: async (f) =>
      orgProbe(
        f.pharmacy,
        f.otherPharmacy,
        'DELETE',
        `/api/pharmacies/${id(f.pharmacy)}/pharmacists/${await pharmacist(f)}`,
      ),
  },
  'POST /api/pharmacies/:id/pharmacists/:pharmacistId/verify': {},
  'POST /api/pharmacies/:id/images': {
    probe: async (f) => {
      const call = (token: string): Call => ({
        token,
        method: 'POST',
        path: `/api/pharmacies/${id(f.pharmacy)}/images`,
        form: fileForm('front.png', PNG, 'image/png'),
      });
      return { owner: call(f.pharmacy.token), others: [call(f.otherPharmacy.token)] };
    },
  },
  'GET /api/pharmacies/:id/images': {
    probe: async (f) => ({
      owner: { token: f.otherPharmacy.token, method: 'GET', path: `/api/pharmacies/${id(f.otherPharmacy)}/images` },
      others: [{ token: f.pharmacy.token, method: 'GET', path: `/api/pharmacies/${id(f.otherPharmacy)}/images` }],
    }),
  },
  'GET /api/pharmacies/:id/images/:imageId/content': {
    probe: async (f) => {
      const image = await pharmacyImage(f.otherPharmacy);
      const path = `/api/pharmacies/${id(f.otherPharmacy)}/images/${image}/content`;
      return {
        owner: { token: f.otherPharmacy.token, method: 'GET', path },
        others: [{ token: f.pharmacy.token, method: 'GET', path }],
      };
    },
  },
  'DELETE /api/pharmacies/:id/images/:imageUrl': {
    probe: async (f) =>
      orgProbe(
        f.pharmacy,
        f.otherPharmacy,
        'DELETE',
        `/api/pharmacies/${id(f.pharmacy)}/images/${await pharmacyImage(f.pharmacy)}`,
      ),
  },

  // ── diagnostics ──────────────────────────────────────────────────────────────────
  'POST /api/diagnostics/onboard': {},
  'GET /api/diagnostics/me': {},
  'GET /api/diagnostics/search': {},
  'GET /api/diagnostics/:diagnosticsId': {
    probe: async (f) => ({
      owner: { token: f.otherDiagnostics.token, method: 'GET', path: `/api/diagnostics/${id(f.otherDiagnostics)}` },
      others: [{ token: f.diagnostics.token, method: 'GET', path: `/api/diagnostics/${id(f.otherDiagnostics)}` }],
    }),
  },
  'PATCH /api/diagnostics/:diagnosticsId': {
    probe: async (f) =>
      orgProbe(f.diagnostics, f.otherDiagnostics, 'PATCH', `/api/diagnostics/${id(f.diagnostics)}`, {
        name: 'Precision Authz Diagnostics',
      }),
  },
  'PATCH /api/diagnostics/:diagnosticsId/results-turnaround': {
    probe: async (f) =>
      orgProbe(f.diagnostics, f.otherDiagnostics, 'PATCH', `/api/diagnostics/${id(f.diagnostics)}/results-turnaround`, {
        CBC: 6,
      }),
  },
  'PATCH /api/diagnostics/:diagnosticsId/staffing-expertise': {
    probe: async (f) =>
      orgProbe(f.diagnostics, f.otherDiagnostics, 'PATCH', `/api/diagnostics/${id(f.diagnostics)}/staffing-expertise`, {
        pathologists: 3,
      }),
  },

  // ── doctors ──────────────────────────────────────────────────────────────────────
  'POST /api/doctors/onboard': {},
  'GET /api/doctors/me': {},
  'GET /api/doctors/search': {},
  'GET /api/doctors/slug/:slug': {
    probe: async (f) => ({
      owner: { token: f.pendingDoctor.token, method: 'GET', path: `/api/doctors/slug/${f.pendingDoctor.slug}` },
      others: [{ token: f.otherDoctor.token, method: 'GET', path: `/api/doctors/slug/${f.pendingDoctor.slug}` }],
    }),
  },
  'GET /api/doctors/:doctorId': {
    probe: async (f) => ({
      owner: { token: f.pendingDoctor.token, method: 'GET', path: `/api/doctors/${id(f.pendingDoctor)}` },
      others: [{ token: f.otherDoctor.token, method: 'GET', path: `/api/doctors/${id(f.pendingDoctor)}` }],
    }),
  },
  'PATCH /api/doctors/:doctorId': {
    probe: async (f) =>
      orgProbe(f.doctor, f.otherDoctor, 'PATCH', `/api/doctors/${id(f.doctor)}`, { name: 'Dr Arjun Rao' }),
  },

  // ── appointments ─────────────────────────────────────────────────────────────────
  'POST /api/appointments/patient/book-appointment': {},
  'POST /api/appointments/search': {
    probe: async (f) => {
      const appointment = await appointmentIn('PENDING');
      const call = (token: string): Call => ({
        token,
        method: 'POST',
        path: '/api/appointments/search',
        body: { limit: 100 },
      });
      return {
        owner: call(f.doctor.token),
        others: [call(f.otherPatient.token), call(f.otherDoctor.token), call(f.otherHospital.token)],
        holds: (body) => list(body, 'appointments').some((a) => a.id === appointment),
      };
    },
  },
  'GET /api/appointments/patient': {},
  'GET /api/appointments/doctor': {},
  'GET /api/appointments/hospital': {},
  'GET /api/appointments/:appointmentId': {
    probe: async (f) => partyProbe(f, f.patient, 'GET', `/api/appointments/${await appointmentIn('PENDING')}`),
  },
  'DELETE /api/appointments/:appointmentId': {
    probe: async (f) => partyProbe(f, f.patient, 'DELETE', `/api/appointments/${await appointmentIn('CANCELLED')}`),
  },
  'PATCH /api/appointments/:appointmentId/decision': {
    probe: async (f) =>
      partyProbe(f, f.doctor, 'PATCH', `/api/appointments/${await appointmentIn('PENDING')}/decision`, {
        decision: 'ACCEPT',
      }),
  },
  'PATCH /api/appointments/:appointmentId/confirm': {
    probe: async (f) =>
      partyProbe(f, f.doctor, 'PATCH', `/api/appointments/${await appointmentIn('ACCEPTED')}/confirm`, {}),
  },
  'PATCH /api/appointments/:appointmentId/cancel': {
    probe: async (f) =>
      partyProbe(f, f.patient, 'PATCH', `/api/appointments/${await appointmentIn('PENDING')}/cancel`, {
        reason: 'Feeling better now',
      }),
  },
  'PATCH /api/appointments/:appointmentId/reschedule': {
    probe: async (f) =>
      partyProbe(f, f.doctor, 'PATCH', `/api/appointments/${await appointmentIn('ACCEPTED')}/reschedule`, {
        scheduledAt: futureSlot(25),
      }),
  },
  'PATCH /api/appointments/:appointmentId/respond-reschedule': {
    probe: async (f) => {
      const appointment = await appointmentIn('ACCEPTED');
      const proposed = await send({
        token: f.doctor.token,
        method: 'PATCH',
        path: `/api/appointments/${appointment}/reschedule`,
        body: { scheduledAt: futureSlot(26) },
      });
      expect(proposed.status).toBe(200);
      return partyProbe(f, f.patient, 'PATCH', `/api/appointments/${appointment}/respond-reschedule`, {
        decision: 'ACCEPT',
      });
    },
  },
  'PATCH /api/appointments/:appointmentId/outcome': {
    probe: async (f) => {
      const past = new Date(Date.now() - 2 * 3_600_000);
      const appointment = await appointmentIn('CONFIRMED', {
        scheduledAt: past,
        endsAt: new Date(past.getTime() + 30 * 60_000),
      });
      return partyProbe(f, f.doctor, 'PATCH', `/api/appointments/${appointment}/outcome`, { outcome: 'COMPLETED' });
    },
  },
  'GET /api/appointments/:appointmentId/conversation': {
    probe: async (f) =>
      partyProbe(f, f.patient, 'GET', `/api/appointments/${await appointmentIn('PENDING')}/conversation`),
  },
  'POST /api/appointments/:appointmentId/message': {
    probe: async (f) =>
      partyProbe(f, f.patient, 'POST', `/api/appointments/${await appointmentIn('PENDING')}/message`, {
        body: 'Should I bring my earlier reports?',
      }),
  },
  'GET /api/appointments/:appointmentId/documents': {
    // Its doctor, within the care relationship a confirmed appointment is; a doctor or hospital it does not name gets 404.
    probe: async (f) =>
      partyProbe(f, f.doctor, 'GET', `/api/appointments/${await appointmentIn('CONFIRMED')}/documents`),
  },
  'PUT /api/appointments/:appointmentId/documents/:documentId': {
    probe: async (f) =>
      partyProbe(
        f,
        f.patient,
        'PUT',
        `/api/appointments/${await appointmentIn('PENDING')}/documents/${await document(f)}`,
      ),
  },
  'DELETE /api/appointments/:appointmentId/documents/:documentId': {
    probe: async (f) => {
      const path = `/api/appointments/${await appointmentIn('PENDING')}/documents/${await document(f)}`;
      expect((await send({ token: f.patient.token, method: 'PUT', path })).status).toBe(200);
      return partyProbe(f, f.patient, 'DELETE', path);
    },
  },

  // ── consultations ────────────────────────────────────────────────────────────────
  'POST /api/consultations': {
    probe: async (f) => {
      const appointmentId = await appointmentIn('ACCEPTED');
      return partyProbe(f, f.doctor, 'POST', '/api/consultations', { appointmentId });
    },
  },
  'GET /api/consultations': {
    probe: async (f) => {
      const consultationId = await consultationOf(f);
      const holds = (body: any) => list(body, 'consultations').some((c) => c.id === consultationId);
      return {
        owner: { token: f.doctor.token, method: 'GET', path: '/api/consultations?limit=100' },
        others: [f.otherDoctor, f.otherHospital, f.otherPatient].map((o) => ({
          token: o.token,
          method: 'GET',
          path: '/api/consultations?limit=100',
        })),
        holds,
      };
    },
  },
  'GET /api/consultations/emergency-grants': {},
  // The patient chart: the doctor within a care relationship; a doctor or hospital outside it gets 404.
  'GET /api/consultations/patient/:patientId': {
    probe: async (f) => {
      await consultationOf(f);
      return treatingProbe(f, 'GET', `/api/consultations/patient/${id(f.patient)}`);
    },
  },

  'GET /api/consultations/:consultationId': { probe: async (f) => consultationRead(f, '') },
  'PUT /api/consultations/:consultationId': {
    probe: async (f) => consultationWrite(f, 'PUT', '', { advice: 'Walk for thirty minutes a day.' }),
  },
  'GET /api/consultations/:consultationId/prescriptions': { probe: async (f) => consultationRead(f, '/prescriptions') },
  'GET /api/consultations/:consultationId/diagnostic-tests': {
    probe: async (f) => consultationRead(f, '/diagnostic-tests'),
  },
  'GET /api/consultations/:consultationId/medical-summary': {
    probe: async (f) => consultationRead(f, '/medical-summary'),
  },
  'GET /api/consultations/:consultationId/progress': { probe: async (f) => consultationRead(f, '/progress') },
  'GET /api/consultations/:consultationId/audit-log': { probe: async (f) => consultationRead(f, '/audit-log') },
  'GET /api/consultations/:consultationId/limited': { probe: async (f) => consultationRead(f, '/limited') },
  // Break the glass: any doctor or hospital may ask (tests/api/consultations.test.ts covers the grant before and after expiry).
  'GET /api/consultations/:consultationId/emergency-access': {},
  'POST /api/consultations/:consultationId/diagnoses': {
    probe: async (f) =>
      consultationWrite(f, 'POST', '/diagnoses', { code: 'I10', description: 'Essential (primary) hypertension' }),
  },
  'PUT /api/consultations/:consultationId/diagnoses/:diagnosisId': {
    probe: async (f) =>
      consultationPart(f, '/diagnoses', { description: 'Hypertension' }, 'PUT', {
        description: 'Essential (primary) hypertension',
      }),
  },
  'DELETE /api/consultations/:consultationId/diagnoses/:diagnosisId': {
    probe: async (f) => consultationPart(f, '/diagnoses', { description: 'Hypertension' }, 'DELETE'),
  },
  'POST /api/consultations/:consultationId/vital-signs': {
    probe: async (f) => consultationWrite(f, 'POST', '/vital-signs', { pulse: 80 }),
  },
  'PUT /api/consultations/:consultationId/vital-signs/:vitalSignsId': {
    probe: async (f) => consultationPart(f, '/vital-signs', { pulse: 80 }, 'PUT', { pulse: 82 }),
  },
  'DELETE /api/consultations/:consultationId/vital-signs/:vitalSignsId': {
    probe: async (f) => consultationPart(f, '/vital-signs', { pulse: 80 }, 'DELETE'),
  },
  'POST /api/consultations/:consultationId/prescriptions': {
    probe: async (f) => consultationWrite(f, 'POST', '/prescriptions', RX),
  },
  'PUT /api/consultations/:consultationId/prescriptions/:prescriptionId': {
    probe: async (f) => consultationPart(f, '/prescriptions', RX, 'PUT', { ...RX, duration: '10 days' }),
  },
  'DELETE /api/consultations/:consultationId/prescriptions/:prescriptionId': {
    probe: async (f) => consultationPart(f, '/prescriptions', RX, 'DELETE'),
  },
  'POST /api/consultations/:consultationId/diagnostic-tests': {
    probe: async (f) => consultationWrite(f, 'POST', '/diagnostic-tests', { testName: 'Lipid profile' }),
  },
  'PUT /api/consultations/:consultationId/diagnostic-tests/:testId': {
    probe: async (f) =>
      consultationPart(f, '/diagnostic-tests', { testName: 'ECG' }, 'PUT', { testName: 'ECG, 12 lead' }),
  },
  'DELETE /api/consultations/:consultationId/diagnostic-tests/:testId': {
    probe: async (f) => consultationPart(f, '/diagnostic-tests', { testName: 'ECG' }, 'DELETE'),
  },
  'PUT /api/consultations/:consultationId/clinical-notes': {
    probe: async (f) => consultationWrite(f, 'PUT', '/clinical-notes', { notes: 'Review in a week.' }),
  },
  'POST /api/consultations/:consultationId/consent': {
    probe: async (f) => consultationWrite(f, 'POST', '/consent', { scope: 'Treadmill test', agreed: true }),
  },
  'POST /api/consultations/:consultationId/alerts/:alertId/acknowledge': {
    probe: async (f) => {
      const consultationId = await consultationOf(f);
      await send({
        token: f.doctor.token,
        method: 'POST',
        path: `/api/consultations/${consultationId}/vital-signs`,
        body: { spo2: 85 },
      });
      const record = await json(
        await send({ token: f.doctor.token, method: 'GET', path: `/api/consultations/${consultationId}` }),
      );
      const alertId = record.data.alerts[0].id as string;
      return treatingProbe(f, 'POST', `/api/consultations/${consultationId}/alerts/${alertId}/acknowledge`, {
        comment: 'Seen',
      });
    },
  },
  'POST /api/consultations/:consultationId/check-allergies': {
    probe: async (f) => consultationWrite(f, 'POST', '/check-allergies', { drugs: ['Amoxicillin'] }),
  },
  'POST /api/consultations/:consultationId/check-drug-interactions': {
    probe: async (f) => consultationWrite(f, 'POST', '/check-drug-interactions', { drugs: ['Simvastatin'] }),
  },
  // Billing, referral, follow-up, feedback, admission, diagnostics, statistics (tests/api/consultations-care.test.ts).
  'GET /api/consultations/stats': {},
  'GET /api/consultations/stats/department-wise': {},
  'GET /api/consultations/referrals': {
    probe: async (f) => {
      const referralId = await referralOf(f);
      const holds = (body: any) => body.data.referrals.some((r: any) => r.id === referralId);
      const path = '/api/consultations/referrals?limit=100';
      return {
        owner: { token: f.diagnostics.token, method: 'GET', path },
        others: [f.otherDiagnostics, f.otherDoctor, f.otherHospital, f.otherPatient].map((o) => ({
          token: o.token,
          method: 'GET',
          path,
        })),
        holds,
      };
    },
  },
  'PATCH /api/consultations/referrals/:referralId': {
    probe: async (f) => {
      const path = `/api/consultations/referrals/${await referralOf(f)}`;
      const body = { decision: 'ACCEPT' };
      return {
        owner: { token: f.diagnostics.token, method: 'PATCH', path, body },
        others: [f.otherDiagnostics, f.doctor, f.otherDoctor, f.otherHospital].map((o) => ({
          token: o.token,
          method: 'PATCH',
          path,
          body,
        })),
      };
    },
  },
  'GET /api/consultations/:consultationId/billing': { probe: async (f) => consultationRead(f, '/billing') },
  'POST /api/consultations/:consultationId/payments': {
    probe: async (f) =>
      consultationWrite(f, 'POST', '/payments', { kind: 'CHARGE', description: 'Dressing', amountPaise: 5_000 }),
  },
  'POST /api/consultations/:consultationId/referral': {
    probe: async (f) =>
      consultationWrite(f, 'POST', '/referral', {
        targetKind: 'DIAGNOSTICS',
        targetId: f.diagnostics.referenceId,
        reason: 'Echocardiogram',
      }),
  },
  'POST /api/consultations/:consultationId/follow-up': {
    probe: async (f) => {
      const at = new Date(Date.now() + 40 * 86_400_000);
      at.setUTCHours(9, 0, 0, 0);
      const path = `/api/consultations/${await completedConsultationOf(f)}/follow-up`;
      return treatingProbe(f, 'POST', path, { at: at.toISOString() });
    },
  },
  'POST /api/consultations/:consultationId/feedback': {
    probe: async (f) => {
      const path = `/api/consultations/${await completedConsultationOf(f)}/feedback`;
      return {
        owner: { token: f.patient.token, method: 'POST', path, body: { rating: 5 } },
        others: [{ token: f.otherPatient.token, method: 'POST', path, body: { rating: 5 } }],
      };
    },
  },
  'GET /api/consultations/:consultationId/admission': { probe: async (f) => consultationRead(f, '/admission') },
  'PATCH /api/consultations/:consultationId/admission': {
    probe: async (f) => consultationWrite(f, 'PATCH', '/admission', { step: 'REQUIRE' }),
  },
  // Telemedicine: the patient and the treating doctor only; its hospital 403 (tests/api/telemedicine.test.ts).
  'POST /api/consultations/:consultationId/telemedicine/start': {
    probe: async (f) => {
      const path = `/api/consultations/${await teleconsultation(t, f)}/telemedicine/start`;
      return {
        owner: { token: f.patient.token, method: 'POST', path },
        others: [f.otherPatient, f.otherDoctor].map((o) => ({ token: o.token, method: 'POST', path })),
      };
    },
  },
  'POST /api/consultations/:consultationId/telemedicine/end': {
    probe: async (f) => {
      const consultationId = await teleconsultation(t, f);
      const started = await send({
        token: f.patient.token,
        method: 'POST',
        path: `/api/consultations/${consultationId}/telemedicine/start`,
      });
      expect(started.status, await started.clone().text()).toBe(200);
      const path = `/api/consultations/${consultationId}/telemedicine/end`;
      return {
        owner: { token: f.doctor.token, method: 'POST', path },
        others: [f.otherPatient, f.otherDoctor].map((o) => ({ token: o.token, method: 'POST', path })),
      };
    },
  },
  'PATCH /api/consultations/:consultationId/update-from-diagnostics': {
    // The real path: the doctor orders the consultation's test (DIAGNOSTICS_ORDERED), then cancels it,
    // so every order of the consultation is closed and the treating side marks the diagnostics done.
    probe: async (f) => {
      const consultationId = await completedConsultationOf(f);
      const entry = await send({
        token: f.diagnostics.token,
        method: 'PUT',
        path: `/api/diagnostics/${f.diagnostics.referenceId}/tests/CBC`,
        body: CBC_ENTRY,
      });
      expect(entry.status, await entry.clone().text()).toBe(200);
      const ordered = await send({
        token: f.doctor.token,
        method: 'POST',
        path: '/api/diagnostic-orders',
        body: {
          diagnosticCenterId: f.diagnostics.referenceId,
          patientId: f.patient.referenceId,
          tests: ['CBC'],
          consultationId,
        },
      });
      expect(ordered.status, await ordered.clone().text()).toBe(201);
      const order = (await json(ordered)).data;
      const cancelled = await send({
        token: f.doctor.token,
        method: 'PUT',
        path: `/api/diagnostic-orders/${order.id}/tests/${order.tests[0].id}/status`,
        body: { status: 'CANCELLED', reason: 'Done elsewhere' },
      });
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
      return treatingProbe(f, 'PATCH', `/api/consultations/${consultationId}/update-from-diagnostics`);
    },
  },

  // ── schedules ────────────────────────────────────────────────────────────────────
  'GET /api/doctors/:doctorId/schedule': {
    probe: async (f) => keeperProbe(f, 'GET'),
  },
  'PUT /api/doctors/:doctorId/schedule': {
    // Leave only: the doctor stays without a schedule, so the other probes still book any time.
    probe: async (f) => keeperProbe(f, 'PUT', { hospitalId: null, sessions: [], leave: [CHRISTMAS] }),
  },
  'GET /api/doctors/:doctorId/slots': {
    probe: async (f) => ({
      owner: { token: f.pendingDoctor.token, method: 'GET', path: `/api/doctors/${id(f.pendingDoctor)}/slots` },
      others: [{ token: f.otherDoctor.token, method: 'GET', path: `/api/doctors/${id(f.pendingDoctor)}/slots` }],
    }),
  },
  'GET /api/hospitals/:hospitalId/slots': {
    probe: async (f) => ({
      owner: { token: f.pendingHospital.token, method: 'GET', path: `/api/hospitals/${id(f.pendingHospital)}/slots` },
      others: [{ token: f.hospital.token, method: 'GET', path: `/api/hospitals/${id(f.pendingHospital)}/slots` }],
    }),
  },

  // ── affiliations ─────────────────────────────────────────────────────────────────
  ...affiliationRows(),

  // ── waitlist ─────────────────────────────────────────────────────────────────────
  'GET /api/waitlist': {
    probe: async (f) => {
      const entry = await waitlistEntry(f);
      const call = (token: string): Call => ({ token, method: 'GET', path: '/api/waitlist?limit=100' });
      return {
        owner: call(f.hospital.token),
        others: [call(f.otherHospital.token), call(f.otherDoctor.token)],
        holds: (body) => list(body, 'entries').some((e) => e.id === entry),
      };
    },
  },
  'POST /api/waitlist/join': {},
  'POST /api/waitlist/notify': {
    probe: async (f) => {
      const entry = await waitlistEntry(f);
      const body = { waitlistId: entry, doctorId: id(f.doctor), scheduledAt: futureSlot(30) };
      const call = (token: string): Call => ({ token, method: 'POST', path: '/api/waitlist/notify', body });
      return { owner: call(f.hospital.token), others: [call(f.otherHospital.token), call(f.otherDoctor.token)] };
    },
  },
  'GET /api/waitlist/patient/me': {},
  'GET /api/waitlist/stats/overview': {},
  'GET /api/waitlist/:waitlistId': {
    probe: async (f) => {
      const path = `/api/waitlist/${await waitlistEntry(f)}`;
      return {
        owner: { token: f.patient.token, method: 'GET', path },
        others: [f.otherPatient, f.otherHospital, f.otherDoctor].map((o) => ({ token: o.token, method: 'GET', path })),
      };
    },
  },
  'DELETE /api/waitlist/:waitlistId': {
    probe: async (f) => partyProbe(f, f.patient, 'DELETE', `/api/waitlist/${await waitlistEntry(f)}`),
  },
  'PATCH /api/waitlist/:waitlistId/position': {
    probe: async (f) =>
      partyProbe(f, f.hospital, 'PATCH', `/api/waitlist/${await waitlistEntry(f)}/position`, {
        position: 1,
        reason: 'Referred by casualty',
      }),
  },
  'PATCH /api/waitlist/:waitlistId/status': {
    probe: async (f) =>
      partyProbe(f, f.patient, 'PATCH', `/api/waitlist/${await waitlistEntry(f)}/status`, { status: 'CANCELLED' }),
  },

  // ── notifications ────────────────────────────────────────────────────────────────
  'POST /api/notifications': {},
  'GET /api/notifications': {},
  'DELETE /api/notifications': {},
  'GET /api/notifications/unread/count': {},
  'PUT /api/notifications/mark-all-read': {},
  'GET /api/notifications/preferences': {},
  'PATCH /api/notifications/preferences': {},
  'GET /api/notifications/push/public-key': {},
  'POST /api/notifications/push/subscriptions': {},
  'DELETE /api/notifications/push/subscriptions': {},
  'DELETE /api/notifications/:notificationId': {
    probe: async (f) => notificationProbe(f, 'DELETE', ''),
  },
  'PUT /api/notifications/:notificationId/read': {
    probe: async (f) => notificationProbe(f, 'PUT', '/read'),
  },

  // ── teams: the caller's own organisation's team, found from the caller ───────────────
  'GET /api/teams/me': {},
  'POST /api/teams/me/members': {},
  'POST /api/teams/me/members/:memberId/resend': {},
  'DELETE /api/teams/me/members/:memberId': {},
  'PATCH /api/teams/me/members/:memberId': {},
  'POST /api/teams/me/members/:memberId/deactivate': {},
  'POST /api/teams/me/members/:memberId/reactivate': {},

  // ── verification ─────────────────────────────────────────────────────────────────
  // The provider's own papers are found from the caller (its referenceId); the path names no one.
  'POST /api/verification/documents/upload': {},
  'PUT /api/verification/documents/:documentType': {},
  'DELETE /api/verification/documents/:documentType': {},
  'GET /api/verification/documents': {},
  'GET /api/verification/documents/history': {},
  'GET /api/verification/files/:fileId': {
    probe: async (f) => {
      const path = `/api/verification/files/${await verificationFile(f)}`;
      return {
        owner: { token: f.hospital.token, method: 'GET', path },
        others: [f.otherHospital, f.pendingHospital, f.doctor].map((o) => ({ token: o.token, method: 'GET', path })),
      };
    },
  },
  'GET /api/verification/admin/pending': {},
  'GET /api/verification/admin/entity/:entityId': {},
  'GET /api/verification/admin/stats': {},
  'POST /api/verification/admin/entity/:entityId/document/:documentType/verify': {},
  'POST /api/verification/admin/entity/:entityId/status': {},

  // ── platform ─────────────────────────────────────────────────────────────────────
  'GET /api/health': {},
  'POST /api/idempotency-keys/lookup': {},
  'GET /api/dev/mailbox': {},
  'POST /api/dev/waitlist/run-out-holds': {},

  // ── diagnostics catalogue and diagnostic orders (support/orderProbes.ts) ─────────────
  ...orderRows(
    (call) => send(call),
    () => appointmentIn('CONFIRMED'),
    (f) => consultationOf(f as Fixtures),
  ),

  // ── pharmacy inventory and orders (support/pharmacyProbes.ts) ─────────────────────
  ...pharmacyRows((call) => send(call)),
};

// ── probe builders ───────────────────────────────────────────────────────────────────

function orgProbe(owner: Org, other: Org, method: string, path: string, body?: unknown): Probe {
  return { owner: { token: owner.token, method, path, body }, others: [{ token: other.token, method, path, body }] };
}

/** The patient reaches their record; another patient and providers with no care relationship do not. */
function patientProbe(f: Fixtures, method: string, path: string, body?: unknown): Probe {
  return {
    owner: { token: f.patient.token, method, path, body },
    others: [f.otherPatient, f.otherDoctor, f.otherHospital, f.diagnostics, f.pharmacy].map((o) => ({
      token: o.token,
      method,
      path,
      body,
    })),
  };
}

/** One party of the appointment acts; the same kind of party of nobody's appointment gets 404. */
function partyProbe(f: Fixtures, party: Member, method: string, path: string, body?: unknown): Probe {
  const others = party === f.patient ? [f.otherPatient] : [f.otherDoctor, f.otherHospital];
  return {
    owner: { token: party.token, method, path, body },
    others: others.map((o) => ({ token: o.token, method, path, body })),
  };
}

const RX = {
  genericName: 'Paracetamol',
  strength: '650 mg',
  dose: '1 tablet',
  frequency: 'Three times a day',
  duration: '3 days',
};

/** An in-progress consultation of the world's patient with its doctor (from an accepted appointment). */
async function consultationOf(f: Fixtures): Promise<string> {
  const appointmentId = await appointmentIn('ACCEPTED');
  const res = await send({
    token: f.doctor.token,
    method: 'POST',
    path: '/api/consultations',
    body: { appointmentId },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data.id as string;
}

/** A consultation the doctor has completed (its visit is over). */
async function completedConsultationOf(f: Fixtures): Promise<string> {
  const consultationId = await consultationOf(f);
  const res = await send({
    token: f.doctor.token,
    method: 'PUT',
    path: `/api/consultations/${consultationId}`,
    body: { action: 'COMPLETE_CONSULTATION' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return consultationId;
}

/** A pending referral from the doctor's consultation to the fixtures' diagnostics centre. */
async function referralOf(f: Fixtures): Promise<string> {
  const res = await send({
    token: f.doctor.token,
    method: 'POST',
    path: `/api/consultations/${await consultationOf(f)}/referral`,
    body: { targetKind: 'DIAGNOSTICS', targetId: f.diagnostics.referenceId, reason: 'Echocardiogram' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data.id as string;
}

/** The treating doctor reaches it; another doctor and another hospital (no grant) get 404. */
function treatingProbe(f: Fixtures, method: string, path: string, body?: unknown): Probe {
  return {
    owner: { token: f.doctor.token, method, path, body },
    others: [f.otherDoctor, f.otherHospital].map((o) => ({ token: o.token, method, path, body })),
  };
}

/** A read: the patient reads too, so another patient is among the others. */
async function consultationRead(f: Fixtures, rest: string): Promise<Probe> {
  const path = `/api/consultations/${await consultationOf(f)}${rest}`;
  const probe = treatingProbe(f, 'GET', path);
  return { ...probe, others: [...probe.others, { token: f.otherPatient.token, method: 'GET', path }] };
}

async function consultationWrite(f: Fixtures, method: string, rest: string, body: unknown): Promise<Probe> {
  return treatingProbe(f, method, `/api/consultations/${await consultationOf(f)}${rest}`, body);
}

/** A part of a consultation (made by its doctor), changed or removed. */
async function consultationPart(
  f: Fixtures,
  rest: string,
  made: unknown,
  method: string,
  body?: unknown,
): Promise<Probe> {
  const consultationId = await consultationOf(f);
  const res = await send({
    token: f.doctor.token,
    method: 'POST',
    path: `/api/consultations/${consultationId}${rest}`,
    body: made,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const partId = (await json(res)).data.id as string;
  return treatingProbe(f, method, `/api/consultations/${consultationId}${rest}/${partId}`, body);
}

const CHRISTMAS = { from: '2030-12-25', to: '2030-12-25', note: 'Christmas' };

/** A waiting entry of the world's patient for its doctor at its hospital (any earlier one of hers ended first). */
async function waitlistEntry(f: Fixtures): Promise<string> {
  await t.database.db
    .update(waitlistEntries)
    .set({ status: 'CANCELLED' })
    .where(eq(waitlistEntries.patientId, id(f.patient)));
  const res = await send({
    token: f.patient.token,
    method: 'POST',
    path: '/api/waitlist/join',
    body: {
      doctorId: id(f.doctor),
      hospitalId: id(f.hospital),
      preferredFrom: '2030-12-01',
      preferredTo: '2030-12-20',
      reason: 'An earlier review of the ECG',
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data.id as string;
}

/** The doctor keeps their schedule; another doctor, and a hospital the doctor does not practise at, get 404. */
function keeperProbe(f: Fixtures, method: string, body?: unknown): Probe {
  const path = `/api/doctors/${id(f.doctor)}/schedule`;
  return {
    owner: { token: f.doctor.token, method, path, body },
    others: [f.otherDoctor, f.otherHospital].map((o) => ({ token: o.token, method, path, body })),
  };
}

async function acquaintanceProbe(f: Fixtures, path: string, holds: (body: any) => boolean): Promise<Probe> {
  await appointmentIn('PENDING');
  return {
    owner: { token: f.doctor.token, method: 'GET', path },
    others: [{ token: f.otherDoctor.token, method: 'GET', path }],
    holds,
  };
}

async function notificationProbe(f: Fixtures, method: string, suffix: string): Promise<Probe> {
  const created = await send({
    token: f.admin.token,
    method: 'POST',
    path: '/api/notifications',
    body: { userId: f.patient.userId, title: 'Clinic closed on Friday', message: 'The OPD is closed for Diwali.' },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const path = `/api/notifications/${(await json(created)).data.id}${suffix}`;
  return {
    owner: { token: f.patient.token, method, path },
    others: [f.otherPatient, f.doctor].map((o) => ({ token: o.token, method, path })),
  };
}

/** A file of one of the hospital's verification papers (a new paper type each time it is asked). */
let verificationPapers = 0;
async function verificationFile(f: Fixtures): Promise<string> {
  const types = ['PAN_CARD', 'GST_REGISTRATION', 'INCORPORATION_CERTIFICATE', 'CANCELLED_CHEQUE'];
  const form = fileForm('pan.png', PNG, 'image/png')();
  form.set('files', form.get('file')!);
  form.delete('file');
  form.append('documentType', types[verificationPapers++ % types.length]!);
  form.append('documentNumber', 'AAACS1234K');
  form.append('issuingAuthority', 'Income Tax Department');
  form.append('issueDate', '2020-04-01');
  const res = await send({
    token: f.hospital.token,
    method: 'POST',
    path: '/api/verification/documents/upload',
    form: () => form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data.files[0].id as string;
}

async function created(call: Call): Promise<string> {
  const res = await send(call);
  expect(res.status, `${call.method} ${call.path}: ${await res.clone().text()}`).toBe(201);
  return (await json(res)).data.id as string;
}
const department = (f: Fixtures) =>
  created({
    token: f.hospital.token,
    method: 'POST',
    path: `/api/hospitals/${id(f.hospital)}/departments`,
    body: { name: `Orthopaedics ${Math.random().toString(36).slice(2, 7)}` },
  });
const emergencyContact = (f: Fixtures) =>
  created({
    token: f.hospital.token,
    method: 'POST',
    path: `/api/hospitals/${id(f.hospital)}/emergency-contacts`,
    body: { name: 'Ambulance desk', phone: '+91 98220 12345' },
  });
const pharmacist = (f: Fixtures) =>
  created({
    token: f.pharmacy.token,
    method: 'POST',
    path: `/api/pharmacies/${id(f.pharmacy)}/pharmacists`,
    body: { name: 'Sunil Patil', registrationNumber: `MH-PCI-${Math.floor(Math.random() * 90_000) + 10_000}` },
  });
const pharmacyImage = (owner: Org) =>
  created({
    token: owner.token,
    method: 'POST',
    path: `/api/pharmacies/${id(owner)}/images`,
    form: fileForm('front.png', PNG, 'image/png'),
  });
let documentId: string | undefined;
async function document(f: Fixtures) {
  documentId ??= await created({
    token: f.patient.token,
    method: 'POST',
    path: `/api/patients/${id(f.patient)}/documents`,
    form: fileForm('scan.png', PNG, 'image/png', 'Prescription'),
  });
  return documentId;
}

// ── affiliation probes ────────────────────────────────────────────────────────────────

type AffKind = 'HOSPITAL' | 'DOCTOR' | 'DIAGNOSTICS' | 'PHARMACY';
function AFF_DAY(days: number) {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** An affiliation written straight to the table (probes need many, in given states, between the same parties). */
async function affiliationIn(
  proposer: [AffKind, Org | Member],
  recipient: [AffKind, Org | Member],
  status: 'PENDING' | 'ACTIVE' | 'SUSPENDED',
  money = false,
): Promise<string> {
  const decided = status !== 'PENDING';
  const [row] = await t.database.db
    .insert(affiliations)
    .values({
      proposerKind: proposer[0],
      proposerId: id(proposer[1]),
      recipientKind: recipient[0],
      recipientId: id(recipient[1]),
      partyType: 'INTERNAL',
      type: 'REFERRAL',
      benefits: money ? ['COMMISSION'] : ['PRIORITY_BOOKING'],
      startDate: AFF_DAY(-10),
      endDate: AFF_DAY(20),
      terms: 'Probe terms',
      status,
      verificationRequired: money,
      consentedAt: decided ? new Date() : null,
      verifiedAt: decided && money ? new Date() : null,
      activatedAt: decided ? new Date(Date.now() - 86_400_000) : null,
      createdBy: proposer[1].userId,
    })
    .returning({ id: affiliations.id });
  if (money) {
    await t.database.db.insert(affiliationCommissionVersions).values({
      affiliationId: row!.id,
      version: 1,
      effectiveFrom: AFF_DAY(-10),
      rules: [{ serviceType: 'OTHER', kind: 'PERCENTAGE', basisPoints: 500 }],
    });
  }
  return row!.id;
}

/** The hospital proposed to the listed diagnostics centre; the others of each kind are strangers. */
const hospitalCentre = (f: Fixtures, status: 'PENDING' | 'ACTIVE' | 'SUSPENDED', money = false) =>
  affiliationIn(['HOSPITAL', f.hospital], ['DIAGNOSTICS', f.diagnostics], status, money);
const strangers = (f: Fixtures) => [f.otherHospital, f.otherDiagnostics, f.otherDoctor, f.otherPharmacy];

function affiliationProbe(owner: Org | Member, method: string, path: string, body?: unknown): (f: Fixtures) => Probe {
  return (f) => ({
    owner: { token: owner.token, method, path, body },
    others: strangers(f).map((other) => ({ token: other.token, method, path, body })),
  });
}

function affiliationRows(): Record<string, Row> {
  const rows: Record<string, Row> = {};
  const kinds: Array<[string, AffKind, (f: Fixtures) => Org | Member, (f: Fixtures) => Org | Member]> = [
    ['hospital', 'HOSPITAL', (f) => f.hospital, (f) => f.otherHospital],
    ['doctor', 'DOCTOR', (f) => f.doctor, (f) => f.otherDoctor],
    ['diagnostics', 'DIAGNOSTICS', (f) => f.diagnostics, (f) => f.otherDiagnostics],
    ['pharmacy', 'PHARMACY', (f) => f.pharmacy, (f) => f.otherPharmacy],
  ];
  for (const [path, kind, mine, theirs] of kinds) {
    // The party of this kind proposed to another listed party (the centre proposes to the hospital).
    const partner = (f: Fixtures): [AffKind, Org | Member] =>
      kind === 'HOSPITAL' ? ['DIAGNOSTICS', f.diagnostics] : ['HOSPITAL', f.hospital];
    const own = (f: Fixtures, status: 'PENDING' | 'ACTIVE') => affiliationIn([kind, mine(f)], partner(f), status);
    rows[`POST /api/affiliations/${path}`] = {};
    rows[`GET /api/affiliations/${path}`] = {
      probe: async (f) => {
        const affiliationId = await own(f, 'ACTIVE');
        const call = (token: string): Call => ({ token, method: 'GET', path: `/api/affiliations/${path}?limit=100` });
        return {
          owner: call(mine(f).token),
          others: [call(theirs(f).token)],
          holds: (body) => list(body, 'affiliations').some((a) => a.id === affiliationId),
        };
      },
    };
    rows[`GET /api/affiliations/${path}/:affiliationId`] = {
      probe: async (f) => {
        const affiliationId = await own(f, 'ACTIVE');
        const url = `/api/affiliations/${path}/${affiliationId}`;
        return {
          owner: { token: mine(f).token, method: 'GET', path: url },
          others: [{ token: theirs(f).token, method: 'GET', path: url }],
        };
      },
    };
    rows[`PUT /api/affiliations/${path}/:affiliationId`] = {
      probe: async (f) => {
        const affiliationId = await own(f, 'PENDING');
        const call = (token: string): Call => ({
          token,
          method: 'PUT',
          path: `/api/affiliations/${path}/${affiliationId}`,
          body: { terms: 'Changed terms' },
        });
        return { owner: call(mine(f).token), others: [call(theirs(f).token)] };
      },
    };
  }
  const on = (
    status: 'PENDING' | 'ACTIVE' | 'SUSPENDED',
    who: 'hospital' | 'diagnostics',
    method: string,
    suffix: string,
    body?: unknown,
    money = false,
  ): Row => ({
    probe: async (f) => {
      const affiliationId = await hospitalCentre(f, status, money);
      return affiliationProbe(f[who], method, `/api/affiliations/${affiliationId}${suffix}`, body)(f);
    },
  });
  const more: Record<string, Row> = {
    'PUT /api/affiliations/:affiliationId/approve': on('PENDING', 'diagnostics', 'PUT', '/approve', {}),
    'PUT /api/affiliations/:affiliationId/reject': on('PENDING', 'diagnostics', 'PUT', '/reject', {
      reason: 'Not now',
    }),
    'PUT /api/affiliations/:affiliationId/activate': on('SUSPENDED', 'hospital', 'PUT', '/activate', {}),
    'PUT /api/affiliations/:affiliationId/suspend': on('ACTIVE', 'hospital', 'PUT', '/suspend', { reason: 'Audit' }),
    'PUT /api/affiliations/:affiliationId/terminate': on('ACTIVE', 'diagnostics', 'PUT', '/terminate', {
      reason: 'End',
    }),
    'PUT /api/affiliations/:affiliationId/renew': on('ACTIVE', 'hospital', 'PUT', '/renew', { endDate: AFF_DAY(400) }),
    'PUT /api/affiliations/admin/:affiliationId/verify': {},
    'PUT /api/affiliations/:affiliationId/commission': on(
      'ACTIVE',
      'hospital',
      'PUT',
      '/commission',
      { effectiveFrom: AFF_DAY(1), rules: [{ serviceType: 'OTHER', kind: 'FLAT', flatPaise: 100 }] },
      true,
    ),
    'GET /api/affiliations/:affiliationId/commission/calculate': on(
      'ACTIVE',
      'diagnostics',
      'GET',
      '/commission/calculate?amount=10000',
      undefined,
      true,
    ),
    'POST /api/affiliations/:affiliationId/commission/lines': on(
      'ACTIVE',
      'hospital',
      'POST',
      '/commission/lines',
      { serviceType: 'OTHER', amountPaise: 10_000, reason: 'Health camp' },
      true,
    ),
    'POST /api/affiliations/:affiliationId/commission/settle': {
      probe: async (f) => {
        const affiliationId = await hospitalCentre(f, 'ACTIVE', true);
        await t.database.db.insert(affiliationLedger).values({
          affiliationId,
          sourceKind: 'MANUAL',
          serviceType: 'OTHER',
          amountPaise: 10_000,
          commissionPaise: 500,
          reason: 'Probe',
          occurredAt: new Date(Date.now() - 3_600_000),
        });
        return affiliationProbe(f.diagnostics, 'POST', `/api/affiliations/${affiliationId}/commission/settle`, {})(f);
      },
    },
    'GET /api/affiliations/:affiliationId/performance': on('ACTIVE', 'hospital', 'GET', '/performance'),
    'POST /api/affiliations/:affiliationId/performance/update': on(
      'ACTIVE',
      'diagnostics',
      'POST',
      '/performance/update',
      {},
    ),
    'POST /api/affiliations/bulk/status': {
      probe: async (f) => {
        const affiliationId = await hospitalCentre(f, 'ACTIVE');
        const call = (token: string): Call => ({
          token,
          method: 'POST',
          path: '/api/affiliations/bulk/status',
          body: { ids: [affiliationId], status: 'SUSPENDED', reason: 'Audit' },
        });
        return {
          owner: call(f.hospital.token),
          others: strangers(f).map((o) => call(o.token)),
          holds: (body) => body.data?.results?.[0]?.ok === true,
        };
      },
    },
    'GET /api/affiliations/expiring': {},
    'GET /api/affiliations/export': {},
    'GET /api/affiliations/hospital/dashboard': {},
    'GET /api/affiliations/admin/all': {},
  };
  return { ...rows, ...more };
}

// ── the suite ────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS });
  const w = await appointmentWorld(t, TAG);
  const diagnostics = await onboard(
    `lab.${TAG}@example.in`,
    'DIAGNOSTICS',
    '/api/diagnostics/onboard',
    diagnosticsBody('Precision Labs', 'MH-CEA-11'),
  );
  const otherDiagnostics = await onboard(
    `lab2.${TAG}@example.in`,
    'DIAGNOSTICS',
    '/api/diagnostics/onboard',
    diagnosticsBody('Metro Labs', 'MH-CEA-22'),
  );
  const pharmacy = await onboard(
    `chemist.${TAG}@example.in`,
    'PHARMACY',
    '/api/pharmacies/onboard',
    pharmacyBody('Jeevan Medicals', 'MH-20B-111'),
  );
  const otherPharmacy = await onboard(
    `chemist2.${TAG}@example.in`,
    'PHARMACY',
    '/api/pharmacies/onboard',
    pharmacyBody('Apna Medicals', 'MH-20B-222'),
  );
  const sparePharmacy = await onboard(
    `chemist3.${TAG}@example.in`,
    'PHARMACY',
    '/api/pharmacies/onboard',
    pharmacyBody('Spare Medicals', 'MH-20B-333'),
  );
  const pendingHospital = await onboard(`desk3.${TAG}@example.in`, 'HOSPITAL', '/api/hospitals/onboard', {
    name: 'Pending Nursing Home',
    registrationNumber: `MH-${TAG}-3`,
    hospitalType: 'PRIVATE',
    address: PUNE_ADDRESS,
  });
  const doctorAccount = await newAccount(t, `pending.dr.${TAG}@example.in`, 'DOCTOR');
  const onboarded = await t.request('/api/doctors/onboard', {
    method: 'POST',
    json: {
      name: 'Dr Kavita Pending',
      registrationNumber: `MMC-${TAG}-pending`,
      specializations: ['DERMATOLOGY'],
      experienceYears: 4,
      consultationFee: 500,
      address: PUNE_ADDRESS,
    },
    headers: bearer(doctorAccount.token),
  });
  expect(onboarded.status).toBe(201);
  const doctorData = (await json(onboarded)).data;
  const sparePatientAccount = await newAccount(t, `spare.${TAG}@example.in`, 'PATIENT');
  const spare = await t.request('/api/patients', {
    method: 'POST',
    json: { firstName: 'Spare', lastName: 'Patient', phone: '098220 33333', address: PUNE_ADDRESS },
    headers: bearer(sparePatientAccount.token),
  });
  expect(spare.status).toBe(201);
  const db = t.database.db;
  // Listed: the first of each kind. The others stay pending, so only they and admins see them.
  await db
    .update(diagnosticsCentres)
    .set({ verificationStatus: 'VERIFIED' })
    .where(eq(diagnosticsCentres.id, diagnostics.referenceId));
  await db.update(pharmacies).set({ verificationStatus: 'VERIFIED' }).where(eq(pharmacies.id, pharmacy.referenceId));
  await db
    .update(hospitals)
    .set({ verificationStatus: 'PENDING' })
    .where(eq(hospitals.id, pendingHospital.referenceId));
  await db.update(doctors).set({ verificationStatus: 'PENDING' }).where(eq(doctors.id, doctorData.id));
  f = {
    ...w,
    diagnostics,
    otherDiagnostics,
    pharmacy,
    otherPharmacy,
    sparePharmacy,
    pendingHospital,
    pendingDoctor: {
      token: doctorAccount.token,
      userId: doctorAccount.user.id,
      referenceId: doctorData.id,
      slug: doctorData.slug,
    },
    sparePatient: {
      token: sparePatientAccount.token,
      userId: sparePatientAccount.user.id,
      referenceId: (await json(spare)).data.id,
    },
  };
  Object.assign(emails, {
    ADMIN: `admin.${TAG}@example.in`,
    HOSPITAL: `desk.${TAG}@example.in`,
    DOCTOR: `rao.${TAG}@example.in`,
    PATIENT: `asha.${TAG}@example.in`,
    USER: `user.${TAG}@example.in`,
    DIAGNOSTICS: `lab.${TAG}@example.in`,
    PHARMACY: `chemist.${TAG}@example.in`,
  });
}, 120_000);
afterAll(() => t?.close());

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** A path with every parameter filled with something that names nothing. */
function emptyPath(url: string) {
  return url
    .replace(':token', 'no-such-token-0123456789abcdefghijklmnopqrstuvwxyz')
    .replace(':slug', 'nobody-at-all')
    .replace(/:[A-Za-z]+/g, MISSING);
}

function tokenOf(role: Role): string {
  const byRole: Record<Role, { token: string }> = {
    ADMIN: f.admin,
    HOSPITAL: f.hospital,
    DOCTOR: f.doctor,
    PATIENT: f.patient,
    USER: f.user,
    DIAGNOSTICS: f.diagnostics,
    PHARMACY: f.pharmacy,
  };
  return byRole[role].token;
}

describe('the authorisation table', () => {
  it('names every route the app serves, and only those; every route declares its access', () => {
    const served = t.app.routeList;
    expect(served.filter((r) => !r.access).map(routeKey)).toEqual([]);
    expect(served.map(routeKey).filter((key) => !(key in TABLE))).toEqual([]);
    const servedKeys = new Set(served.map(routeKey));
    expect(Object.keys(TABLE).filter((key) => !servedKeys.has(key))).toEqual([]);
    // Every ownership that is about someone's rows has its probe.
    const unprobed = served.filter(
      (r) => r.access && !r.access.public && PROBED.has(r.access.owner) && !TABLE[routeKey(r)]?.probe,
    );
    expect(unprobed.map(routeKey)).toEqual([]);
    for (const owner of Object.keys(OWNERSHIP)) expect(typeof OWNERSHIP[owner as Ownership]).toBe('string');
  });

  it('answers anonymous callers 401 on every protected route, and lets them through public ones', async () => {
    const wrong: string[] = [];
    for (const route of t.app.routeList) {
      const res = await send({ token: '', method: route.method, path: emptyPath(route.url) });
      const expected = route.access?.public
        ? res.status !== 401 && res.status !== 403 && res.status < 500
        : res.status === 401;
      if (!expected) wrong.push(`${routeKey(route)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers each role 403 where the route does not admit it, and lets the admitted ones through', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const route of t.app.routeList) {
      if (route.access?.public) continue;
      const admitted = admittedRoles(route.access!);
      for (const role of ROLES) {
        const token = TABLE[routeKey(route)]?.endsSession
          ? ((await json(await signin(t, emails[role]!))).data.token as string)
          : tokenOf(role);
        const res = await send({ token, method: route.method, path: emptyPath(route.url) });
        calls++;
        const ok = admitted.includes(role)
          ? res.status !== 401 && res.status !== 403 && res.status < 500
          : res.status === 403;
        if (!ok) wrong.push(`${routeKey(route)} as ${role} → ${res.status} ${(await res.text()).slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    console.log(`authorisation: ${t.app.routeList.length} routes, ${calls} role calls`);
  }, 120_000);

  const probed = Object.entries(TABLE).filter(([, row]) => row.probe);
  it.each(probed.map(([key]) => [key]))('%s: the owner reaches it, other tenants get 404', async (key) => {
    const probe = await TABLE[key]!.probe!(f);
    // Other tenants first: a change they could make must not have happened before the owner acts.
    for (const other of probe.others) {
      const res = await send(other);
      if (probe.holds) {
        expect(res.status, `${key} as another tenant`).toBe(200);
        expect(probe.holds(await json(res)), `${key}: another tenant sees the owner's row`).toBe(false);
      } else {
        expect(res.status, `${key} as another tenant: ${await res.clone().text()}`).toBe(404);
      }
    }
    const res = await send(probe.owner);
    expect(res.status, `${key} as the owner: ${await res.clone().text()}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `${key} as the owner: ${await res.clone().text()}`).toBeLessThan(300);
    if (probe.holds) expect(probe.holds(await json(res)), `${key}: the owner does not see their row`).toBe(true);
  });
});
