import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { ConversationMessage } from '../../../domain/schemas/appointments.ts';
import { appointments } from '../../db/schema/index.ts';
import type { Job } from '../../platform/jobs.ts';
import { addEventLine, announce, type AnnounceDeps } from './messages.ts';
import { loadAppointment, type AppointmentView } from './queries.ts';

/** Expires PENDING requests (and unanswered proposals) whose time has passed; each row once. */
export function appointmentExpiryJob(deps: AnnounceDeps): Job {
  return {
    name: 'appointments.expire',
    everyMs: 60_000,
    async run(tx) {
      const now = new Date();
      const expired = await tx
        .update(appointments)
        .set({
          status: 'EXPIRED',
          lastActor: 'SYSTEM',
          updatedAt: now,
          statusReason: 'Not answered before its time.',
        })
        .where(
          and(
            isNull(appointments.deletedAt),
            or(
              and(eq(appointments.status, 'PENDING'), lte(appointments.scheduledAt, now)),
              and(
                eq(appointments.status, 'RESCHEDULED'),
                lte(sql`coalesce(${appointments.proposedAt}, ${appointments.scheduledAt})`, now),
              ),
            ),
          ),
        )
        .returning({ id: appointments.id });
      if (expired.length === 0) return;
      const lines: Array<{ row: AppointmentView; message: ConversationMessage }> = [];
      for (const { id } of expired) {
        const row = (await loadAppointment(tx, id))!;
        lines.push({ row, message: await addEventLine(tx, row, 'EXPIRE', { role: 'SYSTEM', name: 'CareMesh' }) });
      }
      return async () => {
        for (const { row, message } of lines) {
          await announce(deps, 'EXPIRE', row, message, { name: 'CareMesh', side: 'SYSTEM' }, row.scheduledAt);
        }
      };
    },
  };
}
