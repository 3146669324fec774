import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { appointmentEnd } from '../../../domain/rules/appointments.ts';
import type { bookAppointmentBody } from '../../../domain/schemas/appointments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointmentMessages, appointments, doctors, hospitals, patients } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { listedInDirectory } from '../../platform/search.ts';
import { preparedOnce } from '../../platform/unitOfWork.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import {
  HELD_TIMES_SPAN_MS,
  heldAmong,
  heldTimesFrom,
  placeRowsOf,
  type SchedulesService,
} from '../schedules/index.ts';
import { announce, eventLineOf, type AnnounceDeps } from './messages.ts';
import { patientName, toAppointment, toMessage, type AppointmentView } from './queries.ts';

/** Booking: the patient's request for a doctor's or a hospital's time (and the waitlist's accepted offers). */

const HELD = 'That time is being offered to a patient on the waitlist for a few minutes. Choose another time.';
const HELD_FOR_YOU = 'That time is held for you from the waitlist: accept it under Appointments → On the waitlist.';
const BOOKED_FROM_WAITLIST = 'Booked from the waitlist.';

/** The doctor's own hospital, beside the hospital the booking names. */
const doctorHospitals = alias(hospitals, 'doctor_hospital');

const SLOT_TAKEN = 'That time is already taken with this doctor. Choose another time.';

/** PostgreSQL's exclusion_violation: the doctor already holds an overlapping appointment. */
export function isSlotTaken(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23P01';
}

/**
 * Serialises the changes that take a doctor's time, inside the transaction. The exclusion constraint
 * alone is enough for correctness, but concurrent inserts into one slot can deadlock on it
 * (PostgreSQL aborts one after a second); queueing them per doctor first makes the loser a clean 409.
 */
