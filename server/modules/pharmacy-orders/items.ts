import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isExpired } from '../../../domain/rules/pharmacy.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type { itemBody } from '../../../domain/schemas/pharmacyOrders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { medicines, pharmacyOrderItems, pharmacyOrders } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertDuty, pickableBatches } from '../pharmacy-inventory/index.ts';
import { announceChange, type AnnounceDeps } from './messages.ts';
import { NO_SUCH_ORDER, loadOrder, orderView, partyOf, type OrderRow } from './queries.ts';

type ItemChange = z.output<typeof itemBody>;
/** Lines change (substitute, quantity, status) before stock is reserved; another batch may be picked until QC. */
const EDITABLE = ['RECEIVED', 'PRESCRIPTION_VERIFICATION', 'INSURANCE_VERIFICATION', 'INVENTORY_CHECK', 'ON_HOLD'];
const BATCH_PICKABLE = [...EDITABLE, 'APPROVED', 'PARTIALLY_FILLED', 'IN_PREPARATION'];

/** PATCH …/items and …/items/{itemId}: the pharmacist's changes to the lines, in one transaction. */
export function orderItemUseCases(deps: AnnounceDeps & { db: Db }) {
  const { db } = deps;

  async function change(tx: Tx, caller: AuthUser, order: OrderRow, itemId: string, body: ItemChange) {
    const [item] = await tx
      .select()
      .from(pharmacyOrderItems)
      .where(and(eq(pharmacyOrderItems.id, itemId), eq(pharmacyOrderItems.orderId, order.id)));
    if (!item) throw notFound('There is no item with that id on this order.');
    if (item.status === 'DISPENSED') throw conflict('This item has been dispensed.');
    const lineChange = body.medicineId || body.quantity || body.status;
    if (lineChange && !EDITABLE.includes(order.status)) {
      throw conflict(
        'Stock is reserved for this order: put it on hold or check stock again before changing its lines.',
      );
    }
    const set: Partial<typeof pharmacyOrderItems.$inferInsert> = {};
    if (body.medicineId) {
      const [m] = await tx
        .select({ id: medicines.id })
        .from(medicines)
        .where(and(eq(medicines.id, body.medicineId), eq(medicines.pharmacyId, order.pharmacyId)));
      if (!m) throw notFound('There is no medicine with that id in your stock.');
      Object.assign(set, { medicineId: m.id, reservations: [], batchOverrideReason: null, status: 'PENDING' });
    }
    if (body.quantity) Object.assign(set, { quantity: body.quantity, reservations: [], batchOverrideReason: null });
    if (body.status)
      Object.assign(set, { status: body.status, ...(body.status === 'CANCELLED' ? { reservations: [] } : {}) });
    if (body.batchId) {
      if (!BATCH_PICKABLE.includes(order.status))
        throw conflict('The batch can no longer change: the order is past preparation.');
      const medicineId = (set.medicineId as string | undefined) ?? item.medicineId;
      if (!medicineId) throw conflict('Match the item to a medicine before picking its batch.');
      const batches = await pickableBatches(tx, order.pharmacyId, medicineId, order.id);
      const batch = batches.find((b) => b.id === body.batchId);
      if (!batch) throw notFound('There is no such batch of this medicine.');
      if (batch.recalled || isExpired(batch.expiryDate, todayInIndia())) {
        throw conflict(`Batch ${batch.batchNumber} is expired or recalled: it can never be sold.`);
      }
      const quantity = (set.quantity as number | undefined) ?? item.quantity;
      if (batch.available < quantity)
        throw conflict(`Batch ${batch.batchNumber} has only ${batch.available} available.`);
      Object.assign(set, {
        reservations: [{ batchId: batch.id, quantity }],
        batchOverrideReason: body.reason,
        status: 'IN_STOCK',
        unitPrice: batch.mrp,
      });
    }
    await tx.update(pharmacyOrderItems).set(set).where(eq(pharmacyOrderItems.id, itemId));
  }

  async function run(caller: AuthUser, orderId: string, changes: { itemId: string; body: ItemChange }[]) {
    const order = await db.transaction(async (tx) => {
      await tx
        .select({ id: pharmacyOrders.id })
        .from(pharmacyOrders)
        .where(eq(pharmacyOrders.id, orderId))
        .for('update');
      const row = await loadOrder(tx, caller, orderId);
      const party = row ? partyOf(caller, row) : null;
      if (!row || !party) throw notFound(NO_SUCH_ORDER);
      if (party !== 'PHARMACY' && party !== 'ADMIN') throw forbidden('Only the pharmacy changes an order’s items.');
      await assertDuty(tx, caller, ['PHARMACIST']);
      for (const c of changes) await change(tx, caller, row, c.itemId, c.body);
      await tx.update(pharmacyOrders).set({ updatedAt: new Date() }).where(eq(pharmacyOrders.id, orderId));
      return row;
    });
    announceChange(deps, order, order.status);
    return orderView(db, caller, orderId);
  }

  return {
    one: (caller: AuthUser, orderId: string, itemId: string, body: ItemChange) =>
      run(caller, orderId, [{ itemId, body }]),
    many: (caller: AuthUser, orderId: string, items: (ItemChange & { itemId: string })[]) =>
      run(
        caller,
        orderId,
        items.map(({ itemId, ...body }) => ({ itemId, body })),
      ),
  };
}
export type OrderItemUseCases = ReturnType<typeof orderItemUseCases>;
