import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPOINTMENT_WORKFLOW,
  SLOT_HOLDING_STATUSES,
  appointmentEnd,
  type AppointmentAction,
} from '../../../domain/rules/appointments.ts';
import type {
  appointmentListQuery,
  appointmentSearchBody,
  bookAppointmentBody,
} from '../../../domain/schemas/appointments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointmentMessages, appointments, doctors, hospitals, patients } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { listedInDirectory } from '../../platform/search.ts';
import { runTransition } from '../../platform/workflow.ts';
import { insideUnit } from '../../platform/unitOfWork.ts';
import type { SchedulesService } from '../schedules/index.ts';
import { conversationUseCases } from './conversation.ts';
import { documentSharingUseCases } from './documents.ts';
import { actorOf, addEventLine, announce, eventLineOf, nameOf, type AnnounceDeps } from './messages.ts';
import {
  listAppointments,
  loadAppointment,
  partyOf,
  patientName,
  reachAppointment,
  toAppointment,
  toMessage,
  type AppointmentView,
} from './queries.ts';

const SLOT_TAKEN = 'That time is already taken with this doctor. Choose another time.';

/** PostgreSQL's exclusion_violation: the doctor already holds an overlapping appointment. */
function isSlotTaken(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23P01';
}

/**
 * Serialises the changes that take a doctor's time, inside the transaction. The exclusion constraint
 * alone is enough for correctness, but concurrent inserts into one slot can deadlock on it
 * (PostgreSQL aborts one after a second); queueing them per doctor first makes the loser a clean 409.
 */
