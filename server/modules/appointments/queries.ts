import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { appointments } from '../../db/schema/index.ts';

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
