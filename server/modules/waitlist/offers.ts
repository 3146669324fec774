import { and, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppointmentMode } from '../../../domain/enums.ts';
import { SLOT_HOLDING_STATUSES } from '../../../domain/rules/appointments.ts';
import { isoToIndiaDateTime } from '../../../domain/rules/time.ts';
import {
  OFFER_CUTOFF_MINUTES,
  WAITLIST_WORKFLOW,
  nextInLine,
  offerTiming,
  type QuietHours,
  offeredMode,
  type WaitingEntry,
} from '../../../domain/rules/waitlist.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, doctors, waitlistEntries, waitlistFreedSlots, waitlistOffers } from '../../db/schema/index.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { recordHistory, type WorkflowActor } from '../../platform/workflow.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { offerNotification } from './messages.ts';

/**
 * The offer engine: a freed slot goes to the first matching waiting patient (domain/rules/waitlist.ts),
 * held for them alone; a hold that runs out or is declined passes the slot on. Each step locks the
 * slot row, so one slot is never offered twice at once (and the partial unique indexes on
 * waitlist_offers would refuse it if it were).
 */

export type FreedSlot = {
  doctorId: string;
  hospitalId: string | null;
  start: Date;
  end: Date;
  mode: AppointmentMode;
  cause: (typeof waitlistFreedSlots.$inferInsert)['cause'];
};

export type OffersDeps = {
  db: Db;
  realtime: Pick<Realtime, 'emit'>;
  notify: Pick<NotificationsService, 'notifyProfiles'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The modes a doctor's schedule offers at that time (null: no scheduled slot starts then). */
  modesAt(doctorId: string, start: Date, hospitalId: string | null): Promise<AppointmentMode[] | null>;
  /** The quiet hours in force (read at each offer, so a change of configuration applies at once). */
  quietHours(): QuietHours | null;
};

const MINUTE = 60_000;
const SYSTEM: WorkflowActor = { userId: null, role: 'SYSTEM' };
type SlotRow = typeof waitlistFreedSlots.$inferSelect;
type EntryRow = typeof waitlistEntries.$inferSelect;

/** An entry as the offer rule reads it. */
export const waiting = (row: EntryRow): WaitingEntry => ({
  id: row.id,
  patientId: row.patientId,
  doctorId: row.doctorId,
  hospitalId: row.hospitalId,
  mode: row.mode,
  preferredFrom: row.preferredFrom,
  preferredTo: row.preferredTo,
  timesOfDay: row.timesOfDay,
  priority: row.priority,
  position: row.position,
  createdAt: row.createdAt,
});

/** Whether an appointment now holds any of the slot's time. */
async function slotTaken(tx: Tx | Db, slot: Pick<SlotRow, 'doctorId' | 'startsAt' | 'endsAt'>): Promise<boolean> {
  const [clash] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, slot.doctorId),
        isNull(appointments.deletedAt),
        inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
        lt(appointments.scheduledAt, slot.endsAt),
        gt(appointments.endsAt, slot.startsAt),
      ),
    )
    .limit(1);
  return Boolean(clash);
}

