import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { billTotals, checkNewLine, rupeesToPaise, taxOf, type BillLine } from '../../../domain/rules/billing.ts';
import { visitIsOver } from '../../../domain/rules/consultationCare.ts';
import type { Billing, paymentBody } from '../../../domain/schemas/consultationCare.ts';
import type { Db, Tx } from '../../db/client.ts';
import { consultationBillLines, doctors } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict } from '../../platform/errors.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { audit } from './audit.ts';
import { isoOf, lockForTreating, systemStep } from './careCommon.ts';
import { reachConsultation, type ConsultationView } from './queries.ts';

/**
 * The bill of a consultation: a ledger whose lines are only ever added. The consultation fee (from
 * the doctor's profile) is charged when the doctor completes the visit; the desk adds procedures,
 * discounts, payments and refunds. When nothing is due the consultation is BILLING_COMPLETED.
 */

type LineRow = typeof consultationBillLines.$inferSelect;
const asBillLine = (l: LineRow): BillLine => ({
  kind: l.kind,
  amountPaise: l.amountPaise,
  taxRateBps: l.taxRateBps,
  failed: l.failed,
});

async function linesOf(executor: Db | Tx, id: string) {
  return executor
    .select()
    .from(consultationBillLines)
    .where(eq(consultationBillLines.consultationId, id))
    .orderBy(asc(consultationBillLines.createdAt), asc(consultationBillLines.id));
}

/** The consultation fee line, once (the doctor completing the visit). */
export async function chargeConsultationFee(tx: Tx, row: Pick<ConsultationView, 'id' | 'doctorId'>) {
  if (!row.doctorId) return;
  const existing = await linesOf(tx, row.id);
  if (existing.some((l) => l.kind === 'CHARGE' && l.description === FEE_LINE)) return;
  const [doctor] = await tx.select({ fee: doctors.consultationFee }).from(doctors).where(eq(doctors.id, row.doctorId));
  const amountPaise = rupeesToPaise(doctor?.fee);
  if (amountPaise <= 0) return;
  await tx
    .insert(consultationBillLines)
    .values({ consultationId: row.id, kind: 'CHARGE', description: FEE_LINE, amountPaise });
}
export const FEE_LINE = 'Consultation fee';

function toBilling(row: ConsultationView, lines: LineRow[], canCharge: boolean): Billing {
  const totals = billTotals(lines.map(asBillLine));
  return {
    consultationId: row.id,
    billNumber: `CM-${row.id.slice(0, 8).toUpperCase()}`,
    patientName: row.patientName,
    doctorName: row.doctorName,
    hospitalName: row.hospitalName,
    consultationStatus: row.status,
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      description: l.description,
      amountPaise: l.amountPaise,
      taxPaise: l.kind === 'CHARGE' && !l.failed ? taxOf(l.amountPaise, l.taxRateBps) : 0,
      method: l.method,
      reference: l.reference,
      failed: l.failed,
      createdAt: isoOf(l.createdAt)!,
    })),
    chargesPaise: totals.chargesPaise,
    taxPaise: totals.taxPaise,
    discountPaise: totals.discountPaise,
    totalPaise: totals.totalPaise,
    paidPaise: totals.paidPaise,
    refundedPaise: totals.refundedPaise,
    duePaise: totals.duePaise,
    paymentStatus: totals.status,
    canCharge,
  };
}

const KIND_WORDS = { CHARGE: 'Charged', DISCOUNT: 'Discounted', PAYMENT: 'Took a payment of', REFUND: 'Refunded' };

export function consultationBilling(deps: { db: Db; notify: Pick<NotificationsService, 'notifyProfiles'> }) {
  const { db } = deps;
  return {
    async billing(caller: AuthUser, id: string): Promise<Billing> {
      const { row, party } = await reachConsultation(db, caller, id);
      return toBilling(row, await linesOf(db, id), party === 'TREATING' && row.status !== 'CANCELLED');
    },

    /** A new line: a charge, discount, payment or refund. Nothing already in the ledger changes. */
    async addLine(caller: AuthUser, id: string, body: z.output<typeof paymentBody>): Promise<Billing> {
      const result = await db.transaction(async (tx) => {
        const row = await lockForTreating(tx, caller, id);
        if (row.status === 'CANCELLED') throw conflict('This consultation was cancelled: it has no bill.');
        const lines = await linesOf(tx, id);
        const line: BillLine = {
          kind: body.kind,
          amountPaise: body.amountPaise,
          taxRateBps: body.kind === 'CHARGE' ? body.taxRateBps : 0,
          failed: body.failed && (body.kind === 'PAYMENT' || body.kind === 'REFUND'),
        };
        const check = checkNewLine(lines.map(asBillLine), line);
        if (!check.ok) throw conflict(check.message, { duePaise: billTotals(lines.map(asBillLine)).duePaise });
        const description =
          body.description ??
          (body.kind === 'PAYMENT' ? 'Payment' : body.kind === 'REFUND' ? 'Refund' : body.kind.toLowerCase());
        await tx.insert(consultationBillLines).values({
          consultationId: id,
          kind: body.kind,
          description,
          amountPaise: body.amountPaise,
          taxRateBps: line.taxRateBps,
          method: body.kind === 'PAYMENT' || body.kind === 'REFUND' ? (body.method ?? null) : null,
          reference: body.reference ?? null,
          failed: line.failed,
          createdBy: caller.id,
          createdByRole: caller.role,
        });
        await audit(
          tx,
          caller,
          row,
          'TREATING',
          `BILL_${body.kind}`,
          `${KIND_WORDS[body.kind]} ${body.amountPaise} paise${line.failed ? ' (failed)' : ''}`,
        );
        const after = billTotals([...lines.map(asBillLine), line]);
        let billed = false;
        if (after.totalPaise > 0 && after.duePaise === 0 && visitIsOver(row.status)) {
          billed = await systemStep(tx, caller, row, 'COMPLETE_BILLING', 'Nothing is due on the bill.');
        }
        return { billing: toBilling(row, await linesOf(tx, id), true), row, billed };
      });
      if (result.billed) {
        await deps.notify.notifyProfiles(
          [result.row.patientId],
          {
            title: 'Your bill is settled',
            message: 'Nothing is due on your consultation. Your receipt is ready to print.',
            type: 'PAYMENT',
            data: { url: `/consultations/${id}/receipt` },
          },
          caller.id,
        );
      }
      return result.billing;
    },
  };
}
export type ConsultationBilling = ReturnType<typeof consultationBilling>;
