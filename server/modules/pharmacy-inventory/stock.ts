import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { StockMovement } from '../../../domain/enums.ts';
import { nextLine, pickFefo, type Pick, type PickableBatch } from '../../../domain/rules/pharmacy.ts';
import { RESERVING_STATUSES } from '../../../domain/rules/pharmacyOrders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { medicineBatches, pharmacyOrderItems, pharmacyOrders, stockLedger } from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';

/**
 * The stock ledger's one writer. On hand is the sum of a batch's lines, never a typed number; each
 * line is appended under a lock of its batch, with the running balance after it.
 */

export type Movement = {
  pharmacyId: string;
  batchId: string;
  medicineId: string;
  kind: StockMovement;
  quantity: number;
  reason?: string | null;
  orderId?: string | null;
  userId: string | null;
};

/** Appends one line (inside `tx`); a movement that would take the batch below zero is refused (409). */
export async function appendLine(tx: Tx, m: Movement) {
  await tx
    .select({ id: medicineBatches.id })
    .from(medicineBatches)
    .where(eq(medicineBatches.id, m.batchId))
    .for('update');
  const [sum] = await tx
    .select({ onHand: sql<number>`coalesce(sum(${stockLedger.quantity}), 0)::int` })
    .from(stockLedger)
    .where(eq(stockLedger.batchId, m.batchId));
  const next = nextLine(sum?.onHand ?? 0, m.kind, m.quantity);
  if (!next.ok) throw conflict(next.message);
  const [row] = await tx
    .insert(stockLedger)
    .values({
      pharmacyId: m.pharmacyId,
      batchId: m.batchId,
      medicineId: m.medicineId,
      kind: m.kind,
      quantity: next.line.quantity,
      balance: next.line.balance,
      reason: m.reason ?? null,
      orderId: m.orderId ?? null,
      userId: m.userId,
      // Lines of one transaction keep their order.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  return row!;
}

/** On hand per batch (the sum of its lines). */
export async function onHandByBatch(db: Db | Tx, batchIds: readonly string[]): Promise<Map<string, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({ batchId: stockLedger.batchId, onHand: sql<number>`sum(${stockLedger.quantity})::int` })
    .from(stockLedger)
    .where(inArray(stockLedger.batchId, [...batchIds]))
    .groupBy(stockLedger.batchId);
  return new Map(rows.map((r) => [r.batchId, r.onHand]));
}

/** Units reserved per batch by the pharmacy's open orders (not yet dispensed), leaving one order out if asked. */
export async function reservedByBatch(db: Db | Tx, pharmacyId: string, exceptOrderId?: string) {
  const rows = await db
    .select({ reservations: pharmacyOrderItems.reservations })
    .from(pharmacyOrderItems)
    .innerJoin(pharmacyOrders, eq(pharmacyOrders.id, pharmacyOrderItems.orderId))
    .where(
      and(
        eq(pharmacyOrders.pharmacyId, pharmacyId),
        inArray(pharmacyOrders.status, [...RESERVING_STATUSES]),
        isNull(pharmacyOrderItems.dispensedAt),
        notInArray(pharmacyOrderItems.status, ['CANCELLED', 'DISPENSED']),
        exceptOrderId ? sql`${pharmacyOrders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  const reserved = new Map<string, number>();
  for (const row of rows)
    for (const r of row.reservations) reserved.set(r.batchId, (reserved.get(r.batchId) ?? 0) + r.quantity);
  return reserved;
}

/** The medicine's batches as picking sees them: on hand less what other orders reserved. */
export async function pickableBatches(tx: Db | Tx, pharmacyId: string, medicineId: string, exceptOrderId?: string) {
  const batches = await tx.select().from(medicineBatches).where(eq(medicineBatches.medicineId, medicineId));
  const onHand = await onHandByBatch(
    tx,
    batches.map((b) => b.id),
  );
  const reserved = await reservedByBatch(tx, pharmacyId, exceptOrderId);
  return batches.map((b): PickableBatch & { mrp: number } => ({
    id: b.id,
    batchNumber: b.batchNumber,
    expiryDate: b.expiryDate,
    available: (onHand.get(b.id) ?? 0) - (reserved.get(b.id) ?? 0),
    recalled: b.recalledAt !== null,
    mrp: b.mrp,
  }));
}

/** First expiry first out for one line. */
export async function reserveFefo(
  tx: Tx,
  pharmacyId: string,
  medicineId: string,
  quantity: number,
  today: string,
  orderId: string,
): Promise<{ picks: Pick[]; short: number; mrp: number | null }> {
  const batches = await pickableBatches(tx, pharmacyId, medicineId, orderId);
  const result = pickFefo(batches, quantity, today);
  const first = batches.find((b) => b.id === result.picks[0]?.batchId);
  return { ...result, mrp: first?.mrp ?? null };
}