export function offerEngine(deps: OffersDeps) {
  const { db, realtime, notify, log } = deps;

  /** Tells the entry's patient and providers that it changed (their open pages refetch). */
  function announceEntry(entry: Pick<EntryRow, 'id' | 'patientId' | 'doctorId' | 'hospitalId' | 'status'>) {
    const payload = { waitlistId: entry.id, status: entry.status };
    for (const room of [entry.patientId, entry.doctorId, entry.hospitalId]) {
      if (room) realtime.emit(room, 'waitlistUpdate', payload);
    }
  }

  /** Tells the patient of an offer (notification, realtime, push) once, when it is due. */
  async function deliver(offerId: string, now = new Date()) {
    const [offer] = await db
      .update(waitlistOffers)
      .set({ deliveredAt: now })
      .where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.status, 'HELD'), isNull(waitlistOffers.deliveredAt)))
      .returning();
    if (!offer) return;
    const [found] = await db
      .select({ entry: waitlistEntries, slot: waitlistFreedSlots, doctorName: doctors.name })
      .from(waitlistEntries)
      .innerJoin(waitlistFreedSlots, eq(waitlistFreedSlots.id, offer.slotId))
      .innerJoin(doctors, eq(doctors.id, waitlistFreedSlots.doctorId))
      .where(eq(waitlistEntries.id, offer.entryId));
    if (!found) return;
    announceEntry(found.entry);
    await notify.notifyProfiles([found.entry.patientId], {
      ...offerNotification({
        doctorName: found.doctorName,
        start: found.slot.startsAt,
        mode: offer.mode,
        expiresAt: offer.expiresAt,
      }),
      type: 'APPOINTMENT_UPDATE',
      priority: 'HIGH',
      data: { url: '/appointments?view=waitlist' },
    });
  }

  /**
   * Offers a slot: to `to` when given (a hospital's offer by hand), otherwise to the first matching
   * waiting entry that has not had it yet. A slot nobody matches stays OPEN for anyone to book (and
   * for a patient who joins later); one too near to offer is LAPSED. Returns the offer made, if any.
   */
  async function offerSlot(
    slotId: string,
    to?: { entryId: string; actor: WorkflowActor },
  ): Promise<{ offerId: string } | null> {
    const now = new Date();
    const made = await db.transaction(async (tx) => {
      const [slot] = await tx.select().from(waitlistFreedSlots).where(eq(waitlistFreedSlots.id, slotId)).for('update');
      if (!slot || slot.state !== 'OPEN') return null;
      const timing = offerTiming(now, slot.startsAt, deps.quietHours());
      if (!timing || (await slotTaken(tx, slot))) {
        await tx.update(waitlistFreedSlots).set({ state: 'LAPSED' }).where(eq(waitlistFreedSlots.id, slot.id));
        return null;
      }
      const { date } = isoToIndiaDateTime(slot.startsAt.toISOString());
      const offered = await tx
        .select({ entryId: waitlistOffers.entryId })
        .from(waitlistOffers)
        .where(eq(waitlistOffers.slotId, slot.id));
      const candidates = await tx
        .select()
        .from(waitlistEntries)
        .where(
          to
            ? and(eq(waitlistEntries.status, 'ACTIVE'), eq(waitlistEntries.id, to.entryId))
            : and(
                eq(waitlistEntries.status, 'ACTIVE'),
                or(
                  eq(waitlistEntries.doctorId, slot.doctorId),
                  slot.hospitalId
                    ? and(isNull(waitlistEntries.doctorId), eq(waitlistEntries.hospitalId, slot.hospitalId))
                    : undefined,
                ),
                lte(waitlistEntries.preferredFrom, date),
                gte(waitlistEntries.preferredTo, date),
              ),
        );
      const offerable = {
        doctorId: slot.doctorId,
        hospitalId: slot.hospitalId,
        start: slot.startsAt,
        modes: slot.modes,
      };
      const pick = to
        ? (candidates.map(waiting)[0] ?? null)
        : nextInLine(candidates.map(waiting), offerable, new Set(offered.map((o) => o.entryId)));
      if (!pick) return null;
      const [claimed] = await tx
        .update(waitlistEntries)
        .set({ status: 'NOTIFIED', updatedAt: now })
        .where(and(eq(waitlistEntries.id, pick.id), eq(waitlistEntries.status, 'ACTIVE')))
        .returning();
      if (!claimed) return null;
      const [offer] = await tx
        .insert(waitlistOffers)
        .values({
          slotId: slot.id,
          entryId: claimed.id,
          source: to ? 'MANUAL' : 'AUTOMATIC',
          mode: offeredMode(pick, offerable, slot.preferredMode ?? undefined),
          notifyAt: timing.notifyAt,
          expiresAt: timing.expiresAt,
          createdBy: to?.actor.userId ?? null,
        })
        .returning({ id: waitlistOffers.id });
      await tx.update(waitlistFreedSlots).set({ state: 'OFFERED' }).where(eq(waitlistFreedSlots.id, slot.id));
      await recordHistory(tx, WAITLIST_WORKFLOW.name, [
        {
          entityId: claimed.id,
          action: 'OFFER',
          actor: to?.actor ?? SYSTEM,
          from: 'ACTIVE',
          to: 'NOTIFIED',
          reason: `Held until ${timing.expiresAt.toISOString()}`,
        },
      ]);
      return { offerId: offer!.id, entry: claimed, due: timing.notifyAt.getTime() <= now.getTime() };
    });
    if (!made) return null;
    if (made.due) await deliver(made.offerId, now);
    // An offer that waits for the morning shows on the patient's and the desk's open pages meanwhile.
    else announceEntry(made.entry);
    return { offerId: made.offerId };
  }

  /** Passes a held slot back: the offer ends as `status`, the entry waits again (keeping its place). */
  async function release(
    tx: Tx | Db,
    offerIds: readonly string[],
    status: 'LAPSED' | 'DECLINED' | 'WITHDRAWN',
    slotState: 'OPEN' | 'LAPSED',
    now: Date,
  ) {
    if (offerIds.length === 0) return [];
    const ended = await tx
      .update(waitlistOffers)
      .set({ status, decidedAt: now })
      .where(and(inArray(waitlistOffers.id, [...offerIds]), eq(waitlistOffers.status, 'HELD')))
      .returning({ slotId: waitlistOffers.slotId, entryId: waitlistOffers.entryId });
    if (ended.length === 0) return [];
    await tx
      .update(waitlistFreedSlots)
      .set({ state: slotState })
      .where(
        and(
          inArray(
            waitlistFreedSlots.id,
            ended.map((e) => e.slotId),
          ),
          eq(waitlistFreedSlots.state, 'OFFERED'),
        ),
      );
    return ended;
  }

  return {
    offerSlot,
    deliver,
    release,
    announceEntry,
    /** When an offer made now of a slot starting then would go out and hold (null: too near to offer). */
    timing: (now: Date, slotStart: Date) => offerTiming(now, slotStart, deps.quietHours()),

    /**
     * A slot became free (a cancellation, a rejection, a move, an expiry) or opened in a schedule:
     * recorded, then offered. Never fails the change that freed it: a failure is logged, and the
     * offers job picks the slot up again.
     */
    async slotFreed(input: FreedSlot): Promise<void> {
      try {
        if (input.start.getTime() - Date.now() <= OFFER_CUTOFF_MINUTES * MINUTE) return;
        const modes = (await deps.modesAt(input.doctorId, input.start, input.hospitalId)) ?? [input.mode];
        const [slot] = await db
          .insert(waitlistFreedSlots)
          .values({
            doctorId: input.doctorId,
            hospitalId: input.hospitalId,
            startsAt: input.start,
            endsAt: input.end,
            modes,
            preferredMode: input.mode,
            cause: input.cause,
          })
          .onConflictDoNothing()
          .returning({ id: waitlistFreedSlots.id });
        if (slot) await offerSlot(slot.id);
      } catch (error) {
        log.error({ err: error }, 'offering a freed slot failed');
      }
    },

    /** The live (OPEN) freed slots a queue could use now, soonest first. */
    async openSlotsFor(where: { doctorId?: string | null; hospitalId?: string | null }) {
      const rows = await db
        .select({ id: waitlistFreedSlots.id })
        .from(waitlistFreedSlots)
        .where(
          and(
            eq(waitlistFreedSlots.state, 'OPEN'),
            gt(waitlistFreedSlots.startsAt, sql`now() + make_interval(mins => ${OFFER_CUTOFF_MINUTES})`),
            where.doctorId ? eq(waitlistFreedSlots.doctorId, where.doctorId) : undefined,
            where.hospitalId ? eq(waitlistFreedSlots.hospitalId, where.hospitalId) : undefined,
          ),
        )
        .orderBy(waitlistFreedSlots.startsAt)
        .limit(50);
      return rows.map((row) => row.id);
    },
  };
}

export type OfferEngine = ReturnType<typeof offerEngine>;
