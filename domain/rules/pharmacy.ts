import type { DrugSchedule, StockMovement } from '../enums.ts';
import { parseDrug } from './drugSafety.ts';

/**
 * The pure rules of a pharmacy's stock and dispensing (DOMAIN-NOTES "Scheduled drugs",
 * "Dispensing"): what a schedule needs, first-expiry-first-out picking, near-expiry bands, the
 * ledger's running balance, the duplicate-dispense look-back and salt matching.
 */

/** Schedules that are sold only against a verified prescription. */
export const PRESCRIPTION_SCHEDULES = ['H', 'H1', 'X', 'NARCOTIC'] as const satisfies readonly DrugSchedule[];
/** Schedules whose sales go to the H1 register (and kept, never deleted). */
export const REGISTER_SCHEDULES = ['H1'] as const satisfies readonly DrugSchedule[];

export function needsPrescription(schedule: DrugSchedule): boolean {
  return (PRESCRIPTION_SCHEDULES as readonly string[]).includes(schedule);
}

/** Why a sale cannot go ahead, or null: an H, H1, X or narcotic medicine needs a verified prescription. */
export function saleRefusal(schedule: DrugSchedule, prescriptionVerified: boolean, name: string): string | null {
  if (needsPrescription(schedule) && !prescriptionVerified) {
    return `${name} is a ${schedule === 'NARCOTIC' ? 'narcotic' : `Schedule ${schedule}`} medicine: a pharmacist must verify the prescription first.`;
  }
  return null;
}

/** yyyy-mm-dd of `date` plus `days` (UTC calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A batch is expired on its expiry date (stock may not be sold on or after it). */
export const isExpired = (expiryDate: string, today: string) => expiryDate <= today;

export const NEAR_EXPIRY_BANDS = [30, 60, 90] as const;
export type NearExpiryBand = (typeof NEAR_EXPIRY_BANDS)[number];

/** The smallest band (30, 60, 90 days) a batch expires within; 'EXPIRED' once expired; null beyond 90 days. */
export function expiryBand(expiryDate: string, today: string): NearExpiryBand | 'EXPIRED' | null {
  if (isExpired(expiryDate, today)) return 'EXPIRED';
  for (const days of NEAR_EXPIRY_BANDS) if (expiryDate <= addDays(today, days)) return days;
  return null;
}

export type PickableBatch = {
  id: string;
  batchNumber: string;
  expiryDate: string;
  /** On hand less what open orders have reserved. */
  available: number;
  recalled: boolean;
};

export type Pick = { batchId: string; quantity: number };

/** Whether a batch may ever be sold today: not expired, not recalled. */
export const sellable = (b: PickableBatch, today: string) => !b.recalled && !isExpired(b.expiryDate, today);

/**
 * First expiry, first out: takes `quantity` from the sellable batches, earliest expiry first (then
 * batch number). `short` is what no batch could give (0 when fully picked).
 */
export function pickFefo(
  batches: readonly PickableBatch[],
  quantity: number,
  today: string,
): { picks: Pick[]; short: number } {
  const order = batches
    .filter((b) => sellable(b, today) && b.available > 0)
    .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate) || a.batchNumber.localeCompare(b.batchNumber));
  const picks: Pick[] = [];
  let left = quantity;
  for (const batch of order) {
    if (left <= 0) break;
    const take = Math.min(left, batch.available);
    picks.push({ batchId: batch.id, quantity: take });
    left -= take;
  }
  return { picks, short: Math.max(0, left) };
}

/** The sign a ledger movement carries (an adjustment carries its own). */
export function signedQuantity(kind: StockMovement, quantity: number): number {
  if (kind === 'DISPENSE' || kind === 'EXPIRY_WRITE_OFF') return -Math.abs(quantity);
  if (kind === 'RECEIPT' || kind === 'RETURN') return Math.abs(quantity);
  return quantity;
}

export type LedgerLine = { kind: StockMovement; quantity: number; balance: number };

/**
 * The next line of a batch's ledger after `balance`: refused (a message) when it would take the
 * batch below zero or does nothing.
 */
export function nextLine(
  balance: number,
  kind: StockMovement,
  quantity: number,
): { ok: true; line: LedgerLine } | { ok: false; message: string } {
  if (!Number.isInteger(quantity) || quantity === 0)
    return { ok: false, message: 'The quantity must be a whole number, not 0.' };
  const signed = signedQuantity(kind, quantity);
  const after = balance + signed;
  if (after < 0)
    return { ok: false, message: `Only ${balance} on hand in this batch; ${Math.abs(signed)} cannot be taken.` };
  return { ok: true, line: { kind, quantity: signed, balance: after } };
}

/** The balance a ledger's lines add up to. */
export const ledgerSum = (lines: readonly { quantity: number }[]) => lines.reduce((sum, l) => sum + l.quantity, 0);

/** O3's default look-back for the duplicate-dispense warning. */
export const DUPLICATE_DISPENSE_DAYS = 7;

/** The ingredient names of a drug as written (lower case, known to the drug table or not), sorted. */
export function saltKey(text: string): string {
  const parsed = parseDrug(text);
  const names = [...parsed.known.map((i) => i.name), ...parsed.unknown.map((u) => u.replace(/\s*\d.*$/, '').trim())];
  return [...new Set(names.filter(Boolean))].sort().join(' + ');
}

/** A medicine matches a prescribed line when their salts are the same (a brand found by its generic). */
export function sameSalt(prescribed: string, medicineGeneric: string): boolean {
  const a = saltKey(prescribed);
  return a !== '' && a === saltKey(medicineGeneric);
}

/** Rupees from paise, for money shown and exported. */
export const rupees = (paise: number) => (paise / 100).toFixed(2);
