import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { APPOINTMENT_WORKFLOW } from '../../../domain/rules/appointments.ts';
import type { ConversationMessage } from '../../../domain/schemas/appointments.ts';
import { appointments } from '../../db/schema/index.ts';
import type { Job } from '../../platform/jobs.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { addEventLine, announce, type AnnounceDeps } from './messages.ts';
import { loadAppointment, type AppointmentView } from './queries.ts';
import { freedTime, type FreedTime } from './service.ts';

const EXPIRED_BECAUSE = 'Not answered before its time.';

/** Expires PENDING requests (and unanswered proposals) whose time has passed; each row once. */
export function appointmentExpiryJob(deps: AnnounceDeps & { onTimeFreed?: (time: FreedTime) => Promise<void> }): Job {
  return {
    name: 'appointments.expire',
    everyMs: 60_000,
    async run(tx) {
      const now = new Date();
      const expired = await tx
        .select({ id: appointments.id, status: appointments.status })
        .from(appointments)
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
        .for('update');
      if (expired.length === 0) return;
      const to = 'EXPIRED' as const;
      await tx
        .update(appointments)
        .set({ status: to, lastActor: 'SYSTEM', updatedAt: now, statusReason: EXPIRED_BECAUSE })
        .where(
          inArray(
            appointments.id,
            expired.map(({ id }) => id),
          ),
        );
      await recordHistory(
        tx,
        APPOINTMENT_WORKFLOW.name,
        expired.map(({ id, status }) => ({
          entityId: id,
          action: 'EXPIRE',
          actor: { userId: null, role: 'SYSTEM' },
          from: status,
          to,
          reason: EXPIRED_BECAUSE,
        })),
      );
      const lines: Array<{ row: AppointmentView; message: ConversationMessage; freed: FreedTime | null }> = [];
      for (const { id, status } of expired) {
        const row = (await loadAppointment(tx, id))!;
        const freed = freedTime('EXPIRE', { ...row, status }, row);
        lines.push({
          row,
          freed,
          message: await addEventLine(tx, row, 'EXPIRE', { role: 'SYSTEM', name: 'CareMesh' }),
        });
      }
      return async () => {
        for (const { row, message, freed } of lines) {
          await announce(deps, 'EXPIRE', row, message, { name: 'CareMesh', side: 'SYSTEM' }, row.scheduledAt);
          // A proposal that ran out leaves its original time, which may still be ahead, to the waitlist.
          if (freed) await deps.onTimeFreed?.(freed);
        }
      };
    },
  };
}
