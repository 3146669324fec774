import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { WAITLIST_WORKFLOW, type WaitlistParty } from '../../../domain/rules/waitlist.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { WaitlistEntry, WaitlistList, WaitlistOffer } from '../../../domain/schemas/waitlist.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  doctors,
  hospitals,
  patients,
  waitlistEntries,
  waitlistFreedSlots,
  waitlistOffers,
  workflowHistory,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { WAITLIST_TEXTS } from './messages.ts';

/** The read model of the waitlist: who sees which entry, and how an entry reads as the API answers it. */

export type EntryRow = typeof waitlistEntries.$inferSelect;
type OfferColumns = {
  offerId: string | null;
  offerSlotStart: Date | null;
  offerSlotEnd: Date | null;
  offerDoctorId: string | null;
  offerDoctorName: string | null;
  offerHospitalId: string | null;
  offerHospitalName: string | null;
  offerMode: WaitlistOffer['mode'] | null;
  offerNotifyAt: Date | null;
  offerExpiresAt: Date | null;
  offerSource: WaitlistOffer['source'] | null;
};
export type EntryView = EntryRow &
  OfferColumns & {
    patientName: string;
    doctorName: string | null;
    hospitalName: string | null;
    rank: number | null;
  };

const LIVE = sql`('ACTIVE', 'NOTIFIED')`;
const offerDoctor = alias(doctors, 'offer_doctor');
const offerHospital = alias(hospitals, 'offer_hospital');

/** Place among those still waiting in the same queue (1 is next), by position; null once ended. */
const rank = sql<number | null>`case when ${waitlistEntries.status} in ${LIVE} then (
  select count(*)::int + 1 from waitlist_entries ahead
  where ahead.queue_id = ${waitlistEntries.queueId} and ahead.status in ${LIVE}
    and (ahead.position < ${waitlistEntries.position}
      or (ahead.position = ${waitlistEntries.position} and ahead.created_at < ${waitlistEntries.createdAt}))
) end`;

/** How the caller stands to an entry; null when they are not on it (they get 404). */
export function partyOf(
  caller: AuthUser,
  row: Pick<EntryRow, 'patientId' | 'doctorId' | 'hospitalId'>,
): WaitlistParty | null {
  const ref = caller.referenceId;
  switch (caller.role) {
    case 'ADMIN':
      return 'ADMIN';
    case 'PATIENT':
      return ref !== null && ref === row.patientId ? 'PATIENT' : null;
    case 'DOCTOR':
      return ref !== null && ref === row.doctorId ? 'PROVIDER' : null;
    case 'HOSPITAL':
      return ref !== null && ref === row.hospitalId ? 'PROVIDER' : null;
    default:
      return null;
  }
}

/** The entries a caller may see at all. */
export function entryScope(caller: AuthUser): SQL {
  const ref = caller.referenceId ?? '00000000-0000-0000-0000-000000000000';
  switch (caller.role) {
    case 'ADMIN':
      return sql`true`;
    case 'PATIENT':
      return eq(waitlistEntries.patientId, ref);
    case 'DOCTOR':
      return eq(waitlistEntries.doctorId, ref);
    case 'HOSPITAL':
      return eq(waitlistEntries.hospitalId, ref);
    default:
      return sql`false`;
  }
}

