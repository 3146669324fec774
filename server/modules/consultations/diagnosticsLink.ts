import { and, count, eq, isNull, notInArray } from 'drizzle-orm';
import { CONSULTATION_WORKFLOW, type ConsultationAction } from '../../../domain/rules/consultations.ts';
import type { Db, Tx } from '../../db/client.ts';
import { consultations, diagnosticOrders } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { systemStep } from './careCommon.ts';
import { addConsultationAlert } from './index.ts';
import { partyOf } from './queries.ts';

const FLAG_WORDS: Record<string, string> = { CRITICAL_LOW: 'critically low', CRITICAL_HIGH: 'critically high' };
const NO_SUCH_CONSULTATION = 'There is no consultation with that id.';

/**
 * Locks the consultation an order names and makes the SYSTEM step the order stands for when its
 * status allows it (nothing is recorded otherwise: the order never fails because of it).
 * `caller` must be on the consultation (its treating doctor or hospital, or its patient) and the
 * order must be for the consultation's patient; anyone else gets 404, as for any consultation.
 */
async function stepFromOrder(
  tx: Tx,
  caller: AuthUser | null,
  consultationId: string,
  patientId: string | null,
  action: ConsultationAction,
  reason: string,
) {
  await tx
    .select({ id: consultations.id })
    .from(consultations)
    .where(eq(consultations.id, consultationId))
    .for('update');
  const [row] = await tx.select().from(consultations).where(eq(consultations.id, consultationId));
  if (!row) throw notFound(NO_SUCH_CONSULTATION);
  if (caller) {
    const party = partyOf(caller, row, null);
    if ((party !== 'TREATING' && party !== 'PATIENT') || (patientId !== null && row.patientId !== patientId))
      throw notFound(NO_SUCH_CONSULTATION);
  }
  return systemStep(tx, caller, row, action, reason);
}

/**
 * Orders placed during the visit (while IN_PROGRESS the table has no ORDER_DIAGNOSTICS): once the
 * visit is completed the consultation catches up — DIAGNOSTICS_ORDERED, and DIAGNOSTICS_COMPLETED
 * too when every one of them is already closed. Nothing happens without live orders.
 */
export async function diagnosticsAfterVisit(db: Db, consultationId: string) {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: consultations.id })
      .from(consultations)
      .where(eq(consultations.id, consultationId))
      .for('update');
    const [row] = await tx.select().from(consultations).where(eq(consultations.id, consultationId));
    if (!row) return;
    const live = and(eq(diagnosticOrders.consultationId, consultationId), isNull(diagnosticOrders.deletedAt));
    const [all] = await tx.select({ n: count() }).from(diagnosticOrders).where(live);
    if (!all || all.n === 0) return;
    const [open] = await tx
      .select({ n: count() })
      .from(diagnosticOrders)
      .where(and(live, notInArray(diagnosticOrders.status, ['COMPLETED', 'CANCELLED'])));
    const moved = await systemStep(
      tx,
      null,
      row,
      'ORDER_DIAGNOSTICS',
      'Diagnostic orders were placed during the visit.',
    );
    if (moved && open?.n === 0)
      await systemStep(
        tx,
        null,
        row,
        'COMPLETE_DIAGNOSTICS',
        'Every diagnostic order of the consultation is released.',
      );
  });
}

/**
 * What diagnostics and the pharmacy tell a consultation (server/modules/diagnostic-orders/deps.ts
 * ConsultationHooks, server/modules/pharmacy-orders/links.ts): an order from it moves it to
 * DIAGNOSTICS_ORDERED or PHARMACY_ORDERED, a completed pharmacy order to PHARMACY_FULFILLED; a
 * critical result becomes an alert to acknowledge there; once all its orders are released, a
 * consultation waiting for diagnostics moves on (the system's COMPLETE_DIAGNOSTICS step).
 */
export function consultationDiagnosticsLink(db: Db) {
  return {
    /** In the order's transaction: checks the caller may order for this consultation, then ORDER_DIAGNOSTICS. */
    diagnosticsOrdered(tx: Tx, caller: AuthUser, consultationId: string, patientId: string) {
      return stepFromOrder(
        tx,
        caller,
        consultationId,
        patientId,
        'ORDER_DIAGNOSTICS',
        'A diagnostic order was placed.',
      );
    },
    pharmacyOrdered(tx: Tx, caller: AuthUser, consultationId: string, patientId: string | null) {
      return stepFromOrder(
        tx,
        caller,
        consultationId,
        patientId,
        'ORDER_PHARMACY',
        'The prescription was sent to a pharmacy.',
      );
    },
    /** The pharmacy completed (dispensed) the consultation's order; the pharmacist is not on the consultation. */
    pharmacyFulfilled(tx: Tx, consultationId: string) {
      return stepFromOrder(tx, null, consultationId, null, 'FULFIL_PHARMACY', 'The pharmacy order was completed.');
    },
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
export type ConsultationDiagnosticsLink = ReturnType<typeof consultationDiagnosticsLink>;
