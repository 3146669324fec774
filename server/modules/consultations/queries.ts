import { and, asc, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { consultationActions, mayRecord, type ConsultationParty } from '../../../domain/rules/consultations.ts';
import { ageInYears } from '../../../domain/rules/vitals.ts';
import type { Consultation, ConsultationSummary } from '../../../domain/schemas/consultations.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  consultationAlerts,
  consultationConsents,
  consultationDiagnoses,
  consultationEmergencyGrants,
  consultationPrescriptions,
  consultationTests,
  consultationVitals,
  consultations,
  doctors,
  hospitals,
  patients,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';

/** The read model of consultations: who reaches which, and how one reads as the API answers it. */

export type ConsultationRow = typeof consultations.$inferSelect;
export type ConsultationView = ConsultationRow & {
  patientName: string;
  patientDob: string | null;
  patientGender: 'MALE' | 'FEMALE' | 'OTHER' | null;
  allergies: string[];
  chronicConditions: string[];
  doctorName: string | null;
  doctorQualifications: string[] | null;
  doctorRegistration: string | null;
  hospitalName: string | null;
};

export const NO_SUCH = 'There is no such consultation.';

/** The treating side: the consultation's doctor, or its hospital. */
export function isTreating(caller: AuthUser, row: Pick<ConsultationRow, 'doctorId' | 'hospitalId'>): boolean {
  if (!caller.referenceId) return false;
  if (caller.role === 'DOCTOR') return row.doctorId === caller.referenceId;
  if (caller.role === 'HOSPITAL') return row.hospitalId === caller.referenceId;
  return false;
}

/** How the caller stands to a consultation; null when not on it (they get 404). */
export function partyOf(
  caller: AuthUser,
  row: Pick<ConsultationRow, 'doctorId' | 'hospitalId' | 'patientId'>,
  grant: { expiresAt: Date } | null,
): ConsultationParty | null {
  if (isTreating(caller, row)) return 'TREATING';
  if (caller.role === 'PATIENT' && caller.referenceId && caller.referenceId === row.patientId) return 'PATIENT';
  if (grant && (caller.role === 'DOCTOR' || caller.role === 'HOSPITAL')) return 'EMERGENCY';
  return null;
}

/** The consultations a caller lists: the treating doctor's and hospital's, the patient's own. */
export function consultationScope(caller: AuthUser): SQL {
  const ref = caller.referenceId;
  if (!ref) return sql`false`;
  switch (caller.role) {
    case 'PATIENT':
      return eq(consultations.patientId, ref);
    case 'DOCTOR':
      return eq(consultations.doctorId, ref);
    case 'HOSPITAL':
      return eq(consultations.hospitalId, ref);
    default:
      return sql`false`;
  }
}

export const patientFullName = sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`;

function selectView(executor: Db | Tx) {
  return executor
    .select({
      consultation: consultations,
      patientName: patientFullName,
      patientDob: patients.dateOfBirth,
      patientGender: patients.gender,
      allergies: patients.allergies,
      chronicConditions: patients.chronicConditions,
      doctorName: doctors.name,
      doctorQualifications: doctors.qualifications,
      doctorRegistration: doctors.registrationNumber,
      hospitalName: hospitals.name,
    })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .leftJoin(doctors, eq(doctors.id, consultations.doctorId))
    .leftJoin(hospitals, eq(hospitals.id, consultations.hospitalId));
}

export async function loadConsultation(executor: Db | Tx, id: string): Promise<ConsultationView | undefined> {
  const [row] = await selectView(executor).where(eq(consultations.id, id));
  if (!row) return undefined;
  const { consultation, ...names } = row;
  return { ...consultation, ...names };
}

/** The caller's live emergency grant on this consultation, if any. */
export async function liveGrant(executor: Db | Tx, caller: AuthUser, id: string, now = new Date()) {
  const [grant] = await executor
    .select()
    .from(consultationEmergencyGrants)
    .where(
      and(
        eq(consultationEmergencyGrants.consultationId, id),
        eq(consultationEmergencyGrants.userId, caller.id),
        gt(consultationEmergencyGrants.expiresAt, now),
      ),
    )
    .orderBy(desc(consultationEmergencyGrants.expiresAt))
    .limit(1);
  return grant ?? null;
}

/** The consultation and how the caller stands to it; 404 when they are not on it. */
export async function reachConsultation(executor: Db | Tx, caller: AuthUser, id: string) {
  const row = await loadConsultation(executor, id);
  if (!row) throw notFound(NO_SUCH);
  const treatingOrPatient = partyOf(caller, row, null);
  const grant = treatingOrPatient ? null : await liveGrant(executor, caller, id);
  const party = treatingOrPatient ?? partyOf(caller, row, grant);
  if (!party) throw notFound(NO_SUCH);
  return { row, party, grant };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loadParts(executor: Db | Tx, id: string) {
  const [diagnoses, vitals, prescriptions, tests, consents, alerts] = await Promise.all([
    executor
      .select()
      .from(consultationDiagnoses)
      .where(eq(consultationDiagnoses.consultationId, id))
      .orderBy(asc(consultationDiagnoses.createdAt)),
    executor
      .select()
      .from(consultationVitals)
      .where(eq(consultationVitals.consultationId, id))
      .orderBy(desc(consultationVitals.createdAt)),
    executor
      .select()
      .from(consultationPrescriptions)
      .where(eq(consultationPrescriptions.consultationId, id))
      .orderBy(asc(consultationPrescriptions.createdAt)),
    executor
      .select()
      .from(consultationTests)
      .where(eq(consultationTests.consultationId, id))
      .orderBy(asc(consultationTests.createdAt)),
    executor
      .select()
      .from(consultationConsents)
      .where(eq(consultationConsents.consultationId, id))
      .orderBy(asc(consultationConsents.createdAt)),
    executor
      .select()
      .from(consultationAlerts)
      .where(eq(consultationAlerts.consultationId, id))
      .orderBy(asc(consultationAlerts.createdAt)),
  ]);
  return { diagnoses, vitals, prescriptions, tests, consents, alerts };
}
export type Parts = Awaited<ReturnType<typeof loadParts>>;

export const toDiagnosis = (d: Parts['diagnoses'][number]) => ({
  id: d.id,
  code: d.code,
  description: d.description,
  certainty: d.certainty,
  rank: d.rank,
  notes: d.notes,
  createdAt: d.createdAt.toISOString(),
});
export const toVitals = (v: Parts['vitals'][number]) => ({
  id: v.id,
  temperature: v.temperature,
  temperatureUnit: v.temperatureUnit,
  pulse: v.pulse,
  systolic: v.systolic,
  diastolic: v.diastolic,
  respiratoryRate: v.respiratoryRate,
  spo2: v.spo2,
  weightKg: v.weightKg,
  heightCm: v.heightCm,
  bmi: v.bmi,
  bloodSugar: v.bloodSugar,
  readings: v.readings,
  recordedAt: v.createdAt.toISOString(),
});
export const toPrescription = (p: Parts['prescriptions'][number]) => ({
  id: p.id,
  genericName: p.genericName,
  brandName: p.brandName,
  strength: p.strength,
  form: p.form,
  route: p.route,
  dose: p.dose,
  frequency: p.frequency,
  duration: p.duration,
  quantity: p.quantity,
  instructions: p.instructions,
  allergyCheck: p.allergyCheck,
  interactionCheck: p.interactionCheck,
  overrideReason: p.overrideReason,
  createdAt: p.createdAt.toISOString(),
});
export const toTest = (t: Parts['tests'][number]) => ({
  id: t.id,
  testName: t.testName,
  priority: t.priority,
  instructions: t.instructions,
  createdAt: t.createdAt.toISOString(),
});
export const toConsent = (c: Parts['consents'][number]) => ({
  id: c.id,
  scope: c.scope,
  agreed: c.agreed,
  givenBy: c.givenBy,
  guardianName: c.guardianName,
  recordedByName: c.recordedByName,
  recordedAt: c.createdAt.toISOString(),
});
export const toAlert = (a: Parts['alerts'][number]) => ({
  id: a.id,
  kind: a.kind,
  severity: a.severity,
  message: a.message,
  createdAt: a.createdAt.toISOString(),
  acknowledgedAt: iso(a.acknowledgedAt),
  acknowledgedByName: a.acknowledgedByName,
  comment: a.comment,
});

/** The whole record as the caller may read it: private notes only for the treating side. */
export function toConsultation(
  row: ConsultationView,
  parts: Parts,
  party: ConsultationParty,
  accessUntil: Date | null,
): Consultation {
  // Unacknowledged alerts first, newest first within each group.
  const alerts = parts.alerts
    .map(toAlert)
    .sort(
      (a, b) =>
        Number(a.acknowledgedAt !== null) - Number(b.acknowledgedAt !== null) || b.createdAt.localeCompare(a.createdAt),
    );
  return {
    id: row.id,
    status: row.status,
    consultationType: row.consultationType,
    visitType: row.visitType,
    severity: row.severity,
    appointmentId: row.appointmentId,
    patient: {
      id: row.patientId,
      name: row.patientName,
      age: ageInYears(row.patientDob),
      gender: row.patientGender,
      allergies: row.allergies,
      chronicConditions: row.chronicConditions,
    },
    doctor: row.doctorId
      ? {
          id: row.doctorId,
          name: row.doctorName ?? 'Doctor',
          qualifications: row.doctorQualifications ?? [],
          registrationNumber: row.doctorRegistration,
        }
      : null,
    hospital: row.hospitalId ? { id: row.hospitalId, name: row.hospitalName ?? 'Hospital' } : null,
    chiefComplaint: row.chiefComplaint,
    history: row.history,
    examination: row.examination,
    advice: row.advice,
    followUp: row.followUp,
    notes: row.notes,
    privateNotes: party === 'TREATING' ? row.privateNotes : null,
    diagnoses: parts.diagnoses.map(toDiagnosis),
    vitals: parts.vitals.map(toVitals),
    prescriptions: parts.prescriptions.map(toPrescription),
    tests: parts.tests.map(toTest),
    consents: parts.consents.map(toConsent),
    alerts,
    actions: consultationActions(party, row.status),
    canRecord: mayRecord(party, row.status),
    access: party === 'SYSTEM' ? 'TREATING' : party,
    accessUntil: accessUntil ? accessUntil.toISOString() : null,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    telemedicine: {
      startedAt: iso(row.telemedicineStartedAt),
      open: row.telemedicineSessionAt !== null,
      endedAt: iso(row.telemedicineEndedAt),
      durationSeconds: row.telemedicineSeconds,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const primaryDiagnosis = sql<string | null>`(select ${consultationDiagnoses.description} from ${consultationDiagnoses}
  where ${consultationDiagnoses.consultationId} = ${consultations.id}
  order by (${consultationDiagnoses.rank} = 'PRIMARY') desc, ${consultationDiagnoses.createdAt} limit 1)`;
const openAlerts = sql<number>`(select count(*)::int from ${consultationAlerts}
  where ${consultationAlerts.consultationId} = ${consultations.id} and ${consultationAlerts.acknowledgedAt} is null)`;

export async function listConsultations(db: Db, caller: AuthUser, where: SQL | undefined, page: number, limit: number) {
  const scoped = and(consultationScope(caller), where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: consultations,
        patientName: patientFullName,
        doctorName: doctors.name,
        hospitalName: hospitals.name,
        primaryDiagnosis,
        openAlerts,
      })
      .from(consultations)
      .innerJoin(patients, and(eq(patients.id, consultations.patientId), isNull(patients.deletedAt)))
      .leftJoin(doctors, eq(doctors.id, consultations.doctorId))
      .leftJoin(hospitals, eq(hospitals.id, consultations.hospitalId))
      .where(scoped)
      .orderBy(desc(consultations.createdAt), desc(consultations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(consultations)
      .innerJoin(patients, and(eq(patients.id, consultations.patientId), isNull(patients.deletedAt)))
      .where(scoped),
  ]);
  const items: ConsultationSummary[] = rows.map((r) => ({
    id: r.c.id,
    status: r.c.status,
    consultationType: r.c.consultationType,
    visitType: r.c.visitType,
    patient: { id: r.c.patientId, name: r.patientName },
    doctor: r.c.doctorId ? { id: r.c.doctorId, name: r.doctorName ?? 'Doctor' } : null,
    hospital: r.c.hospitalId ? { id: r.c.hospitalId, name: r.hospitalName ?? 'Hospital' } : null,
    primaryDiagnosis: r.primaryDiagnosis,
    openAlerts: Number(r.openAlerts),
    startedAt: iso(r.c.startedAt),
    createdAt: r.c.createdAt.toISOString(),
  }));
  return { items, total: total?.n ?? 0 };
}
