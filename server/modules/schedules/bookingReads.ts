/**
 * What a booking reads of a doctor's schedules and the waitlist's holds inside its own lookup
 * statement (one round trip): SQL columns that return them as JSON, and the check on what they hold.
 */
import { sql, type SQL } from 'drizzle-orm';
import { doctorSchedules, waitlistEntries, waitlistFreedSlots, waitlistOffers } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/** What the booking rule reads of a schedule row. */
export type PlaceRow = Pick<typeof doctorSchedules.$inferSelect, 'hospitalId' | 'sessions' | 'leave' | 'changes'>;

/**
 * The doctor's schedule rows as one JSON column (null when none), for a statement that reads them
 * alongside other things; give them to slotForBooking as `known`.
 */
export function placeRowsOf(doctorId: SQL): SQL<PlaceRow[] | null> {
  return sql<
    PlaceRow[] | null
  >`(select json_agg(json_build_object('hospitalId', ${doctorSchedules.hospitalId}, 'sessions', ${doctorSchedules.sessions}, 'leave', ${doctorSchedules.leave}, 'changes', ${doctorSchedules.changes})) from ${doctorSchedules} where ${doctorSchedules.doctorId} = ${doctorId})`;
}

/** A waitlist offer holding some of a doctor's time: its patient alone may book that time, through the offer. */
export type HeldTime = { offerId: string; patientId: string; startsAt: number; endsAt: number };

/** How far past a booking's start `heldTimesFrom` looks: longer than any appointment or slot. */
export const HELD_TIMES_SPAN_MS = DAY_MS;

/**
 * The held waitlist offers of a doctor overlapping [start, start + HELD_TIMES_SPAN_MS), as one JSON
 * column (null when none; times in epoch milliseconds), for a statement that reads them alongside
 * other things. `heldAmong` then answers what heldOffer would for any booking inside that span.
 */
export function heldTimesFrom(doctorId: SQL, start: SQL): SQL<HeldTime[] | null> {
  const from = sql`${start}::timestamptz`;
  return sql<
    HeldTime[] | null
  >`(select json_agg(json_build_object('offerId', ${waitlistOffers.id}, 'patientId', (select ${waitlistEntries.patientId} from ${waitlistEntries} where ${waitlistEntries.id} = ${waitlistOffers.entryId}), 'startsAt', extract(epoch from ${waitlistFreedSlots.startsAt}) * 1000, 'endsAt', extract(epoch from ${waitlistFreedSlots.endsAt}) * 1000)) from ${waitlistOffers} inner join ${waitlistFreedSlots} on ${waitlistFreedSlots.id} = ${waitlistOffers.slotId} where ${waitlistOffers.status} = 'HELD' and ${waitlistFreedSlots.doctorId} = ${doctorId} and ${waitlistFreedSlots.startsAt} < ${from} + interval '1 day' and ${waitlistFreedSlots.endsAt} > ${from})`;
}

/** Of the held times `heldTimesFrom` read, one overlapping [start, end) that is not `exceptOfferId`'s; null when none. */
export function heldAmong(
  held: readonly HeldTime[] | null,
  start: Date,
  end: Date,
  exceptOfferId?: string,
): { offerId: string; patientId: string } | null {
  const hit = held?.find(
    (h) => h.offerId !== exceptOfferId && Number(h.startsAt) < end.getTime() && Number(h.endsAt) > start.getTime(),
  );
  return hit ? { offerId: hit.offerId, patientId: hit.patientId } : null;
}
