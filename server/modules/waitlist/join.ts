import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { SLOT_HOLDING_STATUSES } from '../../../domain/rules/appointments.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { MAX_LIVE_ENTRIES_PER_PATIENT } from '../../../domain/rules/waitlist.ts';
import type { joinWaitlistBody } from '../../../domain/schemas/waitlist.ts';
import { appointments, doctors, hospitals, patients, waitlistEntries } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { listedInDirectory } from '../../platform/search.ts';
import { WAITLIST_TEXTS } from './messages.ts';
import type { WaitlistDeps } from './service.ts';
import type { Shared } from './shared.ts';

const LIVE = ['ACTIVE', 'NOTIFIED'] as const;

/** A patient joins a doctor's (or a hospital's) waitlist; a freed slot nobody took may go to them at once. */
export function joinUseCase(deps: WaitlistDeps, { view, nextPosition }: Shared) {
  const { db, engine } = deps;
  return {
    async join(caller: AuthUser, input: z.output<typeof joinWaitlistBody>) {
      if (!caller.referenceId) throw invalid(WAITLIST_TEXTS.profileRequired, { reason: 'PROFILE_REQUIRED' });
      const patientId = caller.referenceId;
      if (input.preferredTo < todayInIndia()) {
        throw invalid(WAITLIST_TEXTS.datesPassed, {
          issues: [{ path: 'body.preferredTo', message: WAITLIST_TEXTS.datesPassed }],
        });
      }
      const [patient] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.id, patientId), isNull(patients.deletedAt)));
      if (!patient) throw invalid(WAITLIST_TEXTS.profileRequired, { reason: 'PROFILE_REQUIRED' });
      if (input.doctorId) {
        const [doctor] = await db
          .select({ id: doctors.id, name: doctors.name, hospitalId: doctors.hospitalId })
          .from(doctors)
          .where(and(eq(doctors.id, input.doctorId), listedInDirectory(doctors)));
        if (!doctor) throw notFound(WAITLIST_TEXTS.noSuchDoctor);
        if (input.hospitalId && doctor.hospitalId !== input.hospitalId) {
          const message = WAITLIST_TEXTS.notAtHospital(doctor.name);
          throw invalid(message, { issues: [{ path: 'body.hospitalId', message }] });
        }
      }
      if (input.hospitalId) {
        const [hospital] = await db
          .select({ id: hospitals.id })
          .from(hospitals)
          .where(and(eq(hospitals.id, input.hospitalId), listedInDirectory(hospitals)));
        if (!hospital) throw notFound(WAITLIST_TEXTS.noSuchHospital);
      }
      const hospitalId = input.hospitalId ?? null;
      const doctorId = input.doctorId ?? null;
      const queueId = hospitalId ?? doctorId!;
      if (input.replacesAppointmentId) {
        const [kept] = await db
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(
              eq(appointments.id, input.replacesAppointmentId),
              eq(appointments.patientId, patientId),
              isNull(appointments.deletedAt),
              inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
              gt(appointments.scheduledAt, new Date()),
              doctorId ? eq(appointments.doctorId, doctorId) : eq(appointments.hospitalId, hospitalId!),
            ),
          );
        if (!kept) {
          throw invalid(WAITLIST_TEXTS.notYourAppointment, {
            issues: [{ path: 'body.replacesAppointmentId', message: WAITLIST_TEXTS.notYourAppointment }],
          });
        }
      }
      const live = await db
        .select({ doctorId: waitlistEntries.doctorId, hospitalId: waitlistEntries.hospitalId })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.patientId, patientId), inArray(waitlistEntries.status, [...LIVE])));
      if (live.some((e) => e.doctorId === doctorId && e.hospitalId === hospitalId)) {
        throw conflict(WAITLIST_TEXTS.alreadyWaiting, { reason: 'ALREADY_WAITING' });
      }
      if (live.length >= MAX_LIVE_ENTRIES_PER_PATIENT) throw conflict(WAITLIST_TEXTS.tooMany, { reason: 'TOO_MANY' });
      const [created] = await db
        .insert(waitlistEntries)
        .values({
          patientId,
          doctorId,
          hospitalId,
          queueId,
          position: await nextPosition(queueId),
          preferredFrom: input.preferredFrom,
          preferredTo: input.preferredTo,
          timesOfDay: input.timesOfDay,
          mode: input.mode ?? null,
          reason: input.reason,
          urgency: input.urgency,
          replacesAppointmentId: input.replacesAppointmentId ?? null,
          createdBy: caller.id,
        })
        .returning();
      engine.announceEntry(created!);
      // A freed slot nobody took may suit the newcomer at once.
      for (const slotId of await engine.openSlotsFor(doctorId ? { doctorId } : { hospitalId })) {
        if (await engine.offerSlot(slotId)) break;
      }
      return view(caller, created!.id);
    },
  };
}