function selectEntries(db: Db | Tx) {
  return db
    .select({
      entry: waitlistEntries,
      patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
      doctorName: doctors.name,
      hospitalName: hospitals.name,
      rank,
      offerId: waitlistOffers.id,
      offerSlotStart: waitlistFreedSlots.startsAt,
      offerSlotEnd: waitlistFreedSlots.endsAt,
      offerDoctorId: waitlistFreedSlots.doctorId,
      offerDoctorName: offerDoctor.name,
      offerHospitalId: waitlistFreedSlots.hospitalId,
      offerHospitalName: offerHospital.name,
      offerMode: waitlistOffers.mode,
      offerNotifyAt: waitlistOffers.notifyAt,
      offerExpiresAt: waitlistOffers.expiresAt,
      offerSource: waitlistOffers.source,
    })
    .from(waitlistEntries)
    .innerJoin(patients, eq(patients.id, waitlistEntries.patientId))
    .leftJoin(doctors, eq(doctors.id, waitlistEntries.doctorId))
    .leftJoin(hospitals, eq(hospitals.id, waitlistEntries.hospitalId))
    .leftJoin(waitlistOffers, and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.status, 'HELD')))
    .leftJoin(waitlistFreedSlots, eq(waitlistFreedSlots.id, waitlistOffers.slotId))
    .leftJoin(offerDoctor, eq(offerDoctor.id, waitlistFreedSlots.doctorId))
    .leftJoin(offerHospital, eq(offerHospital.id, waitlistFreedSlots.hospitalId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];
const toView = ({ entry, ...rest }: Selected): EntryView => ({ ...entry, ...rest });

export async function loadEntry(db: Db | Tx, id: string): Promise<EntryView | undefined> {
  const [row] = await selectEntries(db).where(eq(waitlistEntries.id, id));
  return row ? toView(row) : undefined;
}

/** The entry, when the caller is on it (404 otherwise, as for a missing one). */
export async function reachEntry(db: Db | Tx, caller: AuthUser, id: string) {
  const row = await loadEntry(db, id);
  const party = row ? partyOf(caller, row) : null;
  if (!row || !party) throw notFound(WAITLIST_TEXTS.noSuchEntry);
  return { row, party };
}

/** What the workflow reads of an entry: its status, dates and the live offer's end. */
export const stateOf = (row: EntryView) => ({
  status: row.status,
  preferredTo: row.preferredTo,
  offerExpiresAt: row.offerExpiresAt,
});

export function toEntry(row: EntryView, party: WaitlistParty, now = new Date()): WaitlistEntry {
  const offer: WaitlistOffer | null =
    row.offerId && row.offerSlotStart && row.offerSlotEnd && row.offerDoctorId && row.offerMode
      ? {
          id: row.offerId,
          doctorId: row.offerDoctorId,
          doctorName: row.offerDoctorName,
          hospitalId: row.offerHospitalId,
          hospitalName: row.offerHospitalName,
          slotStart: row.offerSlotStart.toISOString(),
          slotEnd: row.offerSlotEnd.toISOString(),
          mode: row.offerMode,
          notifyAt: row.offerNotifyAt!.toISOString(),
          expiresAt: row.offerExpiresAt!.toISOString(),
          source: row.offerSource ?? 'AUTOMATIC',
        }
      : null;
  return {
    id: row.id,
    waitlistId: row.id,
    status: row.status,
    position: row.rank,
    priority: row.priority,
    urgency: row.urgency,
    patientId: row.patientId,
    patientName: row.patientName,
    doctorId: row.doctorId,
    doctorName: row.doctorName,
    hospitalId: row.hospitalId,
    hospitalName: row.hospitalName,
    mode: row.mode,
    preferredFrom: row.preferredFrom,
    preferredTo: row.preferredTo,
    timesOfDay: row.timesOfDay,
    reason: row.reason,
    statusReason: row.statusReason,
    appointmentId: row.appointmentId,
    replacesAppointmentId: row.replacesAppointmentId,
    offer,
    actions: WAITLIST_WORKFLOW.availableActions(party, stateOf(row), now).filter(
      (action) => action !== 'OFFER' || party === 'PROVIDER',
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page of entries the caller may see: those waiting first (by queue order), then the ended, newest first. */
export async function listEntries(
  db: Db,
  caller: AuthUser,
  party: WaitlistParty,
  where: SQL | undefined,
  page: number,
  limit: number,
): Promise<WaitlistList> {
  const scoped = and(entryScope(caller), where);
  const [rows, [total]] = await Promise.all([
    selectEntries(db)
      .where(scoped)
      .orderBy(
        sql`case when ${waitlistEntries.status} in ${LIVE} then 0 else 1 end`,
        sql`case ${waitlistEntries.priority} when 'URGENT' then 0 when 'HIGH' then 1 when 'MEDIUM' then 2 else 3 end`,
        asc(waitlistEntries.position),
        desc(waitlistEntries.updatedAt),
        asc(waitlistEntries.id),
      )
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ value: count() }).from(waitlistEntries).where(scoped),
  ]);
  const now = new Date();
  return {
    entries: rows.map((row) => toEntry(toView(row), party, now)),
    pagination: paginationOf(page, limit, total?.value ?? 0),
  };
}

/** The entry's history: status changes and moves, oldest first. */
export async function historyOf(db: Db, id: string) {
  const rows = await db
    .select()
    .from(workflowHistory)
    .where(and(eq(workflowHistory.workflow, WAITLIST_WORKFLOW.name), eq(workflowHistory.entityId, id)))
    .orderBy(asc(workflowHistory.at), asc(workflowHistory.id));
  return rows.map((row) => ({
    action: row.action,
    from: row.fromStatus,
    to: row.toStatus,
    reason: row.reason,
    actorRole: row.actorRole,
    at: row.at.toISOString(),
  }));
}
