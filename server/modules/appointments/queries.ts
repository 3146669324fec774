import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  ACTIVE_CARE_STATUSES,
  CARE_PROVIDER_COLUMN,
  FOLLOW_UP_CARE_STATUSES,
  followUpSince,
  type CareProviderRole,
} from '../../../domain/rules/careAccess.ts';
import { appointmentDocuments, appointments } from '../../db/schema/index.ts';

/**
 * True when the two profiles (referenceIds: a patient, a doctor, a hospital) are parties of one
 * appointment that still exists. What other modules ask of appointments, without reading its table.
 */
export function shareAnAppointment(left: string, right: SQLWrapper): SQL {
  return sql`exists (select 1 from ${appointments}
    where ${appointments.deletedAt} is null
      and ${left} in (${appointments.patientId}, ${appointments.doctorId}, ${appointments.hospitalId})
      and ${right} in (${appointments.patientId}, ${appointments.doctorId}, ${appointments.hospitalId}))`;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The appointment (of the current row of `appointments`) is a care relationship at `now`: the
 * statuses and the follow-up window of domain/rules/careAccess.ts, in SQL.
 */
export function isCareAppointment(now: Date = new Date()): SQL {
  return sql`(${appointments.deletedAt} is null and (${appointments.status} in (${list(ACTIVE_CARE_STATUSES)})
    or (${appointments.status} in (${list(FOLLOW_UP_CARE_STATUSES)}) and ${appointments.endsAt} >= ${followUpSince(now).toISOString()}::timestamptz)))`;
}

/** The appointment names this provider (a doctor by doctor_id, a hospital by hospital_id). */
function namesProvider(role: CareProviderRole, providerId: string): SQL {
  return sql`${appointments[CARE_PROVIDER_COLUMN[role]]} = ${providerId}`;
}

/** True when the provider is in a care relationship with the patient (`patientId`, a column or a value). */
export function inCareRelationship(
  role: CareProviderRole,
  providerId: string,
  patientId: SQLWrapper | string,
  now: Date = new Date(),
): SQL {
  return sql`exists (select 1 from ${appointments}
    where ${appointments.patientId} = ${patientId}
      and ${namesProvider(role, providerId)}
      and ${isCareAppointment(now)})`;
}

/** True when the document (`documentId`) is shared with an appointment of this provider that is a care relationship. */
export function sharedInCare(
  role: CareProviderRole,
  providerId: string,
  documentId: SQLWrapper,
  now: Date = new Date(),
): SQL {
  return sql`exists (select 1 from ${appointmentDocuments}
    join ${appointments} on ${appointments.id} = ${appointmentDocuments.appointmentId}
    where ${appointmentDocuments.documentId} = ${documentId}
      and ${namesProvider(role, providerId)}
      and ${isCareAppointment(now)})`;
}
