import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaginationQuery } from '../../../domain/schemas/common.ts';
import { paginationOf } from '../../../domain/schemas/common.ts';
import type { ChartConsultation } from '../../../domain/schemas/consultations.ts';
import { isCareProvider } from '../../../domain/rules/careAccess.ts';
import type { Db } from '../../db/client.ts';
import { consultationDiagnoses, consultationPrescriptions, consultations, patients } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { inCareRelationship } from '../appointments/index.ts';
import { audit } from './audit.ts';
import { listConsultations, toDiagnosis, toPrescription } from './queries.ts';

const NO_SUCH_PATIENT = 'There is no patient with that id.';

/**
 * The patient chart's consultations: the caller's own consultations with one patient (the doctor's,
 * or the hospital's), newest first, each with its diagnoses and prescriptions. Only within a care
 * relationship (domain/rules/careAccess.ts): any other patient answers 404, as if it did not exist.
 * Each consultation shown is a read of the record, so it goes into that consultation's audit log.
 */
export async function patientChartConsultations(
  db: Db,
  caller: AuthUser,
  patientId: string,
  query: PaginationQuery,
): Promise<{ consultations: ChartConsultation[]; pagination: ReturnType<typeof paginationOf> }> {
  if (!isCareProvider(caller.role) || !caller.referenceId) throw notFound(NO_SUCH_PATIENT);
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        sql`${patients.deletedAt} is null`,
        inCareRelationship(caller.role, caller.referenceId, patients.id),
      ),
    );
  if (!patient) throw notFound(NO_SUCH_PATIENT);

  const { items, total } = await listConsultations(
    db,
    caller,
    eq(consultations.patientId, patientId),
    query.page,
    query.limit,
  );
  const ids = items.map((c) => c.id);
  const [diagnoses, prescriptions, details] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(consultationDiagnoses)
          .where(inArray(consultationDiagnoses.consultationId, ids))
          .orderBy(asc(consultationDiagnoses.createdAt)),
        db
          .select()
          .from(consultationPrescriptions)
          .where(inArray(consultationPrescriptions.consultationId, ids))
          .orderBy(asc(consultationPrescriptions.createdAt)),
        db
          .select({
            id: consultations.id,
            chiefComplaint: consultations.chiefComplaint,
            completedAt: consultations.completedAt,
          })
          .from(consultations)
          .where(inArray(consultations.id, ids)),
      ])
    : [[], [], []];

  const answer = items.map((c): ChartConsultation => {
    const detail = details.find((d) => d.id === c.id);
    return {
      ...c,
      chiefComplaint: detail?.chiefComplaint ?? '',
      completedAt: detail?.completedAt ? detail.completedAt.toISOString() : null,
      diagnoses: diagnoses.filter((d) => d.consultationId === c.id).map(toDiagnosis),
      prescriptions: prescriptions.filter((p) => p.consultationId === c.id).map(toPrescription),
    };
  });
  for (const c of answer) {
    await audit(
      db,
      caller,
      {
        id: c.id,
        patientName: c.patient.name,
        doctorId: c.doctor?.id ?? null,
        doctorName: c.doctor?.name ?? null,
        hospitalId: c.hospital?.id ?? null,
        hospitalName: c.hospital?.name ?? null,
      },
      'TREATING',
      'READ',
      'Read in the patient chart',
    );
  }
  return { consultations: answer, pagination: paginationOf(query.page, query.limit, total) };
}
