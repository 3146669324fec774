import { and, count, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { availableActions, type AppointmentParty } from '../../../domain/rules/appointments.ts';
import {
  ACTIVE_CARE_STATUSES,
  CARE_PROVIDER_COLUMN,
  FOLLOW_UP_CARE_STATUSES,
  followUpSince,
  type CareProviderRole,
} from '../../../domain/rules/careAccess.ts';
import type { Appointment, ConversationMessage } from '../../../domain/schemas/appointments.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointmentDocuments,
  type appointmentMessages,
  appointments,
  doctors,
  hospitals,
  patients,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';

/** The read model of appointments: who sees which, how a row reads as the API answers it. */

export type AppointmentRow = typeof appointments.$inferSelect;
type MessageRow = typeof appointmentMessages.$inferSelect;
/** An appointment with the names of its parties, as every answer shows it. */
export type AppointmentView = AppointmentRow & {
  patientName: string;
  doctorName: string | null;
  hospitalName: string | null;
};

export const patientName = sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`;
/** How the caller stands to an appointment; null when they are not on it (they get 404). */
export function partyOf(
  caller: AuthUser,
  row: Pick<AppointmentRow, 'patientId' | 'doctorId' | 'hospitalId'>,
): AppointmentParty | null {
  switch (caller.role) {
    case 'ADMIN':
      return 'ADMIN';
    case 'PATIENT':
      return caller.referenceId !== null && caller.referenceId === row.patientId ? 'PATIENT' : null;
    case 'DOCTOR':
      return caller.referenceId !== null && caller.referenceId === row.doctorId ? 'PROVIDER' : null;
    case 'HOSPITAL':
      return caller.referenceId !== null && caller.referenceId === row.hospitalId ? 'PROVIDER' : null;
    default:
      return null;
  }
}

/** The appointments a caller may see at all. */
export function appointmentScope(caller: AuthUser): SQL {
  const live = isNull(appointments.deletedAt);
  const ref = caller.referenceId;
  switch (caller.role) {
    case 'ADMIN':
      return live;
    case 'PATIENT':
      return ref ? (and(live, eq(appointments.patientId, ref)) as SQL) : sql`false`;
    case 'DOCTOR':
      return ref ? (and(live, eq(appointments.doctorId, ref)) as SQL) : sql`false`;
    case 'HOSPITAL':
      return ref ? (and(live, eq(appointments.hospitalId, ref)) as SQL) : sql`false`;
    default:
      return sql`false`;
  }
}

export function toAppointment(row: AppointmentView, party: AppointmentParty | null, now = new Date()): Appointment {
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    reason: row.reason,
    scheduledAt: row.scheduledAt.toISOString(),
    durationMinutes: row.durationMinutes,
    endsAt: row.endsAt.toISOString(),
    proposedAt: row.proposedAt ? row.proposedAt.toISOString() : null,
    proposedDurationMinutes: row.proposedDurationMinutes,
    statusReason: row.statusReason,
    lastActor: row.lastActor,
    patient: { id: row.patientId, name: row.patientName },
    doctor: row.doctorId ? { id: row.doctorId, name: row.doctorName ?? 'Doctor' } : null,
    hospital: row.hospitalId ? { id: row.hospitalId, name: row.hospitalName ?? 'Hospital' } : null,
    actions: party ? availableActions(party, row, now) : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    kind: row.kind,
    authorRole: row.authorRole,
    authorName: row.authorName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectView(executor: Db | Tx) {
  return executor
    .select({
      appointment: appointments,
      patientName,
      doctorName: doctors.name,
      hospitalName: hospitals.name,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(doctors, eq(doctors.id, appointments.doctorId))
    .leftJoin(hospitals, eq(hospitals.id, appointments.hospitalId));
}
type ViewRow = {
  appointment: AppointmentRow;
  patientName: string;
  doctorName: string | null;
  hospitalName: string | null;
};
const flat = (row: ViewRow): AppointmentView => ({
  ...row.appointment,
  patientName: row.patientName,
  doctorName: row.doctorName,
  hospitalName: row.hospitalName,
});

export const NO_SUCH_APPOINTMENT = 'There is no such appointment.';

/** The appointment and how the caller stands to it; 404 when it is gone or the caller is not on it. */
export async function reachAppointment(db: Db, caller: AuthUser, id: string) {
  const row = await loadAppointment(db, id);
  const party = row ? partyOf(caller, row) : null;
  if (!row || !party) throw notFound(NO_SUCH_APPOINTMENT);
  return { row, party };
}

export async function loadAppointment(executor: Db | Tx, id: string): Promise<AppointmentView | undefined> {
  const [row] = await selectView(executor).where(and(eq(appointments.id, id), isNull(appointments.deletedAt)));
  return row ? flat(row) : undefined;
}

/** One page of the appointments the caller may see that match `where`. */
export async function listAppointments(
  db: Db,
  caller: AuthUser,
  where: SQL | undefined,
  page: number,
  limit: number,
  order: SQL[],
  /** The filter names the patient, doctor or hospital: the count needs their tables too. */
  matchesNames = false,
) {
  const scoped = and(appointmentScope(caller), where);
  const counted = db.select({ n: count() }).from(appointments);
  const [rows, [total]] = await Promise.all([
    selectView(db)
      .where(scoped)
      .orderBy(...order)
      .limit(limit)
      .offset(pageOffset(page, limit)),
    (matchesNames
      ? counted
          .innerJoin(patients, eq(patients.id, appointments.patientId))
          .leftJoin(doctors, eq(doctors.id, appointments.doctorId))
          .leftJoin(hospitals, eq(hospitals.id, appointments.hospitalId))
      : counted
    ).where(scoped),
  ]);
  const now = new Date();
  return {
    appointments: rows.map((row) => {
      const item = flat(row);
      return toAppointment(item, partyOf(caller, item), now);
    }),
    pagination: paginationOf(page, limit, total?.n ?? 0),
  };
}

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
