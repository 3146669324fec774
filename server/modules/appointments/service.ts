import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPOINTMENT_WORKFLOW,
  SLOT_HOLDING_STATUSES,
  appointmentEnd,
  type AppointmentAction,
} from '../../../domain/rules/appointments.ts';
import type { appointmentListQuery, appointmentSearchBody } from '../../../domain/schemas/appointments.ts';
import { appointments, doctors, hospitals } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { runTransition } from '../../platform/workflow.ts';
import { bookingUseCases, isSlotTaken, lockDoctorSlots, type BookingDeps } from './booking.ts';
import { conversationUseCases } from './conversation.ts';
import { documentSharingUseCases } from './documents.ts';
import { actorOf, addEventLine, announce, nameOf } from './messages.ts';
import {
  listAppointments,
  loadAppointment,
  partyOf,
  patientName,
  reachAppointment,
  toAppointment,
  type AppointmentView,
} from './queries.ts';

/** A doctor's time an appointment held and no longer does (the waitlist offers it). */
export type FreedTime = {
  doctorId: string;
  hospitalId: string | null;
  start: Date;
  end: Date;
  mode: AppointmentView['mode'];
  cause: 'CANCELLED' | 'REJECTED' | 'MOVED' | 'EXPIRED' | 'DELETED';
};

const FREED_BY: Partial<Record<AppointmentAction, FreedTime['cause']>> = {
  CANCEL: 'CANCELLED',
  REJECT: 'REJECTED',
  ACCEPT_RESCHEDULE: 'MOVED',
  DELETE: 'DELETED',
  EXPIRE: 'EXPIRED',
};

/** The time `before` held that `after` no longer holds, if any. */
export function freedTime(
  action: AppointmentAction,
  before: AppointmentView,
  after: AppointmentView,
): FreedTime | null {
  const cause = FREED_BY[action];
  if (!cause || !before.doctorId || !SLOT_HOLDING_STATUSES.includes(before.status as never)) return null;
  const stillHeld =
    !after.deletedAt &&
    SLOT_HOLDING_STATUSES.includes(after.status as never) &&
    after.scheduledAt.getTime() === before.scheduledAt.getTime() &&
    after.endsAt.getTime() === before.endsAt.getTime();
  if (stillHeld || before.scheduledAt.getTime() <= Date.now()) return null;
  return {
    doctorId: before.doctorId,
    hospitalId: before.hospitalId,
    start: before.scheduledAt,
    end: before.endsAt,
    mode: before.mode,
    cause,
  };
}

/** What the appointment use cases need. */
export type AppointmentsDeps = BookingDeps & {
  /** Told of a doctor's time that became free (the waitlist offers it); never fails the change. */
  onTimeFreed?: (time: FreedTime) => Promise<void>;
};

