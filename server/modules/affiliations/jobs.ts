import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import {
  affiliationWorkflow,
  dueReminders,
  indiaDate,
  EXPIRY_REMINDER_DAYS,
} from '../../../domain/rules/affiliations.ts';
import { affiliations } from '../../db/schema/index.ts';
import type { Job } from '../../platform/jobs.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { tell, type AnnounceDeps } from './messages.ts';
import { syncDoctorPlace } from './parties.ts';

const ENDED_BECAUSE = 'Reached its end date.';

/**
 * Expires active and suspended affiliations past their end date (AFFILIATION_EXPIRED to both sides),
 * and reminds both sides before the end date, once per threshold (AFFILIATION_EXPIRING).
 */
export function affiliationExpiryJob(deps: AnnounceDeps): Job {
  return {
    name: 'affiliations.expire',
    everyMs: 15 * 60_000,
    async run(tx) {
      const now = new Date();
      const today = indiaDate(now);
      const ended = await tx
        .select()
        .from(affiliations)
        .where(and(inArray(affiliations.status, ['ACTIVE', 'SUSPENDED']), lt(affiliations.endDate, today)))
        .for('update');
      const soon = new Date(Date.parse(`${today}T00:00:00Z`) + Math.max(...EXPIRY_REMINDER_DAYS) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const ending = await tx
        .select()
        .from(affiliations)
        .where(and(eq(affiliations.status, 'ACTIVE'), lte(affiliations.endDate, soon)))
        .for('update');
      const expired = ended.filter((row) => affiliationWorkflow.checkTransition('EXPIRE', 'SYSTEM', row, now).ok);
      if (expired.length > 0) {
        await tx
          .update(affiliations)
          .set({ status: 'EXPIRED', reason: ENDED_BECAUSE, updatedAt: now })
          .where(
            inArray(
              affiliations.id,
              expired.map((r) => r.id),
            ),
          );
        await recordHistory(
          tx,
          affiliationWorkflow.name,
          expired.map((row) => ({
            entityId: row.id,
            action: 'EXPIRE',
            actor: { userId: null, role: 'SYSTEM' },
            from: row.status,
            to: 'EXPIRED',
            reason: ENDED_BECAUSE,
          })),
        );
        for (const row of expired) await syncDoctorPlace(tx, row, 'EXPIRED');
      }
      const reminders: Array<{ row: (typeof ending)[number]; days: number }> = [];
      for (const row of ending) {
        const due = dueReminders(row.endDate, now, row.remindersSent);
        if (due.length === 0) continue;
        await tx
          .update(affiliations)
          .set({ remindersSent: [...row.remindersSent, ...due] })
          .where(eq(affiliations.id, row.id));
        reminders.push({ row, days: Math.min(...due) });
      }
      if (expired.length === 0 && reminders.length === 0) return;
      return async () => {
        for (const row of expired) {
          await tell(
            deps,
            { ...row, status: 'EXPIRED' },
            [row.proposerId, row.recipientId],
            'AFFILIATION_EXPIRED',
            `it ended on ${row.endDate}.`,
          );
        }
        for (const { row, days } of reminders) {
          await tell(
            deps,
            row,
            [row.proposerId, row.recipientId],
            'AFFILIATION_EXPIRING',
            `it ends on ${row.endDate} (within ${days} day${days === 1 ? '' : 's'}); renew it to keep it.`,
          );
        }
      };
    },
  };
}
