import { and, eq, inArray } from 'drizzle-orm';
import { isExpired, saleRefusal, sameSalt } from '../../../domain/rules/pharmacy.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type { Tx } from '../../db/client.ts';
import { medicineBatches, medicines, pharmacyOrderItems } from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';
import { appendLine, reserveFefo } from '../pharmacy-inventory/index.ts';
import type { OrderRow } from './queries.ts';

/** The stock side of an order: matching by salt, FEFO reservation, dispensing and restocking. */

const live = (status: string) => status !== 'CANCELLED';

/** The medicine a prescribed line is matched to (by id, by brand, by salt), with most stock first. */
export async function matchMedicine(tx: Tx, pharmacyId: string, name: string) {
  const rows = await tx.select().from(medicines).where(eq(medicines.pharmacyId, pharmacyId));
  const lower = name.toLowerCase();
  return (
    rows.find((m) => lower.includes(m.brandName.toLowerCase())) ??
    rows.find((m) => sameSalt(name, m.genericName)) ??
    null
  );
}

/** The inventory check: every live line matched and reserved first-expiry-first-out (IN_STOCK) or OUT_OF_STOCK. */
export async function checkStock(tx: Tx, order: OrderRow) {
  const items = await tx.select().from(pharmacyOrderItems).where(eq(pharmacyOrderItems.orderId, order.id));
  const today = todayInIndia();
  const meds = await tx.select().from(medicines).where(eq(medicines.pharmacyId, order.pharmacyId));
  for (const item of items.filter((i) => live(i.status))) {
    const medicine = item.medicineId
      ? meds.find((m) => m.id === item.medicineId)
      : await matchMedicine(tx, order.pharmacyId, item.prescribedName);
    if (medicine) {
      const refusal = saleRefusal(medicine.schedule, order.verifiedAt !== null, medicine.brandName);
      if (refusal) throw conflict(refusal);
    }
    // A pharmacist's own batch pick (with its reason) is kept if it still covers the line.
    if (item.batchOverrideReason && item.reservations.length > 0 && medicine) continue;
    const pick = medicine
      ? await reserveFefo(tx, order.pharmacyId, medicine.id, item.quantity, today, order.id)
      : { picks: [], short: item.quantity, mrp: null };
    await tx
      .update(pharmacyOrderItems)
      .set({
        medicineId: medicine?.id ?? null,
        status: pick.short === 0 ? 'IN_STOCK' : 'OUT_OF_STOCK',
        reservations: pick.short === 0 ? pick.picks : [],
        unitPrice: pick.mrp,
      })
      .where(eq(pharmacyOrderItems.id, item.id));
  }
}

/** Approval needs every live line in stock; a partial fill needs at least one (the rest cancelled). */
export async function assertFillable(tx: Tx, orderId: string, partial: boolean) {
  const items = (await tx.select().from(pharmacyOrderItems).where(eq(pharmacyOrderItems.orderId, orderId))).filter(
    (i) => live(i.status),
  );
  const short = items.filter((i) => i.status !== 'IN_STOCK');
  if (!partial && short.length > 0) {
    throw conflict(
      `${short.map((i) => i.prescribedName).join(', ')} ${short.length === 1 ? 'is' : 'are'} not in stock (or not checked): fill in part, wait, or check stock again.`,
    );
  }
  if (partial && short.length === items.length) throw conflict('Nothing of this order is in stock to fill.');
  if (partial && short.length === 0) throw conflict('Every item is in stock: approve the whole order instead.');
}

/** Completion: every reserved unit leaves through a DISPENSE line of its batch. */
export async function dispense(tx: Tx, order: OrderRow, userId: string) {
  const items = await tx.select().from(pharmacyOrderItems).where(eq(pharmacyOrderItems.orderId, order.id));
  const today = todayInIndia();
  const batchIds = items.flatMap((i) => i.reservations.map((r) => r.batchId));
  const batches = batchIds.length
    ? await tx.select().from(medicineBatches).where(inArray(medicineBatches.id, batchIds))
    : [];
  for (const item of items.filter((i) => i.status === 'IN_STOCK')) {
    for (const r of item.reservations) {
      const batch = batches.find((b) => b.id === r.batchId)!;
      if (batch.recalledAt || isExpired(batch.expiryDate, today)) {
        throw conflict(
          `Batch ${batch.batchNumber} has expired or been recalled since it was reserved: check stock again.`,
        );
      }
      await appendLine(tx, {
        pharmacyId: order.pharmacyId,
        batchId: r.batchId,
        medicineId: batch.medicineId,
        kind: 'DISPENSE',
        quantity: r.quantity,
        orderId: order.id,
        userId,
      });
    }
    await tx
      .update(pharmacyOrderItems)
      .set({ status: 'DISPENSED', dispensedAt: new Date() })
      .where(eq(pharmacyOrderItems.id, item.id));
  }
}

/** A return restocks only an unexpired, sealed pack; otherwise nothing goes back on the shelf. */
export async function restock(tx: Tx, order: OrderRow, userId: string, sealed: boolean, reason: string) {
  const items = await tx
    .select()
    .from(pharmacyOrderItems)
    .where(and(eq(pharmacyOrderItems.orderId, order.id), eq(pharmacyOrderItems.status, 'DISPENSED')));
  const today = todayInIndia();
  let units = 0;
  for (const item of items) {
    await tx.update(pharmacyOrderItems).set({ sealedReturn: sealed }).where(eq(pharmacyOrderItems.id, item.id));
    if (!sealed) continue;
    for (const r of item.reservations) {
      const [batch] = await tx.select().from(medicineBatches).where(eq(medicineBatches.id, r.batchId));
      if (!batch || batch.recalledAt || isExpired(batch.expiryDate, today)) continue;
      await appendLine(tx, {
        pharmacyId: order.pharmacyId,
        batchId: r.batchId,
        medicineId: batch.medicineId,
        kind: 'RETURN',
        quantity: r.quantity,
        reason,
        orderId: order.id,
        userId,
      });
      units += r.quantity;
    }
  }
  return units;
}

export async function cancelItems(tx: Tx, orderId: string) {
  await tx
    .update(pharmacyOrderItems)
    .set({ status: 'CANCELLED', reservations: [] })
    .where(
      and(
        eq(pharmacyOrderItems.orderId, orderId),
        inArray(pharmacyOrderItems.status, ['PENDING', 'VERIFIED', 'IN_STOCK', 'OUT_OF_STOCK']),
      ),
    );
}
