import type { PaymentStatus } from '../enums.ts';

/**
 * A consultation's bill: a ledger of lines, each in paise (integers), never edited. Charges (the
 * consultation fee, procedures, tests done in-house) may carry GST in basis points; a discount
 * lowers what is owed; payments (cash, UPI, card, insurance) pay it; a refund is its own line.
 * A FAILED payment stays in the ledger and counts for nothing.
 */

export const BILL_LINE_KINDS = ['CHARGE', 'DISCOUNT', 'PAYMENT', 'REFUND'] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];
export const PAYMENT_METHODS = ['CASH', 'UPI', 'CARD', 'INSURANCE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  INSURANCE: 'Insurance',
};
/** GST rates a line may carry, in basis points (18% = 1800). Clinical consultations are exempt (0). */
export const TAX_RATES_BPS = [0, 500, 1200, 1800] as const;

export type BillLine = {
  kind: BillLineKind;
  amountPaise: number;
  taxRateBps: number;
  /** A payment or refund that did not go through. */
  failed: boolean;
};

export type BillTotals = {
  chargesPaise: number;
  taxPaise: number;
  discountPaise: number;
  totalPaise: number;
  paidPaise: number;
  refundedPaise: number;
  duePaise: number;
  status: PaymentStatus;
};

/** Tax of one charge, rounded half up to the paisa. */
export function taxOf(amountPaise: number, taxRateBps: number): number {
  return Math.round((amountPaise * taxRateBps) / 10_000);
}

export function billTotals(lines: readonly BillLine[]): BillTotals {
  let chargesPaise = 0;
  let taxPaise = 0;
  let discountPaise = 0;
  let paidPaise = 0;
  let refundedPaise = 0;
  let failures = 0;
  for (const line of lines) {
    if (line.failed) {
      failures += 1;
      continue;
    }
    if (line.kind === 'CHARGE') {
      chargesPaise += line.amountPaise;
      taxPaise += taxOf(line.amountPaise, line.taxRateBps);
    } else if (line.kind === 'DISCOUNT') discountPaise += line.amountPaise;
    else if (line.kind === 'PAYMENT') paidPaise += line.amountPaise;
    else refundedPaise += line.amountPaise;
  }
  const totalPaise = Math.max(0, chargesPaise + taxPaise - discountPaise);
  const netPaid = paidPaise - refundedPaise;
  const duePaise = Math.max(0, totalPaise - netPaid);
  let status: PaymentStatus;
  if (refundedPaise > 0 && netPaid <= 0) status = 'REFUNDED';
  else if (totalPaise > 0 && duePaise === 0) status = 'COMPLETED';
  else if (netPaid > 0) status = 'PARTIAL';
  else if (failures > 0) status = 'FAILED';
  else status = 'PENDING';
  return { chargesPaise, taxPaise, discountPaise, totalPaise, paidPaise, refundedPaise, duePaise, status };
}

export type LineCheck = { ok: true } | { ok: false; message: string };

/** Whether a new line may join the ledger: no payment beyond what is due, no refund beyond what was paid. */
export function checkNewLine(lines: readonly BillLine[], line: BillLine): LineCheck {
  if (!Number.isSafeInteger(line.amountPaise) || line.amountPaise <= 0) {
    return { ok: false, message: 'The amount must be a whole number of paise above zero.' };
  }
  if (line.failed) return { ok: true };
  const before = billTotals(lines);
  if (line.kind === 'PAYMENT' && line.amountPaise > before.duePaise) {
    return { ok: false, message: `The payment is more than is due (${before.duePaise} paise).` };
  }
  if (line.kind === 'REFUND' && line.amountPaise > before.paidPaise - before.refundedPaise) {
    return { ok: false, message: 'A refund cannot be more than was paid.' };
  }
  if (line.kind === 'DISCOUNT' && line.amountPaise > before.totalPaise - before.paidPaise + before.refundedPaise) {
    return { ok: false, message: 'The discount is more than is left to pay.' };
  }
  return { ok: true };
}

/** Rupees (as a doctor's profile holds the fee) to paise. */
export function rupeesToPaise(rupees: number | null | undefined): number {
  return rupees ? Math.round(rupees * 100) : 0;
}

/** Paise as SPEC §9 shows money: '₹1,036' or '₹1,036.5'. */
export function rupeesOf(paise: number): number {
  return paise / 100;
}
