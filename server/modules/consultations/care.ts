import { and, count, eq, isNull, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMISSION_ACTION, checkFollowUpDate, visitIsOver } from '../../../domain/rules/consultationCare.ts';
import type { admissionBody, feedbackBody, followUpBody } from '../../../domain/schemas/consultationCare.ts';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  consultationAdmissions,
  consultationFeedback,
  consultationFollowUps,
  diagnosticOrders,
  doctors,
  hospitals,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { addReview } from '../../platform/ratings.ts';
import { recordHistory } from '../../platform/workflow.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { audit } from './audit.ts';
import { isoOf, lockConsultation, lockForTreating, systemStep } from './careCommon.ts';
import { NO_SUCH, reachConsultation } from './queries.ts';

/** Follow-up, feedback, admission and the step back from diagnostics, around one consultation. */

type Admission = typeof consultationAdmissions.$inferSelect;
const toAdmission = (id: string, status: string, a: Admission | undefined) => ({
  consultationId: id,
  status: status as never,
  reason: a?.reason ?? '',
  ward: a?.ward ?? null,
  bed: a?.bed ?? null,
  admittedAt: isoOf(a?.admittedAt ?? null),
  dischargedAt: isoOf(a?.dischargedAt ?? null),
  dischargeSummary: a?.dischargeSummary ?? null,
  feedbackRating: null as number | null,
  followUpAt: null as string | null,
  followUpAppointmentId: null as string | null,
});

