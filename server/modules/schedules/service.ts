import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppointmentMode } from '../../../domain/enums.ts';
import { SLOT_HOLDING_STATUSES } from '../../../domain/rules/appointments.ts';
import {
  NEXT_SLOTS_HORIZON_DAYS,
  NEXT_SLOTS_NAMED,
  addDays,
  hasSchedule,
  openSlots,
  scheduledSlotAt,
  slotsOn,
  type PlaceSchedule,
  type Slot,
} from '../../../domain/rules/schedules.ts';
import { isoToIndiaDateTime, todayInIndia } from '../../../domain/rules/time.ts';
import type {
  DoctorSchedule,
  HospitalSlotList,
  OpenSlot,
  SlotList,
  scheduleBody,
  slotsQuery,
} from '../../../domain/schemas/schedules.ts';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  doctorSchedules,
  doctors,
  hospitals,
  waitlistFreedSlots,
  waitlistOffers,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { listedInDirectory } from '../../platform/search.ts';
import type { PlaceRow } from './bookingReads.ts';
import { SCHEDULE_TEXTS, outsideScheduleMessage } from './messages.ts';

type DoctorRow = { id: string; name: string; hospitalId: string | null; hospitalName: string | null; listed: boolean };
type ScheduleRow = typeof doctorSchedules.$inferSelect;

const asPlace = (row: PlaceRow): PlaceSchedule => ({
  hospitalId: row.hospitalId,
  sessions: row.sessions,
  leave: row.leave,
  changes: row.changes,
});

/** The doctor's schedules at the places the doctor practises now (a hospital left behind gives none). */
const currentPlaces = <R extends Pick<ScheduleRow, 'hospitalId'>>(
  doctor: Pick<DoctorRow, 'hospitalId'>,
  rows: readonly R[],
) => rows.filter((row) => row.hospitalId === null || row.hospitalId === doctor.hospitalId);

const DAY_MS = 86_400_000;

/** What the schedules use cases need. */
export type SchedulesDeps = {
  db: Db;
  /** Told of a saved schedule (the waitlist offers slots it opened, such as cancelled leave). */
  onScheduleSaved?: (doctorId: string) => Promise<void>;
};

