import { ROLE_LABELS } from '../../../domain/enums.ts';
import type { ConsultationParty } from '../../../domain/rules/consultations.ts';
import type { Db, Tx } from '../../db/client.ts';
import { consultationAudit } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { ConsultationView } from './queries.ts';

/** The name the audit log and the record show for the caller. */
export function actorNameOf(
  caller: AuthUser,
  row: Pick<ConsultationView, 'patientName' | 'doctorId' | 'doctorName' | 'hospitalId' | 'hospitalName'>,
): string {
  if (caller.role === 'PATIENT') return row.patientName;
  if (caller.role === 'DOCTOR' && caller.referenceId === row.doctorId && row.doctorName) return row.doctorName;
  if (caller.role === 'HOSPITAL' && caller.referenceId === row.hospitalId && row.hospitalName) {
    return caller.name && caller.name !== row.hospitalName ? `${caller.name} (${row.hospitalName})` : row.hospitalName;
  }
  return caller.name ?? ROLE_LABELS[caller.role];
}

/** One line of the consultation's audit log: every read and every change, reads included. */
export async function audit(
  executor: Db | Tx,
  caller: AuthUser,
  row: Pick<ConsultationView, 'id' | 'patientName' | 'doctorId' | 'doctorName' | 'hospitalId' | 'hospitalName'>,
  party: ConsultationParty | null,
  action: string,
  what: string,
) {
  await executor.insert(consultationAudit).values({
    consultationId: row.id,
    actorUserId: caller.id,
    actorRole: caller.role,
    actorName: actorNameOf(caller, row),
    action,
    what,
    emergency: party === 'EMERGENCY' || action === 'EMERGENCY_ACCESS',
  });
}
