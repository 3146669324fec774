import { and, eq } from 'drizzle-orm';
import { CONSULTATION_WORKFLOW } from '../../../domain/rules/consultations.ts';
import type { Db } from '../../db/client.ts';
import { consultations } from '../../db/schema/index.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { addConsultationAlert } from './index.ts';

const FLAG_WORDS: Record<string, string> = { CRITICAL_LOW: 'critically low', CRITICAL_HIGH: 'critically high' };

/**
 * What diagnostics tells a consultation (server/modules/diagnostic-orders/deps.ts ConsultationHooks):
 * a critical result becomes an alert to acknowledge there; once all its orders are released, a
 * consultation waiting for diagnostics moves on (the system's COMPLETE_DIAGNOSTICS step).
 */
export function consultationDiagnosticsLink(db: Db) {
  return {
    async raiseCriticalAlert(consultationId: string, alert: { orderId: string; testId: string; flag: string }) {
      await addConsultationAlert(db, consultationId, {
        kind: 'CRITICAL_RESULT',
        message: `A test result is ${FLAG_WORDS[alert.flag] ?? 'critical'}: open the diagnostic order and act on it.`,
      });
    },
    async updateFromDiagnostics(consultationId: string) {
      const check = CONSULTATION_WORKFLOW.decide('COMPLETE_DIAGNOSTICS', 'SYSTEM', { status: 'DIAGNOSTICS_ORDERED' });
      if (!check.ok || check.to === 'UNCHANGED') return;
      const to = check.to;
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(consultations)
          .set({ status: to, updatedAt: new Date() })
          .where(and(eq(consultations.id, consultationId), eq(consultations.status, 'DIAGNOSTICS_ORDERED')))
          .returning({ id: consultations.id });
        if (moved.length === 0) return;
        await recordHistory(tx, CONSULTATION_WORKFLOW.name, [
          {
            entityId: consultationId,
            action: 'COMPLETE_DIAGNOSTICS',
            actor: { userId: null, role: 'SYSTEM' },
            from: 'DIAGNOSTICS_ORDERED',
            to,
            reason: 'Every diagnostic order of the consultation is released.',
          },
        ]);
      });
    },
  };
}
