import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { appointments, consultationFollowUps } from '../../db/schema/index.ts';
import type { Job } from '../../platform/jobs.ts';
import type { NotificationsService } from '../notifications/index.ts';

/** How long before a follow-up its patient is reminded. */
export const FOLLOW_UP_REMINDER_MS = 24 * 3_600_000;

/**
 * The day before a follow-up (proposed or confirmed), its patient gets a reminder push, once.
 * A declined or cancelled follow-up is not reminded.
 */
export function followUpReminderJob(deps: { notify: Pick<NotificationsService, 'notifyProfiles'> }): Job {
  return {
    name: 'consultations.follow-up-reminders',
    everyMs: 10 * 60_000,
    async run(tx) {
      const now = new Date();
      const due = await tx
        .select({
          id: consultationFollowUps.id,
          patientId: appointments.patientId,
          appointmentId: appointments.id,
          at: appointments.scheduledAt,
        })
        .from(consultationFollowUps)
        .innerJoin(appointments, eq(appointments.id, consultationFollowUps.appointmentId))
        .where(
          and(
            isNull(consultationFollowUps.remindedAt),
            inArray(appointments.status, ['RESCHEDULED', 'CONFIRMED', 'ACCEPTED']),
            gt(appointments.scheduledAt, now),
            lte(appointments.scheduledAt, new Date(now.getTime() + FOLLOW_UP_REMINDER_MS)),
          ),
        )
        .for('update', { of: consultationFollowUps });
      if (due.length === 0) return;
      await tx
        .update(consultationFollowUps)
        .set({ remindedAt: now })
        .where(
          inArray(
            consultationFollowUps.id,
            due.map((d) => d.id),
          ),
        );
      return async () => {
        for (const d of due) {
          await deps.notify.notifyProfiles([d.patientId], {
            title: 'Your follow-up is tomorrow',
            message: 'Your doctor asked to see you again. Open the appointment for the time and the place.',
            type: 'REMINDER',
            data: { url: `/appointments/${d.appointmentId}` },
          });
        }
      };
    },
  };
}
