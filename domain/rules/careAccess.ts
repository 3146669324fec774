import type { AppointmentStatus, Role } from '../enums.ts';

/**
 * Who reaches a patient's record: the one place that decides it. The server's SQL scopes
 * (server/modules/appointments/queries.ts, server/modules/patients/service.ts) are built from the
 * lists and the window below, so changing the rule here changes it everywhere.
 *
 * The rule
 * - The patient reaches their whole record; an admin reaches every record. Both see every document.
 * - A doctor or a hospital reaches a patient only through a CARE RELATIONSHIP: an appointment (not
 *   deleted) that names them (the doctor by appointments.doctor_id, the hospital by
 *   appointments.hospital_id) and that is
 *     · active: ACCEPTED, RESCHEDULED or CONFIRMED — the provider has taken the request up
 *       (RESCHEDULED is the provider proposing a time, which only a provider engaging with the
 *       patient does; a proposal that the patient declines goes back to PENDING and ends it); or
 *     · COMPLETED, ending within the last CARE_ACCESS_DAYS (90) days — the follow-up window.
 *   PENDING (a request nobody has taken up), REJECTED, CANCELLED, EXPIRED, NO_SHOW, a COMPLETED
 *   visit older than the window, and a deleted appointment give nothing. The appointment itself
 *   still shows its doctor and hospital whatever its status (its own party rules,
 *   domain/rules/appointments.ts); only the patient's record is out of reach.
 * - Within a relationship a provider may `read` (the profile, the medical history, the patient in
 *   their patient list) and `record` (add a history entry, upload a document). Only the patient
 *   and an admin `manage` (change or delete the record).
 * - Documents: a provider sees one of the patient's documents only when the patient shared it with
 *   an appointment of that provider that is itself a care relationship, or when an account of that
 *   provider uploaded it — and in both cases only while the provider is in a relationship with the
 *   patient. Listing, downloading and the thumbnail follow the same rule; any other document
 *   answers 404, as if it did not exist.
 * - Sharing: only the patient shares (or stops sharing) their own documents, with their own
 *   appointments. Sharing with an appointment that is not (yet) a care relationship is allowed
 *   (the document becomes visible once the provider accepts); its parties see what is shared, but
 *   the provider opens it only within the relationship.
 */

/** How long after a completed visit its doctor and hospital keep reaching the patient's record. */
export const CARE_ACCESS_DAYS = 90;

/** An appointment in one of these is an active care relationship. */
export const ACTIVE_CARE_STATUSES = [
  'ACCEPTED',
  'RESCHEDULED',
  'CONFIRMED',
] as const satisfies readonly AppointmentStatus[];

/** An appointment in one of these is a care relationship while it ended within CARE_ACCESS_DAYS. */
export const FOLLOW_UP_CARE_STATUSES = ['COMPLETED'] as const satisfies readonly AppointmentStatus[];

/** What a caller does to a patient's record. */
export type CareAction = 'read' | 'record' | 'manage';
export const CARE_ACTIONS = ['read', 'record', 'manage'] as const satisfies readonly CareAction[];

/** How a caller stands to one patient. */
export type CareStanding = 'SELF' | 'ADMIN' | 'CARE' | 'NONE';

/** The roles that can be in a care relationship, and the appointment column that names them. */
export const CARE_PROVIDER_COLUMN = { DOCTOR: 'doctorId', HOSPITAL: 'hospitalId' } as const;
export type CareProviderRole = keyof typeof CARE_PROVIDER_COLUMN;

export function isCareProvider(role: Role): role is CareProviderRole {
  return Object.hasOwn(CARE_PROVIDER_COLUMN, role);
}

const DAY_MS = 86_400_000;

/** A completed visit that ended at or after this instant is still in its follow-up window. */
export function followUpSince(now: Date = new Date()): Date {
  return new Date(now.getTime() - CARE_ACCESS_DAYS * DAY_MS);
}

export type CareAppointment = {
  status: AppointmentStatus;
  /** When the visit ends (scheduledAt + duration). */
  endsAt: Date | string;
  deletedAt?: Date | string | null;
};

/** Whether this appointment is a care relationship between its patient and its doctor/hospital at `now`. */
export function isCareRelationship(appointment: CareAppointment, now: Date = new Date()): boolean {
  if (appointment.deletedAt) return false;
  if ((ACTIVE_CARE_STATUSES as readonly string[]).includes(appointment.status)) return true;
  if ((FOLLOW_UP_CARE_STATUSES as readonly string[]).includes(appointment.status)) {
    return new Date(appointment.endsAt).getTime() >= followUpSince(now).getTime();
  }
  return false;
}

/** What each standing may do to the record: the access matrix, as data. */
export const CARE_PERMISSIONS: Record<CareStanding, readonly CareAction[]> = {
  SELF: ['read', 'record', 'manage'],
  ADMIN: ['read', 'record', 'manage'],
  CARE: ['read', 'record'],
  NONE: [],
};

export function mayActOnRecord(standing: CareStanding, action: CareAction): boolean {
  return CARE_PERMISSIONS[standing].includes(action);
}

/** Which of the patient's documents a standing sees: all of them, or only shared/own ones, or none. */
export type DocumentReach = 'ALL' | 'SHARED_OR_OWN' | 'NONE';
export const DOCUMENT_REACH: Record<CareStanding, DocumentReach> = {
  SELF: 'ALL',
  ADMIN: 'ALL',
  CARE: 'SHARED_OR_OWN',
  NONE: 'NONE',
};

/**
 * Whether a caller of `standing` opens one document: `sharedWithCare` — the patient shared it with
 * an appointment of this provider that is a care relationship; `uploadedByProvider` — an account
 * of this provider uploaded it.
 */
export function mayOpenDocument(
  standing: CareStanding,
  document: { sharedWithCare: boolean; uploadedByProvider: boolean },
): boolean {
  switch (DOCUMENT_REACH[standing]) {
    case 'ALL':
      return true;
    case 'SHARED_OR_OWN':
      return document.sharedWithCare || document.uploadedByProvider;
    case 'NONE':
      return false;
  }
}

/** Only the patient shares their documents, and only with their own appointments. */
export function mayShareDocuments(role: Role): boolean {
  return role === 'PATIENT';
}
