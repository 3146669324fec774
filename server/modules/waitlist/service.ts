import { and, eq, inArray, lte, gte, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_APPOINTMENT_MINUTES } from '../../../domain/rules/appointments.ts';
import {
  OFFER_HORIZON_DAYS,
  WAITLIST_WORKFLOW,
  actionForStatus,
  compareForOffer,
  entryMatches,
  type WaitlistAction,
} from '../../../domain/rules/waitlist.ts';
import type { myWaitlistQuery, waitlistListQuery, waitlistStatusBody } from '../../../domain/schemas/waitlist.ts';
import type { OpenSlot } from '../../../domain/schemas/schedules.ts';
import { doctors, waitlistEntries, waitlistFreedSlots, waitlistOffers } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { inUnitOfWork, insideUnit } from '../../platform/unitOfWork.ts';
import { recordHistory, runTransition } from '../../platform/workflow.ts';
import type { AppointmentsService } from '../appointments/index.ts';
import type { SchedulesService } from '../schedules/index.ts';
import { deskUseCases } from './desk.ts';
import { joinUseCase } from './join.ts';
import { WAITLIST_TEXTS } from './messages.ts';
import { waiting, type OfferEngine, type OffersDeps } from './offers.ts';
import { historyOf, listEntries, loadEntry, partyOf, reachEntry, toEntry } from './queries.ts';
import { waitlistStats } from './stats.ts';

/** What the waitlist use cases need. */
export type WaitlistDeps = Pick<OffersDeps, 'db'> & {
  engine: OfferEngine;
  appointments: Pick<AppointmentsService, 'book' | 'cancel'>;
  /**
   * The doctor's scheduled slot at that time as booking takes it: null for a doctor without a schedule;
   * for one with a schedule, a time no slot of theirs starts at is refused (OUTSIDE_SCHEDULE, naming the next open ones).
   */
  slotForBooking: SchedulesService['slotForBooking'];
  /** The doctor's open slots over the next days. */
  openSlotsOf(doctorId: string, days: number): Promise<OpenSlot[]>;
};

const LIVE = ['ACTIVE', 'NOTIFIED'] as const;
const actorOf = (caller: AuthUser) => ({ userId: caller.id, role: caller.role });