export async function lockDoctorSlots(tx: Tx, doctorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK_SPACE}, hashtext(${doctorId}::text))`);
}
const SLOT_LOCK_SPACE = sql`hashtext('caremesh.doctor-slots')`;

/** `value`, once the doctor's slots are locked (lockDoctorSlots, inside the statement that needs it). */
function afterSlotLock(doctorId: string | SQL, value: string) {
  return sql`(select ${value} from pg_advisory_xact_lock(${SLOT_LOCK_SPACE}, hashtext(${doctorId}::text)))`;
}

const LOOKUP = 'booking_lookup';
const param = (name: string, type: 'uuid' | 'timestamptz') => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * Everyone a booking involves in one round trip, with the doctor's schedule and the waitlist's holds
 * on the doctor's time from the start on; only doctors and hospitals the directory shows can be
 * booked. A prepared statement: its parameters are `patientId`, `doctorId`, `hospitalId`, `start`, `today`.
 */
function lookupOf(db: Db) {
  const today = sql.placeholder('today');
  return db
    .select({
      patientId: patients.id,
      patientName,
      doctorId: sql<string | null>`case when ${listedInDirectory(doctors, today)} then ${doctors.id} end`,
      doctorName: doctors.name,
      doctorHospitalId: doctors.hospitalId,
      doctorHospitalName: doctorHospitals.name,
      hospitalId: sql<string | null>`case when ${listedInDirectory(hospitals, today)} then ${hospitals.id} end`,
      hospitalName: hospitals.name,
      schedules: placeRowsOf(param('doctorId', 'uuid')),
      held: heldTimesFrom(param('doctorId', 'uuid'), sql`${sql.placeholder('start')}`),
    })
    .from(patients)
    .leftJoin(doctors, eq(doctors.id, param('doctorId', 'uuid')))
    .leftJoin(doctorHospitals, eq(doctorHospitals.id, doctors.hospitalId))
    .leftJoin(hospitals, eq(hospitals.id, param('hospitalId', 'uuid')))
    .where(and(eq(patients.id, sql.placeholder('patientId')), isNull(patients.deletedAt)));
}

const INSERT = 'booking_insert';
const INSERT_WITH_DOCTOR = 'booking_insert_with_doctor';

/**
 * The appointment and its first conversation line in one statement; with a doctor, the doctor's
 * slots are locked before the row is written (the lock is taken while the row's values are
 * computed). A time the doctor already holds writes nothing and returns no row (the no-double-booking
 * constraint decides, without an error that would spoil a surrounding transaction). A prepared
 * statement: its parameters are the line's (`lineId`, `authorRole`, `authorUserId`, `authorName`,
 * `body`) and the appointment's columns.
 */
function insertOf(executor: Db | Tx, withDoctor: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const booked = executor.$with('booked').as(
    executor
      .insert(appointments)
      .values({
        id: p('appointmentId'),
        patientId: p('patientId'),
        doctorId: p('doctorId'),
        hospitalId: p('hospitalId'),
        scheduledAt: p('scheduledAt'),
        durationMinutes: p('durationMinutes'),
        endsAt: p('endsAt'),
        mode: p('mode'),
        reason: p('reason'),
        status: p('status'),
        statusReason: p('statusReason'),
        lastActor: withDoctor ? afterSlotLock(sql`${p('doctorId')}`, 'PATIENT') : 'PATIENT',
        createdBy: p('createdBy'),
      })
      .onConflictDoNothing()
      // Everything else is what was written: only the database's clock comes back.
      .returning({ id: appointments.id, createdAt: appointments.createdAt, updatedAt: appointments.updatedAt }),
  );
  const line = executor
    .$with('event_line', {})
    .as(
      sql`insert into ${appointmentMessages} (id, appointment_id, kind, author_role, author_user_id, author_name, body) select ${p('lineId')}::uuid, ${booked.id}, 'EVENT', ${p('authorRole')}::text, ${p('authorUserId')}::uuid, ${p('authorName')}::text, ${p('body')}::text from ${booked}`,
    );
  return executor.with(booked, line).select({ createdAt: booked.createdAt, updatedAt: booked.updatedAt }).from(booked);
}

export type BookingDeps = AnnounceDeps & {
  db: Db;
  schedules: Pick<SchedulesService, 'slotForBooking' | 'heldOffer'>;
};

export function bookingUseCases(deps: BookingDeps) {
  const { db } = deps;
  /** Prepared on the pool on first use; inside a unit of work, sent over its transaction's connection. */
  const lookup = preparedOnce(() => lookupOf(db).prepare(LOOKUP));
  const insert = preparedOnce(() => insertOf(db, false).prepare(INSERT));
  const insertWithDoctor = preparedOnce(() => insertOf(db, true).prepare(INSERT_WITH_DOCTOR));

  /**
   * The appointment and its first conversation line in one statement (insertOf); null when the
   * doctor already holds that time. Alone, the statement is its own transaction; inside a unit of
   * work, a taken slot writes nothing and raises no error, so that transaction stays usable for the
   * 409 it keeps.
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
    status: 'PENDING' | 'ACCEPTED',
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
      status,
      proposedAt: null,
      proposedDurationMinutes: null,
      statusReason: status === 'ACCEPTED' ? BOOKED_FROM_WAITLIST : null,
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
    const values = {
      lineId: line.id,
      appointmentId: row.id,
      authorRole: line.authorRole,
      authorUserId: line.authorUserId,
      authorName: line.authorName,
      body: line.body,
      patientId: row.patientId,
      doctorId: row.doctorId,
      hospitalId: row.hospitalId,
      scheduledAt: start,
      durationMinutes: row.durationMinutes,
      endsAt: end,
      mode: row.mode,
      reason: row.reason,
      status,
      statusReason: row.statusReason,
      createdBy: caller.id,
    };
    const [inserted] = await (row.doctorId !== null ? insertWithDoctor() : insert()).execute(values);
    // The doctor already holds that time.
    if (!inserted) return null;
    const booked = { ...row, ...inserted };
    // Written in the same statement, so at the same transaction time as the appointment.
    return { row: booked, message: toMessage({ ...line, createdAt: booked.createdAt }) };
  }

  return {
    async book(
      caller: AuthUser,
      input: z.output<typeof bookAppointmentBody>,
      options: { fromWaitlistOffer?: string } = {},
    ) {
      if (!caller.referenceId) {
        throw invalid('Create your patient profile before booking (My Profile → Create profile).', {
          reason: 'PROFILE_REQUIRED',
        });
      }
      const start = new Date(input.scheduledAt);
      const lookupValues = {
        patientId: caller.referenceId,
        doctorId: input.doctorId ?? null,
        hospitalId: input.hospitalId ?? null,
        start: start.toISOString(),
        today: todayInIndia(),
      };
      const [found] = await lookup().execute(lookupValues);
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
      // A doctor with a schedule takes only its slots (domain/rules/schedules.ts), for the slot's length, at its place.
      const slot = found.doctorId
        ? await deps.schedules.slotForBooking(
            { id: found.doctorId, name: found.doctorName ?? 'The doctor', hospitalId: found.doctorHospitalId },
            start,
            input.mode,
            input.hospitalId,
            found.schedules ?? [],
          )
        : null;
      const booking = slot ? { ...input, durationMinutes: slot.slotMinutes } : input;
      const at =
        slot?.hospitalId && !found.hospitalId
          ? { ...found, hospitalId: slot.hospitalId, hospitalName: found.doctorHospitalName }
          : found;
      const end = appointmentEnd(start, booking.durationMinutes);
      if (found.doctorId) {
        // A time held for a patient on the waitlist is theirs alone until the offer ends.
        const hold =
          end.getTime() - start.getTime() <= HELD_TIMES_SPAN_MS
            ? heldAmong(found.held, start, end, options.fromWaitlistOffer)
            : await deps.schedules.heldOffer(found.doctorId, start, end);
        if (hold && hold.offerId !== options.fromWaitlistOffer) {
          throw conflict(hold.patientId === found.patientId ? HELD_FOR_YOU : HELD, { reason: 'SLOT_HELD' });
        }
      }
      const status = options.fromWaitlistOffer ? 'ACCEPTED' : 'PENDING';
      const created = await insertBooking(caller, at, booking, start, end, status).catch((error: unknown) => {
        if (isSlotTaken(error)) throw conflict(SLOT_TAKEN, { reason: 'SLOT_TAKEN' });
        throw error;
      });
      if (!created) throw conflict(SLOT_TAKEN, { reason: 'SLOT_TAKEN' });
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
  };
}