export function schedulesService({ db, onScheduleSaved }: SchedulesDeps) {
  async function findDoctor(doctorId: string): Promise<DoctorRow | undefined> {
    const [row] = await db
      .select({
        id: doctors.id,
        name: doctors.name,
        hospitalId: doctors.hospitalId,
        hospitalName: hospitals.name,
        listed: sql<boolean>`${listedInDirectory(doctors)}`,
      })
      .from(doctors)
      .leftJoin(hospitals, eq(hospitals.id, doctors.hospitalId))
      .where(eq(doctors.id, doctorId));
    return row;
  }

  const schedulesOf = (doctorIds: readonly string[]) =>
    doctorIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(doctorSchedules)
          .where(inArray(doctorSchedules.doctorId, [...doctorIds]));

  /** Slot-holding appointments of these doctors overlapping [from, to), and the slots held for waitlist offers. */
  async function busyPeriods(doctorIds: readonly string[], from: Date, to: Date) {
    if (doctorIds.length === 0) return [];
    const [booked, held] = await Promise.all([
      db
        .select({ doctorId: appointments.doctorId, start: appointments.scheduledAt, end: appointments.endsAt })
        .from(appointments)
        .where(
          and(
            inArray(appointments.doctorId, [...doctorIds]),
            isNull(appointments.deletedAt),
            inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
            lt(appointments.scheduledAt, to),
            gt(appointments.endsAt, from),
          ),
        ),
      db
        .select({
          doctorId: waitlistFreedSlots.doctorId,
          start: waitlistFreedSlots.startsAt,
          end: waitlistFreedSlots.endsAt,
        })
        .from(waitlistFreedSlots)
        .where(
          and(
            inArray(waitlistFreedSlots.doctorId, [...doctorIds]),
            eq(waitlistFreedSlots.state, 'OFFERED'),
            lt(waitlistFreedSlots.startsAt, to),
            gt(waitlistFreedSlots.endsAt, from),
          ),
        ),
    ]);
    return [...booked, ...held];
  }

  /** The scheduled slot of a doctor that starts at `start` (at `hospitalId`), in any mode; null when none. */
  async function slotStartingAt(doctorId: string, start: Date, hospitalId: string | null) {
    const doctor = await findDoctor(doctorId);
    if (!doctor) return null;
    const schedules = currentPlaces(doctor, await schedulesOf([doctorId])).map(asPlace);
    const { date } = isoToIndiaDateTime(start.toISOString());
    for (const place of schedules) {
      if (place.hospitalId !== hospitalId) continue;
      const slot = slotsOn(place, date).find((s) => s.start === start.toISOString());
      if (slot) return slot;
    }
    return null;
  }

  /** The doctor, the doctor's own hospital, an admin: who keeps (or reads) a doctor's schedule. */
  function keeperSide(caller: AuthUser, doctor: DoctorRow): 'DOCTOR' | 'HOSPITAL' | 'ADMIN' | null {
    if (caller.role === 'ADMIN') return 'ADMIN';
    if (caller.role === 'DOCTOR' && caller.referenceId === doctor.id) return 'DOCTOR';
    if (caller.role === 'HOSPITAL' && caller.referenceId !== null && caller.referenceId === doctor.hospitalId) {
      return 'HOSPITAL';
    }
    return null;
  }

  /** Listed doctors are everyone's to book; an unlisted one only its keepers see. */
  async function reachableDoctor(caller: AuthUser, doctorId: string) {
    const doctor = await findDoctor(doctorId);
    if (!doctor || (!doctor.listed && !keeperSide(caller, doctor))) throw notFound(SCHEDULE_TEXTS.noSuchDoctor);
    return doctor;
  }

  function range(query: z.output<typeof slotsQuery>) {
    const from = query.from ?? todayInIndia();
    const to = addDays(from, query.days);
    return {
      from,
      to,
      start: new Date(`${from}T00:00:00+05:30`),
      end: new Date(`${to}T00:00:00+05:30`),
    };
  }

  const withDoctor =
    (doctorId: string) =>
    (slot: Slot): OpenSlot => ({ ...slot, doctorId });

  async function scheduleView(caller: AuthUser, doctor: DoctorRow): Promise<DoctorSchedule> {
    const side = keeperSide(caller, doctor);
    if (!side) throw notFound(SCHEDULE_TEXTS.noSuchDoctor);
    const rows = currentPlaces(doctor, await schedulesOf([doctor.id]));
    const places: Array<{ hospitalId: string | null; placeName: string }> = [];
    if (side !== 'HOSPITAL') places.push({ hospitalId: null, placeName: 'Own clinic' });
    if (doctor.hospitalId) places.push({ hospitalId: doctor.hospitalId, placeName: doctor.hospitalName ?? 'Hospital' });
    return {
      doctorId: doctor.id,
      doctorName: doctor.name,
      places: places.map((place) => {
        const row = rows.find((r) => r.hospitalId === place.hospitalId);
        return {
          ...place,
          sessions: row?.sessions ?? [],
          leave: row?.leave ?? [],
          changes: row?.changes ?? [],
          updatedAt: row?.updatedAt.toISOString() ?? null,
          editable: side !== 'ADMIN',
        };
      }),
    };
  }

  return {
    /** The modes of the scheduled slot starting then (null: none starts then). */
    async modesAt(doctorId: string, start: Date, hospitalId: string | null) {
      return (await slotStartingAt(doctorId, start, hospitalId))?.modes ?? null;
    },

    /** The length of the scheduled slot starting then (null: none starts then). */
    async slotMinutesAt(doctorId: string, start: Date, hospitalId: string | null) {
      return (await slotStartingAt(doctorId, start, hospitalId))?.slotMinutes ?? null;
    },

    /** The doctor's open slots over the next `days` (no caller: for the waitlist's offers). */
    async openSlotsOf(doctorId: string, days: number): Promise<OpenSlot[]> {
      const doctor = await findDoctor(doctorId);
      if (!doctor) return [];
      const now = new Date();
      const from = todayInIndia(now);
      const [rows, busy] = await Promise.all([
        schedulesOf([doctorId]),
        busyPeriods([doctorId], now, new Date(now.getTime() + (days + 1) * DAY_MS)),
      ]);
      const schedules = currentPlaces(doctor, rows).map(asPlace);
      return openSlots({ schedules, from, days, busy, now }).map(withDoctor(doctorId));
    },

    /** The waitlist offer holding some of this time, if any: only its patient may book it, through the offer. */
    async heldOffer(doctorId: string, start: Date, end: Date) {
      const [held] = await db
        .select({
          offerId: waitlistOffers.id,
          patientId: sql<string>`(select patient_id from waitlist_entries where id = ${waitlistOffers.entryId})`,
        })
        .from(waitlistOffers)
        .innerJoin(waitlistFreedSlots, eq(waitlistFreedSlots.id, waitlistOffers.slotId))
        .where(
          and(
            eq(waitlistOffers.status, 'HELD'),
            eq(waitlistFreedSlots.doctorId, doctorId),
            lt(waitlistFreedSlots.startsAt, end),
            gt(waitlistFreedSlots.endsAt, start),
          ),
        )
        .limit(1);
      return held ?? null;
    },

    async schedule(caller: AuthUser, doctorId: string): Promise<DoctorSchedule> {
      const doctor = await findDoctor(doctorId);
      if (!doctor) throw notFound(SCHEDULE_TEXTS.noSuchDoctor);
      return scheduleView(caller, doctor);
    },

    async saveSchedule(
      caller: AuthUser,
      doctorId: string,
      body: z.output<typeof scheduleBody>,
    ): Promise<DoctorSchedule> {
      const doctor = await findDoctor(doctorId);
      const side = doctor ? keeperSide(caller, doctor) : null;
      if (!doctor || !side || side === 'ADMIN') throw notFound(SCHEDULE_TEXTS.noSuchDoctor);
      if (side === 'HOSPITAL' && body.hospitalId !== caller.referenceId) {
        throw invalid(SCHEDULE_TEXTS.hospitalPlaceOnly, {
          issues: [{ path: 'body.hospitalId', message: SCHEDULE_TEXTS.hospitalPlaceOnly }],
        });
      }
      if (body.hospitalId !== null && body.hospitalId !== doctor.hospitalId) {
        const message = SCHEDULE_TEXTS.notTheirHospital(doctor.name);
        throw invalid(message, { issues: [{ path: 'body.hospitalId', message }] });
      }
      const values = {
        sessions: body.sessions,
        leave: body.leave.map((l) => ({ from: l.from, to: l.to, note: l.note ?? null })),
        changes: [...body.changes]
          .sort((a, b) => a.date.localeCompare(b.date))
          .map((c) => ({ date: c.date, sessions: c.sessions, note: c.note ?? null })),
        updatedBy: caller.id,
        updatedAt: new Date(),
      };
      await db
        .insert(doctorSchedules)
        .values({ doctorId, hospitalId: body.hospitalId, ...values })
        .onConflictDoUpdate({ target: [doctorSchedules.doctorId, doctorSchedules.hospitalId], set: values });
      await onScheduleSaved?.(doctorId);
      return scheduleView(caller, doctor);
    },

    async doctorSlots(caller: AuthUser, doctorId: string, query: z.output<typeof slotsQuery>): Promise<SlotList> {
      const doctor = await reachableDoctor(caller, doctorId);
      const { from, to, start, end } = range(query);
      const [rows, busy] = await Promise.all([schedulesOf([doctorId]), busyPeriods([doctorId], start, end)]);
      const schedules = currentPlaces(doctor, rows).map(asPlace);
      const slots = openSlots({ schedules, from, days: query.days, busy, now: new Date(), mode: query.mode });
      return { from, to, hasSchedule: hasSchedule(schedules), slots: slots.map(withDoctor(doctorId)) };
    },

    async hospitalSlots(
      caller: AuthUser,
      hospitalId: string,
      query: z.output<typeof slotsQuery>,
    ): Promise<HospitalSlotList> {
      const own = (caller.role === 'HOSPITAL' && caller.referenceId === hospitalId) || caller.role === 'ADMIN';
      const [hospital] = await db
        .select({ id: hospitals.id, listed: sql<boolean>`${listedInDirectory(hospitals)}` })
        .from(hospitals)
        .where(eq(hospitals.id, hospitalId));
      if (!hospital || (!hospital.listed && !own)) throw notFound(SCHEDULE_TEXTS.noSuchHospital);
      const team = await db
        .select({ id: doctors.id, name: doctors.name })
        .from(doctors)
        .where(and(eq(doctors.hospitalId, hospitalId), own ? undefined : listedInDirectory(doctors)))
        .orderBy(doctors.name);
      const ids = team.map((d) => d.id);
      const { from, to, start, end } = range(query);
      const [rows, busy] = await Promise.all([schedulesOf(ids), busyPeriods(ids, start, end)]);
      const now = new Date();
      const slots: OpenSlot[] = [];
      const listed = team.map((doctor) => {
        const schedules = rows.filter((r) => r.doctorId === doctor.id && r.hospitalId === hospitalId).map(asPlace);
        slots.push(
          ...openSlots({
            schedules,
            from,
            days: query.days,
            busy: busy.filter((b) => b.doctorId === doctor.id),
            now,
            mode: query.mode,
          }).map(withDoctor(doctor.id)),
        );
        return { id: doctor.id, name: doctor.name, hasSchedule: hasSchedule(schedules) };
      });
      slots.sort((a, b) => a.start.localeCompare(b.start) || a.doctorId.localeCompare(b.doctorId));
      return { from, to, doctors: listed, slots };
    },

    /**
     * The booking rule (domain/rules/schedules.ts) for a booking with a doctor: null when the doctor has
     * no schedule (any future time, as before); the slot it takes when the schedule gives one; otherwise
     * a 409 naming the next open slots. Whether the slot is free is left to the no-double-booking constraint.
     */
    async slotForBooking(
      doctor: { id: string; name: string; hospitalId: string | null },
      start: Date,
      mode: AppointmentMode,
      hospitalId: string | undefined,
      /** The doctor's schedule rows when already read (placeRowsOf): no query for them then. */
      known?: readonly PlaceRow[],
    ): Promise<Slot | null> {
      const schedules = currentPlaces(doctor, known ?? (await schedulesOf([doctor.id]))).map(asPlace);
      if (!hasSchedule(schedules)) return null;
      const slot = scheduledSlotAt(schedules, start, mode, hospitalId);
      if (slot) return slot;
      const now = new Date();
      const from = todayInIndia(now);
      const busy = await busyPeriods(
        [doctor.id],
        now,
        new Date(now.getTime() + (NEXT_SLOTS_HORIZON_DAYS + 1) * DAY_MS),
      );
      const next = openSlots({
        schedules,
        from,
        days: NEXT_SLOTS_HORIZON_DAYS,
        busy,
        now,
        mode,
        ...(hospitalId === undefined ? {} : { hospitalId }),
      }).slice(0, NEXT_SLOTS_NAMED);
      throw conflict(outsideScheduleMessage(doctor.name, next), {
        reason: 'OUTSIDE_SCHEDULE',
        nextSlots: next.map(withDoctor(doctor.id)),
      });
    },
  };
}

export type SchedulesService = ReturnType<typeof schedulesService>;