export function waitlistService(deps: WaitlistDeps) {
  const { db, engine } = deps;

  /** One transition of an entry's status table (lock, decide, write, history), then the parties hear of it. */
  async function transition(
    caller: AuthUser,
    id: string,
    action: WaitlistAction,
    reason: string | null,
    write?: (
      tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    ) => Promise<Partial<typeof waitlistEntries.$inferInsert>>,
  ) {
    const { written } = await runTransition(db, {
      workflow: WAITLIST_WORKFLOW,
      table: waitlistEntries,
      id,
      action,
      actor: actorOf(caller),
      load: (tx) => loadEntry(tx, id),
      partyOf: (row) => partyOf(caller, row),
      async write(tx, _row, to) {
        const extra = write ? await write(tx) : {};
        const [updated] = await tx
          .update(waitlistEntries)
          .set({ ...extra, ...(to === 'UNCHANGED' ? {} : { status: to }), statusReason: reason, updatedAt: new Date() })
          .where(eq(waitlistEntries.id, id))
          .returning();
        return { updated: updated!, reason };
      },
      announce: async (done) => engine.announceEntry(done.updated),
    });
    return written.updated;
  }

  /** Ends the entry's held offer (declined, left, removed) and passes its slot to the next in line. */
  async function releaseOfferOf(entryId: string, status: 'DECLINED' | 'WITHDRAWN') {
    const held = await db
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'HELD')));
    const ended = await engine.release(
      db,
      held.map((h) => h.id),
      status,
      'OPEN',
      new Date(),
    );
    for (const offer of ended) await engine.offerSlot(offer.slotId);
  }

  async function view(caller: AuthUser, id: string) {
    const { row, party } = await reachEntry(db, caller, id);
    return toEntry(row, party);
  }

  /** The queue an entry waits in: the hospital it names, else the doctor. */
  async function nextPosition(queueId: string) {
    const [row] = await db
      .select({ value: max(waitlistEntries.position) })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.queueId, queueId), inArray(waitlistEntries.status, [...LIVE])));
    return (row?.value ?? 0) + 1;
  }

  async function accept(caller: AuthUser, id: string) {
    const work = async () => {
      let booked: { id: string } | null = null;
      const updated = await transition(caller, id, 'ACCEPT_OFFER', null, async (tx) => {
        const row = (await loadEntry(tx, id))!;
        const appointment = await deps.appointments.book(
          caller,
          {
            doctorId: row.offerDoctorId!,
            ...(row.offerHospitalId ? { hospitalId: row.offerHospitalId } : {}),
            scheduledAt: row.offerSlotStart!.toISOString(),
            durationMinutes: Math.min(
              MAX_APPOINTMENT_MINUTES,
              Math.round((row.offerSlotEnd!.getTime() - row.offerSlotStart!.getTime()) / 60_000),
            ),
            mode: row.offerMode!,
            reason: row.reason,
          },
          { fromWaitlistOffer: row.offerId! },
        );
        booked = appointment;
        const now = new Date();
        const [offer] = await tx
          .update(waitlistOffers)
          .set({ status: 'ACCEPTED', decidedAt: now })
          .where(eq(waitlistOffers.id, row.offerId!))
          .returning({ slotId: waitlistOffers.slotId });
        await tx
          .update(waitlistFreedSlots)
          .set({ state: 'FILLED', filledAt: now, appointmentId: appointment.id })
          .where(eq(waitlistFreedSlots.id, offer!.slotId));
        return { appointmentId: appointment.id };
      });
      const replaced = updated.replacesAppointmentId;
      if (replaced) {
        // The later appointment it replaces goes only now that the earlier one is booked.
        await deps.appointments.cancel(caller, replaced, WAITLIST_TEXTS.replacedBecause).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      }
      return { entry: updated, appointment: booked! };
    };
    try {
      return insideUnit() ? await work() : await inUnitOfWork(db, work);
    } catch (error) {
      const reason = (error as AppError).details as { reason?: string } | undefined;
      if (error instanceof AppError && (reason?.reason === 'SLOT_TAKEN' || reason?.reason === 'OUTSIDE_SCHEDULE')) {
        // Booked by someone else in the moment before (or no longer in the schedule): the patient keeps their place.
        if (!insideUnit()) await releaseAfterFailedAccept(caller, id);
        throw conflict(WAITLIST_TEXTS.slotGone, { reason: 'SLOT_GONE' });
      }
      throw error;
    }
  }

  async function releaseAfterFailedAccept(caller: AuthUser, id: string) {
    const row = await loadEntry(db, id);
    if (!row?.offerId) return;
    await engine.release(db, [row.offerId], 'WITHDRAWN', 'LAPSED', new Date());
    const [entry] = await db
      .update(waitlistEntries)
      .set({ status: 'ACTIVE', updatedAt: new Date() })
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'NOTIFIED')))
      .returning();
    if (entry) {
      await db.transaction((tx) =>
        recordHistory(tx, WAITLIST_WORKFLOW.name, [
          {
            entityId: id,
            action: 'LAPSE',
            actor: actorOf(caller),
            from: 'NOTIFIED',
            to: 'ACTIVE',
            reason: WAITLIST_TEXTS.slotGone,
          },
        ]),
      );
      engine.announceEntry(entry);
    }
  }

  const shared = { view, nextPosition };

  return {
    ...joinUseCase(deps, shared),
    ...deskUseCases(deps, shared),

    list(caller: AuthUser, query: z.output<typeof waitlistListQuery>) {
      const party = caller.role === 'ADMIN' ? 'ADMIN' : 'PROVIDER';
      return listEntries(
        db,
        caller,
        party,
        and(
          query.hospitalId ? eq(waitlistEntries.hospitalId, query.hospitalId) : undefined,
          query.doctorId ? eq(waitlistEntries.doctorId, query.doctorId) : undefined,
          query.status ? eq(waitlistEntries.status, query.status) : undefined,
          query.priority ? eq(waitlistEntries.priority, query.priority) : undefined,
          query.preferredDate ? lte(waitlistEntries.preferredFrom, query.preferredDate) : undefined,
          query.preferredDate ? gte(waitlistEntries.preferredTo, query.preferredDate) : undefined,
        ),
        query.page,
        query.limit,
      );
    },

    mine(caller: AuthUser, query: z.output<typeof myWaitlistQuery>) {
      return listEntries(
        db,
        caller,
        'PATIENT',
        query.status ? eq(waitlistEntries.status, query.status) : undefined,
        query.page,
        query.limit,
      );
    },

    async byId(caller: AuthUser, id: string) {
      const { row, party } = await reachEntry(db, caller, id);
      return { ...toEntry(row, party), history: await historyOf(db, id) };
    },

    /** DELETE: the patient leaves, or the provider removes; the entry and its history stay for the record. */
    async remove(caller: AuthUser, id: string) {
      const { party } = await reachEntry(db, caller, id);
      return this.setStatus(caller, id, { status: 'CANCELLED', reason: undefined }, party);
    },

    async setStatus(
      caller: AuthUser,
      id: string,
      input: z.output<typeof waitlistStatusBody>,
      known?: ReturnType<typeof partyOf>,
    ) {
      const { row, party } = known
        ? { row: (await loadEntry(db, id))!, party: known }
        : await reachEntry(db, caller, id);
      const action = actionForStatus(party, row.status, input.status);
      if (!action) throw conflict(WAITLIST_TEXTS.noStatusChange(input.status), { status: row.status });
      if (action === 'ACCEPT_OFFER') {
        const done = await accept(caller, id);
        return {
          entry: await view(caller, done.entry.id),
          appointmentId: done.appointment.id,
          message: WAITLIST_TEXTS.accepted,
        };
      }
      await transition(caller, id, action, input.reason ?? null);
      if (row.status === 'NOTIFIED') await releaseOfferOf(id, action === 'DECLINE_OFFER' ? 'DECLINED' : 'WITHDRAWN');
      const message =
        action === 'DECLINE_OFFER'
          ? WAITLIST_TEXTS.declined
          : action === 'LEAVE'
            ? WAITLIST_TEXTS.left
            : action === 'REMOVE'
              ? WAITLIST_TEXTS.removed
              : WAITLIST_TEXTS.reinstated;
      if (action === 'REINSTATE') {
        // Back at the end of its queue.
        await db
          .update(waitlistEntries)
          .set({ position: await nextPosition(row.queueId) })
          .where(eq(waitlistEntries.id, id));
      }
      return { entry: await view(caller, id), appointmentId: null, message };
    },

    /** A schedule was saved: slots it opened (cancelled leave, a new session) go to whoever waits for them. */
    async scheduleSaved(doctorId: string) {
      const [doctor] = await db
        .select({ hospitalId: doctors.hospitalId })
        .from(doctors)
        .where(eq(doctors.id, doctorId));
      const queued = await db
        .select()
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.status, 'ACTIVE'),
            doctor?.hospitalId
              ? sql`(${waitlistEntries.doctorId} = ${doctorId} or (${waitlistEntries.doctorId} is null and ${waitlistEntries.hospitalId} = ${doctor.hospitalId}))`
              : eq(waitlistEntries.doctorId, doctorId),
          ),
        );
      if (queued.length === 0) return;
      const open = await deps.openSlotsOf(doctorId, OFFER_HORIZON_DAYS);
      const used = new Set<string>();
      for (const entry of queued.map(waiting).sort(compareForOffer)) {
        const slot = open.find(
          (s) =>
            !used.has(s.start) &&
            entryMatches(entry, { doctorId, hospitalId: s.hospitalId, start: new Date(s.start), modes: s.modes }),
        );
        if (!slot) continue;
        used.add(slot.start);
        await engine.slotFreed({
          doctorId,
          hospitalId: slot.hospitalId,
          start: new Date(slot.start),
          end: new Date(slot.end),
          mode: entry.mode ?? slot.modes[0] ?? 'IN_PERSON',
          cause: 'OPENED',
        });
      }
    },

    stats(caller: AuthUser, query: { hospitalId?: string; doctorId?: string }) {
      return waitlistStats(db, caller, query);
    },
  };
}

export type WaitlistService = ReturnType<typeof waitlistService>;
