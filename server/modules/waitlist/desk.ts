import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_APPOINTMENT_MINUTES, SLOT_HOLDING_STATUSES } from '../../../domain/rules/appointments.ts';
import { WAITLIST_WORKFLOW } from '../../../domain/rules/waitlist.ts';
import type { notifyWaitlistBody, waitlistPositionBody } from '../../../domain/schemas/waitlist.ts';
import { appointments, doctors, waitlistEntries, waitlistFreedSlots } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { WAITLIST_TEXTS } from './messages.ts';
import { reachEntry } from './queries.ts';
import type { WaitlistDeps } from './service.ts';
import type { Shared } from './shared.ts';

const LIVE = ['ACTIVE', 'NOTIFIED'] as const;
const actorOf = (caller: AuthUser) => ({ userId: caller.id, role: caller.role });

/** What the hospital's desk (or the doctor) does by hand: reorder the queue, set priorities, offer a time. */
export function deskUseCases(deps: WaitlistDeps, { view }: Pick<Shared, 'view'>) {
  const { db, engine } = deps;
  return {
    /** PATCH position: a new place in the queue and/or a priority, recorded with who and why. */
    async move(caller: AuthUser, id: string, input: z.output<typeof waitlistPositionBody>) {
      const { row, party } = await reachEntry(db, caller, id);
      if (party !== 'PROVIDER') throw notFound(WAITLIST_TEXTS.noSuchEntry);
      if (row.status !== 'ACTIVE' && row.status !== 'NOTIFIED')
        throw conflict(WAITLIST_TEXTS.ended, { status: row.status });
      await db.transaction(async (tx) => {
        // The whole queue, locked, in its order: renumbered 1..n with the entry at its new place.
        const queue = await tx
          .select({ id: waitlistEntries.id, position: waitlistEntries.position })
          .from(waitlistEntries)
          .where(and(eq(waitlistEntries.queueId, row.queueId), inArray(waitlistEntries.status, [...LIVE])))
          .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.createdAt))
          .for('update');
        const from = queue.findIndex((e) => e.id === id) + 1;
        const notes: string[] = [];
        if (input.position !== undefined) {
          const order = queue.filter((e) => e.id !== id);
          const to = Math.min(input.position, queue.length);
          order.splice(to - 1, 0, { id, position: 0 });
          for (const [index, entry] of order.entries()) {
            await tx
              .update(waitlistEntries)
              .set({ position: index + 1 })
              .where(eq(waitlistEntries.id, entry.id));
          }
          notes.push(`position ${from} → ${to}`);
        }
        if (input.priority !== undefined && input.priority !== row.priority) {
          await tx.update(waitlistEntries).set({ priority: input.priority }).where(eq(waitlistEntries.id, id));
          notes.push(`priority ${row.priority} → ${input.priority}`);
        }
        await tx.update(waitlistEntries).set({ updatedAt: new Date() }).where(eq(waitlistEntries.id, id));
        await recordHistory(tx, WAITLIST_WORKFLOW.name, [
          {
            entityId: id,
            action: 'MOVE',
            actor: actorOf(caller),
            from: row.status,
            to: row.status,
            reason: `${notes.join('; ') || 'unchanged'}: ${input.reason}`,
          },
        ]);
      });
      engine.announceEntry(row);
      return view(caller, id);
    },

    /** POST notify: the provider offers a time to one waiting entry by hand (held as an automatic offer is). */
    async notify(caller: AuthUser, input: z.output<typeof notifyWaitlistBody>) {
      const { row, party } = await reachEntry(db, caller, input.waitlistId);
      if (party !== 'PROVIDER') throw notFound(WAITLIST_TEXTS.noSuchEntry);
      if (row.status !== 'ACTIVE') throw conflict(WAITLIST_TEXTS.notifyNotWaiting, { status: row.status });
      const doctorId = input.doctorId ?? row.doctorId;
      if (!doctorId) {
        throw invalid(WAITLIST_TEXTS.notifyNeedsDoctor, {
          issues: [{ path: 'body.doctorId', message: WAITLIST_TEXTS.notifyNeedsDoctor }],
        });
      }
      const [doctor] = await db
        .select({ id: doctors.id, name: doctors.name, hospitalId: doctors.hospitalId })
        .from(doctors)
        .where(eq(doctors.id, doctorId));
      const fits = doctor && (row.doctorId ? row.doctorId === doctorId : doctor.hospitalId === row.hospitalId);
      if (!fits) {
        throw invalid(WAITLIST_TEXTS.notifyWrongDoctor, {
          issues: [{ path: 'body.doctorId', message: WAITLIST_TEXTS.notifyWrongDoctor }],
        });
      }
      const start = new Date(input.scheduledAt);
      if (!engine.timing(new Date(), start)) throw conflict(WAITLIST_TEXTS.notifyTooLate, { reason: 'TOO_LATE' });
      const place = row.hospitalId;
      const mode = input.mode ?? row.mode ?? 'IN_PERSON';
      // Offered only as booking would take it: a doctor with a schedule at one of their slots, in a mode it offers.
      const scheduled = await deps.slotForBooking(doctor, start, mode, place ?? undefined);
      const minutes = scheduled?.slotMinutes ?? DEFAULT_APPOINTMENT_MINUTES;
      const end = new Date(start.getTime() + minutes * 60_000);
      const [busy] = await db
        .select({ value: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.doctorId, doctorId),
            isNull(appointments.deletedAt),
            inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
            sql`${appointments.scheduledAt} < ${end.toISOString()}::timestamptz`,
            gt(appointments.endsAt, start),
          ),
        );
      if ((busy?.value ?? 0) > 0) throw conflict(WAITLIST_TEXTS.notifyTaken, { reason: 'SLOT_TAKEN' });
      const [slot] = await db
        .insert(waitlistFreedSlots)
        .values({
          doctorId,
          hospitalId: place,
          startsAt: start,
          endsAt: end,
          modes: [mode],
          preferredMode: mode,
          cause: 'MANUAL',
        })
        .onConflictDoNothing()
        .returning({ id: waitlistFreedSlots.id });
      const slotId =
        slot?.id ??
        (
          await db
            .select({ id: waitlistFreedSlots.id })
            .from(waitlistFreedSlots)
            .where(
              and(
                eq(waitlistFreedSlots.doctorId, doctorId),
                eq(waitlistFreedSlots.startsAt, start),
                eq(waitlistFreedSlots.state, 'OPEN'),
              ),
            )
        )[0]?.id;
      if (!slotId) throw conflict(WAITLIST_TEXTS.notifyTaken, { reason: 'SLOT_HELD' });
      const made = await engine.offerSlot(slotId, { entryId: row.id, actor: actorOf(caller) });
      if (!made) throw conflict(WAITLIST_TEXTS.notifyTaken, { reason: 'SLOT_TAKEN' });
      return view(caller, row.id);
    },
  };
}