async function lockDoctorSlots(tx: Tx, doctorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK_SPACE}, hashtext(${doctorId}::text))`);
}
const SLOT_LOCK_SPACE = sql`hashtext('caremesh.doctor-slots')`;

/** `value`, once the doctor's slots are locked (lockDoctorSlots, inside the statement that needs it). */
function afterSlotLock(doctorId: string, value: string) {
  return sql`(select ${value} from pg_advisory_xact_lock(${SLOT_LOCK_SPACE}, hashtext(${doctorId}::text)))`;
}

/** What the appointment use cases need. */
export type AppointmentsDeps = AnnounceDeps & { db: Db; schedules: Pick<SchedulesService, 'slotForBooking'> };

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
      announce: (done, previous, side) =>
        announce(
          deps,
          action,
          done.next,
          done.message,
          { userId: caller.id, name: done.actorName, side },
          previous.scheduledAt,
        ),
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

  /**
   * The appointment and its first conversation line in one statement, the doctor's slots locked
   * before the row is written (the lock is taken while the row's values are computed). Alone, the
   * statement is its own transaction; inside a unit of work, a savepoint keeps that transaction usable
   * when the slot is taken (409).
   */
  async function insertBooking(
    caller: AuthUser,
    found: {
      patientId: string;
      patientName: string;
      doctorId: string | null;
      doctorName: string | null;
      hospitalId: string | null;
      hospitalName: string | null;
    },
    input: z.output<typeof bookAppointmentBody>,
    start: Date,
    end: Date,
  ) {
    const now = new Date();
    const row: AppointmentView = {
      id: randomUUID(),
      patientId: found.patientId,
      doctorId: found.doctorId,
      hospitalId: found.hospitalId,
      scheduledAt: start,
      durationMinutes: input.durationMinutes,
      endsAt: end,
      mode: input.mode,
      reason: input.reason,
      status: 'PENDING',
      proposedAt: null,
      proposedDurationMinutes: null,
      statusReason: null,
      lastActor: 'PATIENT',
      createdBy: caller.id,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
      patientName: found.patientName,
      doctorName: found.doctorName,
      hospitalName: found.hospitalName,
    };
    const line = {
      id: randomUUID(),
      ...eventLineOf(row, 'BOOK', { userId: caller.id, role: 'PATIENT', name: row.patientName }),
    };
    const write = async (executor: Db | Tx) => {
      const withLine = executor.$with('event_line', {}).as(executor.insert(appointmentMessages).values(line).getSQL());
      const [inserted] = await executor
        .with(withLine)
        .insert(appointments)
        .values({
          id: row.id,
          patientId: row.patientId,
          doctorId: row.doctorId,
          hospitalId: row.hospitalId,
          scheduledAt: start,
          durationMinutes: row.durationMinutes,
          endsAt: end,
          mode: row.mode,
          reason: row.reason,
          status: 'PENDING',
          lastActor: row.doctorId ? afterSlotLock(row.doctorId, 'PATIENT') : 'PATIENT',
          createdBy: caller.id,
        })
        .returning();
      const booked = { ...row, ...inserted! };
      // Written in the same statement, so at the same transaction time as the appointment.
      return { row: booked, message: toMessage({ ...line, createdAt: booked.createdAt }) };
    };
    return insideUnit() ? db.transaction((tx) => write(tx)) : write(db);
  }

  return {
    ...conversationUseCases(deps),
    ...documentSharingUseCases(deps),

    async book(caller: AuthUser, input: z.output<typeof bookAppointmentBody>) {
      if (!caller.referenceId) {
        throw invalid('Create your patient profile before booking (My Profile → Create profile).', {
          reason: 'PROFILE_REQUIRED',
        });
      }
      // One round trip for everyone involved; only doctors and hospitals the directory shows can be booked.
      const [found] = await db
        .select({
          patientId: patients.id,
          patientName,
          doctorId: sql<
            string | null
          >`(select ${doctors.id} from ${doctors} where ${doctors.id} = ${input.doctorId ?? null}::uuid and ${listedInDirectory(doctors)})`,
          doctorName: sql<
            string | null
          >`(select ${doctors.name} from ${doctors} where ${doctors.id} = ${input.doctorId ?? null}::uuid)`,
          doctorHospitalId: sql<
            string | null
          >`(select ${doctors.hospitalId} from ${doctors} where ${doctors.id} = ${input.doctorId ?? null}::uuid)`,
          doctorHospitalName: sql<
            string | null
          >`(select ${hospitals.name} from ${hospitals} where ${hospitals.id} = (select ${doctors.hospitalId} from ${doctors} where ${doctors.id} = ${input.doctorId ?? null}::uuid))`,
          hospitalId: sql<
            string | null
          >`(select ${hospitals.id} from ${hospitals} where ${hospitals.id} = ${input.hospitalId ?? null}::uuid and ${listedInDirectory(hospitals)})`,
          hospitalName: sql<
            string | null
          >`(select ${hospitals.name} from ${hospitals} where ${hospitals.id} = ${input.hospitalId ?? null}::uuid)`,
        })
        .from(patients)
        .where(and(eq(patients.id, caller.referenceId), isNull(patients.deletedAt)));
      if (!found) {
        throw invalid('Create your patient profile before booking (My Profile → Create profile).', {
          reason: 'PROFILE_REQUIRED',
        });
      }
      if (input.doctorId && !found.doctorId) throw notFound('There is no such doctor taking appointments.');
      if (input.hospitalId && !found.hospitalId) throw notFound('There is no such hospital taking appointments.');
      if (found.doctorId && found.hospitalId && found.doctorHospitalId !== found.hospitalId) {
        throw invalid(`${found.doctorName} does not practise at this hospital.`, {
          issues: [{ path: 'body.hospitalId', message: `${found.doctorName} does not practise at this hospital` }],
        });
      }
      const start = new Date(input.scheduledAt);
      // A doctor with a schedule takes only its slots (domain/rules/schedules.ts), for the slot's length, at its place.
      const slot = found.doctorId
        ? await deps.schedules.slotForBooking(
            { id: found.doctorId, name: found.doctorName ?? 'The doctor', hospitalId: found.doctorHospitalId },
            start,
            input.mode,
            input.hospitalId,
          )
        : null;
      const booking = slot ? { ...input, durationMinutes: slot.slotMinutes } : input;
      const at =
        slot?.hospitalId && !found.hospitalId
          ? { ...found, hospitalId: slot.hospitalId, hospitalName: found.doctorHospitalName }
          : found;
      const end = appointmentEnd(start, booking.durationMinutes);
      const created = await insertBooking(caller, at, booking, start, end).catch((error: unknown) => {
        if (isSlotTaken(error)) throw conflict(SLOT_TAKEN, { reason: 'SLOT_TAKEN' });
        throw error;
      });
      await announce(
        deps,
        'BOOK',
        created.row,
        created.message,
        { userId: caller.id, name: created.row.patientName, side: 'PATIENT' },
        start,
      );
      return toAppointment(created.row, 'PATIENT');
    },

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