export function appointmentsService(deps: AppointmentsDeps) {
  const { db } = deps;

  /** One transition of the appointment workflow (platform/workflow.ts: lock, decide, write, history, announce). */
  async function transition(
    caller: AuthUser,
    id: string,
    action: AppointmentAction,
    change: (row: AppointmentView) => Partial<typeof appointments.$inferInsert>,
  ) {
    const { written, party } = await runTransition(db, {
      workflow: APPOINTMENT_WORKFLOW,
      table: appointments,
      id,
      action,
      actor: { userId: caller.id, role: caller.role },
      load: (tx) => loadAppointment(tx, id),
      partyOf: (row) => partyOf(caller, row),
      async write(tx, row, to) {
        if (action === 'ACCEPT_RESCHEDULE' && row.doctorId) await lockDoctorSlots(tx, row.doctorId);
        const actorName = nameOf(caller, row);
        const [updated] = await tx
          .update(appointments)
          .set({
            ...change(row),
            ...(to === 'UNCHANGED' ? {} : { status: to }),
            lastActor: actorOf(caller),
            updatedAt: new Date(),
          })
          .where(eq(appointments.id, id))
          .returning();
        const next = { ...row, ...updated! };
        const message =
          action === 'DELETE'
            ? null
            : await addEventLine(tx, next, action, { userId: caller.id, role: actorOf(caller), name: actorName });
        return { next, message, actorName, reason: action === 'DELETE' ? null : next.statusReason };
      },
      announce: async (done, previous, side) => {
        await announce(
          deps,
          action,
          done.next,
          done.message,
          { userId: caller.id, name: done.actorName, side },
          previous.scheduledAt,
        );
        const freed = freedTime(action, previous, done.next);
        if (freed) await deps.onTimeFreed?.(freed);
      },
    }).catch((error: unknown) => {
      if (isSlotTaken(error)) throw conflict('That time has been taken meanwhile. Propose or choose another time.');
      throw error;
    });
    return { appointment: toAppointment(written.next, party), message: written.message };
  }

  async function assertSlotFree(doctorId: string, start: Date, end: Date, exceptId?: string) {
    const [clash] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, doctorId),
          isNull(appointments.deletedAt),
          inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
          sql`tstzrange(${appointments.scheduledAt}, ${appointments.endsAt}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
          exceptId ? sql`${appointments.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    if (clash) throw conflict('The doctor already has an appointment at that time. Propose another time.');
  }

  return {
    ...conversationUseCases(deps),
    ...bookingUseCases(deps),
    ...documentSharingUseCases(deps),

    async byId(caller: AuthUser, id: string) {
      const { row, party } = await reachAppointment(db, caller, id);
      return toAppointment(row, party);
    },

    list(caller: AuthUser, query: z.output<typeof appointmentListQuery>) {
      // One India day: [00:00, 24:00) at +05:30.
      const dayStart = query.date ? new Date(`${query.date}T00:00:00+05:30`) : undefined;
      const where = and(
        query.status && query.status.length > 0 ? inArray(appointments.status, query.status) : undefined,
        dayStart ? gte(appointments.scheduledAt, dayStart) : undefined,
        dayStart ? lt(appointments.scheduledAt, new Date(dayStart.getTime() + 86_400_000)) : undefined,
      );
      return listAppointments(db, caller, where, query.page, query.limit, [
        asc(appointments.scheduledAt),
        asc(appointments.id),
      ]);
    },

    search(caller: AuthUser, body: z.output<typeof appointmentSearchBody>) {
      const text = body.searchQuery ? `%${body.searchQuery.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        body.status?.length ? inArray(appointments.status, body.status) : undefined,
        body.mode?.length ? inArray(appointments.mode, body.mode) : undefined,
        body.patientId ? eq(appointments.patientId, body.patientId) : undefined,
        body.doctorId ? eq(appointments.doctorId, body.doctorId) : undefined,
        body.hospitalId ? eq(appointments.hospitalId, body.hospitalId) : undefined,
        body.from ? gte(appointments.scheduledAt, new Date(body.from)) : undefined,
        body.to ? lte(appointments.scheduledAt, new Date(body.to)) : undefined,
        text
          ? or(
              ilike(appointments.reason, text),
              ilike(patientName, text),
              ilike(doctors.name, text),
              ilike(hospitals.name, text),
            )
          : undefined,
      );
      const column = appointments[body.sortBy];
      const order =
        body.sortOrder === 'desc' ? [desc(column), desc(appointments.id)] : [asc(column), asc(appointments.id)];
      return listAppointments(db, caller, where, body.page, body.limit, order, Boolean(text));
    },

    decide(caller: AuthUser, id: string, decision: 'ACCEPT' | 'REJECT', reason?: string) {
      return transition(caller, id, decision, () => ({ statusReason: reason ?? null }));
    },

    confirm(caller: AuthUser, id: string, note?: string) {
      return transition(caller, id, 'CONFIRM', () => ({ statusReason: note ?? null }));
    },

    cancel(caller: AuthUser, id: string, reason: string) {
      return transition(caller, id, 'CANCEL', () => ({
        statusReason: reason,
        proposedAt: null,
        proposedDurationMinutes: null,
      }));
    },

    async proposeReschedule(
      caller: AuthUser,
      id: string,
      input: { scheduledAt: string; durationMinutes?: number; reason?: string },
    ) {
      const { row: current } = await reachAppointment(db, caller, id);
      const start = new Date(input.scheduledAt);
      const minutes = input.durationMinutes ?? current.durationMinutes;
      if (start.getTime() === current.scheduledAt.getTime() && minutes === current.durationMinutes) {
        throw invalid('Propose a time that differs from the current one.');
      }
      if (current.doctorId) await assertSlotFree(current.doctorId, start, appointmentEnd(start, minutes), id);
      return transition(caller, id, 'PROPOSE_RESCHEDULE', () => ({
        proposedAt: start,
        proposedDurationMinutes: minutes,
        statusReason: input.reason ?? null,
      }));
    },

    respondToReschedule(caller: AuthUser, id: string, decision: 'ACCEPT' | 'DECLINE', reason?: string) {
      if (decision === 'DECLINE') {
        return transition(caller, id, 'DECLINE_RESCHEDULE', () => ({
          proposedAt: null,
          proposedDurationMinutes: null,
          statusReason: reason ?? null,
        }));
      }
      return transition(caller, id, 'ACCEPT_RESCHEDULE', (row) => {
        const start = row.proposedAt ?? row.scheduledAt;
        const minutes = row.proposedDurationMinutes ?? row.durationMinutes;
        if (start.getTime() <= Date.now()) {
          throw conflict('The proposed time has already passed. Ask for another time in the conversation.', {
            status: row.status,
          });
        }
        return {
          scheduledAt: start,
          durationMinutes: minutes,
          endsAt: appointmentEnd(start, minutes),
          proposedAt: null,
          proposedDurationMinutes: null,
          statusReason: reason ?? null,
        };
      });
    },

    recordOutcome(caller: AuthUser, id: string, outcome: 'COMPLETED' | 'NO_SHOW', note?: string) {
      return transition(caller, id, outcome === 'COMPLETED' ? 'COMPLETE' : 'MARK_NO_SHOW', () => ({
        statusReason: note ?? null,
      }));
    },

    async remove(caller: AuthUser, id: string) {
      await transition(caller, id, 'DELETE', () => ({ deletedAt: new Date() }));
    },
  };
}

export type AppointmentsService = ReturnType<typeof appointmentsService>;