export function consultationCareUseCases(deps: { db: Db; notify: Pick<NotificationsService, 'notifyProfiles'> }) {
  const { db } = deps;
  return {
    /** The doctor proposes a date: a proposed (RESCHEDULED) appointment the patient accepts or declines. */
    async followUp(caller: AuthUser, id: string, body: z.output<typeof followUpBody>, now = new Date()) {
      const at = new Date(body.at);
      const problem = checkFollowUpDate(at, now);
      if (problem) throw invalid(problem, { issues: [{ path: 'body.at', message: problem }] });
      const result = await db.transaction(async (tx) => {
        const row = await lockForTreating(tx, caller, id);
        const [existing] = await tx
          .select({ id: consultationFollowUps.id })
          .from(consultationFollowUps)
          .where(eq(consultationFollowUps.consultationId, id));
        if (existing) throw conflict('This consultation already has its follow-up.');
        const moved = await systemStep(tx, caller, row, 'SCHEDULE_FOLLOW_UP', 'A follow-up was proposed.', true);
        if (!moved) throw conflict('A follow-up cannot be scheduled now.', { status: row.status });
        const endsAt = new Date(at.getTime() + body.durationMinutes * 60_000);
        let appointmentId: string;
        try {
          const [created] = await tx
            .insert(appointments)
            .values({
              patientId: row.patientId,
              doctorId: row.doctorId,
              hospitalId: row.hospitalId,
              scheduledAt: at,
              durationMinutes: body.durationMinutes,
              endsAt,
              mode:
                row.consultationType === 'IN_PERSON' || row.consultationType === 'HOME_VISIT' ? 'IN_PERSON' : 'VIRTUAL',
              reason: `Follow-up${body.note ? `: ${body.note}` : ' of your consultation'}`,
              status: 'RESCHEDULED',
              proposedAt: at,
              proposedDurationMinutes: body.durationMinutes,
              statusReason: 'Follow-up proposed by your doctor',
              lastActor: caller.role === 'DOCTOR' ? 'DOCTOR' : 'HOSPITAL',
              createdBy: caller.id,
            })
            .returning({ id: appointments.id });
          appointmentId = created!.id;
        } catch (error) {
          if (
            (error as { cause?: { code?: string } }).cause?.code === '23P01' ||
            (error as { code?: string }).code === '23P01'
          ) {
            throw conflict('The doctor is already booked at that time. Choose another.');
          }
          throw error;
        }
        await recordHistory(tx, 'appointment', [
          {
            entityId: appointmentId,
            action: 'PROPOSE_RESCHEDULE',
            actor: { userId: caller.id, role: caller.role },
            from: 'PENDING',
            to: 'RESCHEDULED',
            reason: 'Follow-up proposed from the consultation',
          },
        ]);
        const [followUp] = await tx
          .insert(consultationFollowUps)
          .values({ consultationId: id, appointmentId, proposedAt: at, note: body.note ?? '' })
          .returning();
        await audit(tx, caller, row, 'TREATING', 'FOLLOW_UP', `Proposed a follow-up on ${at.toISOString()}`);
        return { followUp: followUp!, row };
      });
      await deps.notify.notifyProfiles(
        [result.row.patientId],
        {
          title: 'A follow-up is proposed',
          message: `${result.row.doctorName ?? result.row.hospitalName ?? 'Your doctor'} proposed a follow-up. Accept the time or keep looking.`,
          type: 'APPOINTMENT',
          data: { url: `/appointments/${result.followUp.appointmentId}` },
        },
        caller.id,
      );
      const f = result.followUp;
      return {
        id: f.id,
        consultationId: id,
        appointmentId: f.appointmentId,
        proposedAt: f.proposedAt.toISOString(),
        note: f.note,
      };
    },

    /** The patient rates a finished visit once. */
    async feedback(caller: AuthUser, id: string, body: z.output<typeof feedbackBody>) {
      return db.transaction(async (tx) => {
        const { row, party } = await lockConsultation(tx, caller, id);
        if (party !== 'PATIENT') throw notFound(NO_SUCH);
        if (!visitIsOver(row.status))
          throw conflict('You can rate the visit once it is completed.', { status: row.status });
        const [created] = await tx
          .insert(consultationFeedback)
          .values({ consultationId: id, rating: body.rating, comment: body.comment ?? '' })
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict('You have already rated this visit.');
        // The doctor's and the hospital's directory ratings take the visit's.
        if (row.doctorId) await addReview(tx, doctors, row.doctorId, body.rating);
        if (row.hospitalId) await addReview(tx, hospitals, row.hospitalId, body.rating);
        await audit(tx, caller, row, party, 'FEEDBACK', `Rated the visit ${body.rating} of 5`);
        return {
          id: created.id,
          consultationId: id,
          rating: created.rating,
          comment: created.comment,
          createdAt: created.createdAt.toISOString(),
        };
      });
    },

    /** ADMISSION_REQUIRED → ADMITTED (ward, bed, time) → DISCHARGED (discharge summary). */
    async admission(caller: AuthUser, id: string, body: z.output<typeof admissionBody>) {
      return db.transaction(async (tx) => {
        const row = await lockForTreating(tx, caller, id);
        const action = ADMISSION_ACTION[body.step];
        const words = { REQUIRE: 'Admission is required', ADMIT: 'Admitted', DISCHARGE: 'Discharged' }[body.step];
        await systemStep(tx, caller, row, action, body.reason ?? words, true);
        const now = new Date();
        const change =
          body.step === 'REQUIRE'
            ? { reason: body.reason ?? '' }
            : body.step === 'ADMIT'
              ? { ward: body.ward!, bed: body.bed!, admittedAt: now }
              : { dischargedAt: now, dischargeSummary: body.dischargeSummary! };
        const [saved] = await tx
          .insert(consultationAdmissions)
          .values({ consultationId: id, ...change, updatedAt: now })
          .onConflictDoUpdate({ target: consultationAdmissions.consultationId, set: { ...change, updatedAt: now } })
          .returning();
        await audit(
          tx,
          caller,
          row,
          'TREATING',
          action,
          body.step === 'ADMIT' ? `${words}: ${body.ward}, bed ${body.bed}` : words,
        );
        return toAdmission(id, row.status, saved);
      });
    },

    async admissionOf(caller: AuthUser, id: string) {
      const { row } = await reachConsultation(db, caller, id);
      const [[a], [f], [followUp]] = await Promise.all([
        db.select().from(consultationAdmissions).where(eq(consultationAdmissions.consultationId, id)),
        db.select().from(consultationFeedback).where(eq(consultationFeedback.consultationId, id)),
        db.select().from(consultationFollowUps).where(eq(consultationFollowUps.consultationId, id)),
      ]);
      return {
        ...toAdmission(id, row.status, a),
        feedbackRating: f?.rating ?? null,
        followUpAt: isoOf(followUp?.proposedAt ?? null),
        followUpAppointmentId: followUp?.appointmentId ?? null,
      };
    },

    /** The treating side marks the diagnostics done once every order of the consultation is released. */
    async updateFromDiagnostics(caller: AuthUser, id: string) {
      await db.transaction(async (tx) => {
        const row = await lockForTreating(tx, caller, id);
        const live = and(eq(diagnosticOrders.consultationId, id), isNull(diagnosticOrders.deletedAt));
        const [all] = await tx.select({ n: count() }).from(diagnosticOrders).where(live);
        if (!all || all.n === 0) throw conflict('This consultation has no diagnostic orders.');
        const [open] = await tx
          .select({ n: count() })
          .from(diagnosticOrders)
          .where(and(live, notInArray(diagnosticOrders.status, ['COMPLETED', 'CANCELLED'])));
        if (open && open.n > 0) throw conflict(`${open.n} diagnostic order(s) are not released yet.`);
        await systemStep(tx, caller, row, 'COMPLETE_DIAGNOSTICS', 'Every diagnostic order is released.', true);
        await audit(tx, caller, row, 'TREATING', 'COMPLETE_DIAGNOSTICS', 'Linked the released diagnostic results');
      });
    },
  };
}
export type ConsultationCare = ReturnType<typeof consultationCareUseCases>;
