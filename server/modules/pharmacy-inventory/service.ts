import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TeamDuty } from '../../../domain/enums.ts';
import { expiryBand, isExpired } from '../../../domain/rules/pharmacy.ts';
import { hasDuty } from '../../../domain/rules/teams.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type {
  batchBody,
  InventoryQuery,
  LedgerQuery,
  Medicine,
  medicineBody,
  medicineUpdateBody,
  movementBody,
} from '../../../domain/schemas/pharmacyInventory.ts';
import type { Db, Tx } from '../../db/client.ts';
import { medicineBatches, medicines, stockLedger, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { appendLine, onHandByBatch, reservedByBatch } from './stock.ts';

export type InventoryDeps = { db: Db };
type MedicineRow = typeof medicines.$inferSelect;
type BatchRow = typeof medicineBatches.$inferSelect;

const paise = (rupees: number) => Math.round(rupees * 100);
export const NO_SUCH_MEDICINE = 'There is no medicine with that id in your stock.';
export const NO_SUCH_BATCH = 'There is no batch with that id in your stock.';

/** The pharmacy the caller acts for (inventory is the pharmacy's own; other pharmacies' ids answer 404). */
export function pharmacyOf(caller: AuthUser): string {
  if (caller.role !== 'PHARMACY' || !caller.referenceId) throw notFound('Set up your pharmacy profile first.');
  return caller.referenceId;
}

/** The caller holds one of `duties` in the pharmacy's team (an owner holds all; an admin stands in). */
export async function assertDuty(db: Db | Tx, caller: AuthUser, duties: readonly TeamDuty[]) {
  if (caller.role === 'ADMIN') return;
  const [member] = await db
    .select({ isOwner: users.isOwner, duties: users.duties })
    .from(users)
    .where(eq(users.id, caller.id));
  if (member && duties.some((duty) => hasDuty({ role: caller.role, ...member }, duty))) return;
  throw forbidden(
    `This needs one of these duties in your pharmacy's team: ${duties.join(', ').toLowerCase().replace(/_/g, ' ')}.`,
  );
}

export function batchView(b: BatchRow, onHand: number, reserved: number, today: string) {
  return {
    id: b.id,
    batchNumber: b.batchNumber,
    expiryDate: b.expiryDate,
    mrp: b.mrp / 100,
    purchasePrice: b.purchasePrice / 100,
    onHand,
    reserved,
    recalled: b.recalledAt !== null,
    expired: isExpired(b.expiryDate, today),
    expiryBand: expiryBand(b.expiryDate, today),
  };
}

export function inventoryService({ db }: InventoryDeps) {
  async function medicineViews(pharmacyId: string, rows: MedicineRow[]): Promise<Medicine[]> {
    if (rows.length === 0) return [];
    const batches = await db
      .select()
      .from(medicineBatches)
      .where(
        inArray(
          medicineBatches.medicineId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(medicineBatches.expiryDate));
    const onHand = await onHandByBatch(
      db,
      batches.map((b) => b.id),
    );
    const reserved = await reservedByBatch(db, pharmacyId);
    const today = todayInIndia();
    return rows.map((m) => {
      const own = batches
        .filter((b) => b.medicineId === m.id)
        .map((b) => batchView(b, onHand.get(b.id) ?? 0, reserved.get(b.id) ?? 0, today));
      const total = own.reduce((s, b) => s + b.onHand, 0);
      const sellable = own.filter((b) => !b.expired && !b.recalled).reduce((s, b) => s + b.onHand - b.reserved, 0);
      return {
        id: m.id,
        genericName: m.genericName,
        brandName: m.brandName,
        strength: m.strength,
        form: m.form,
        packSize: m.packSize,
        category: m.category,
        productCategory: m.productCategory,
        schedule: m.schedule,
        reorderLevel: m.reorderLevel,
        onHand: total,
        sellable,
        lowStock: sellable <= m.reorderLevel,
        batches: own,
      };
    });
  }

  async function ownMedicine(pharmacyId: string, medicineId: string) {
    const [row] = await db
      .select()
      .from(medicines)
      .where(and(eq(medicines.id, medicineId), eq(medicines.pharmacyId, pharmacyId)));
    if (!row) throw notFound(NO_SUCH_MEDICINE);
    return row;
  }

  async function ownBatch(pharmacyId: string, batchId: string) {
    const [row] = await db
      .select()
      .from(medicineBatches)
      .where(and(eq(medicineBatches.id, batchId), eq(medicineBatches.pharmacyId, pharmacyId)));
    if (!row) throw notFound(NO_SUCH_BATCH);
    return row;
  }

  async function one(pharmacyId: string, medicineId: string) {
    const [view] = await medicineViews(pharmacyId, [await ownMedicine(pharmacyId, medicineId)]);
    return view!;
  }

  return {
    one: (caller: AuthUser, medicineId: string) => one(pharmacyOf(caller), medicineId),

    async list(caller: AuthUser, q: InventoryQuery) {
      const pharmacyId = pharmacyOf(caller);
      const where: SQL[] = [eq(medicines.pharmacyId, pharmacyId)];
      if (q.search) {
        const like = `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        where.push(or(ilike(medicines.brandName, like), ilike(medicines.genericName, like))!);
      }
      if (q.schedule) where.push(eq(medicines.schedule, q.schedule));
      if (q.category) where.push(eq(medicines.category, q.category));
      const rows = await db
        .select()
        .from(medicines)
        .where(and(...where))
        .orderBy(asc(medicines.brandName));
      // Low stock depends on the ledger, so it filters after the views are built.
      let views = await medicineViews(pharmacyId, rows);
      if (q.lowStock !== undefined) views = views.filter((v) => v.lowStock === q.lowStock);
      const page = views.slice(pageOffset(q.page, q.limit), pageOffset(q.page, q.limit) + q.limit);
      return { medicines: page, pagination: paginationOf(q.page, q.limit, views.length) };
    },

    async create(caller: AuthUser, input: z.output<typeof medicineBody>) {
      const pharmacyId = pharmacyOf(caller);
      await assertDuty(db, caller, ['PHARMACIST']);
      const [row] = await db
        .insert(medicines)
        .values({ ...input, pharmacyId })
        .onConflictDoNothing()
        .returning();
      if (!row)
        throw conflict(
          `${input.brandName} ${input.strength} ${input.form} is already in your stock list.`.replace(/\s+/g, ' '),
        );
      return one(pharmacyId, row.id);
    },

    async update(caller: AuthUser, medicineId: string, input: z.output<typeof medicineUpdateBody>) {
      const pharmacyId = pharmacyOf(caller);
      await assertDuty(db, caller, ['PHARMACIST']);
      await ownMedicine(pharmacyId, medicineId);
      await db
        .update(medicines)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(medicines.id, medicineId));
      return one(pharmacyId, medicineId);
    },

    /** A received batch: its row and its first ledger line (RECEIPT). */
    async receive(caller: AuthUser, medicineId: string, input: z.output<typeof batchBody>) {
      const pharmacyId = pharmacyOf(caller);
      await assertDuty(db, caller, ['PHARMACIST']);
      await ownMedicine(pharmacyId, medicineId);
      await db.transaction((tx) => receiveBatch(tx, pharmacyId, medicineId, input, caller.id));
      return one(pharmacyId, medicineId);
    },

    async move(caller: AuthUser, batchId: string, input: z.output<typeof movementBody>) {
      const pharmacyId = pharmacyOf(caller);
      await assertDuty(db, caller, ['PHARMACIST']);
      const batch = await ownBatch(pharmacyId, batchId);
      if (input.kind === 'EXPIRY_WRITE_OFF' && input.quantity <= 0) {
        throw conflict('A write-off takes a positive number of units.');
      }
      await db.transaction((tx) =>
        appendLine(tx, {
          pharmacyId,
          batchId,
          medicineId: batch.medicineId,
          kind: input.kind,
          quantity: input.quantity,
          reason: input.reason,
          userId: caller.id,
        }),
      );
      return one(pharmacyId, batch.medicineId);
    },

    async recall(caller: AuthUser, batchId: string, reason: string) {
      const pharmacyId = pharmacyOf(caller);
      await assertDuty(db, caller, ['PHARMACIST']);
      const batch = await ownBatch(pharmacyId, batchId);
      if (batch.recalledAt) throw conflict('This batch is already recalled.');
      await db.transaction(async (tx) => {
        await tx.update(medicineBatches).set({ recalledAt: new Date() }).where(eq(medicineBatches.id, batchId));
        const [sum] = await tx
          .select({ onHand: sql<number>`coalesce(sum(${stockLedger.quantity}), 0)::int` })
          .from(stockLedger)
          .where(eq(stockLedger.batchId, batchId));
        const left = sum?.onHand ?? 0;
        if (left > 0) {
          await appendLine(tx, {
            pharmacyId,
            batchId,
            medicineId: batch.medicineId,
            kind: 'ADJUSTMENT',
            quantity: -left,
            reason: `Recall: ${reason}`,
            userId: caller.id,
          });
        }
      });
      return one(pharmacyId, batch.medicineId);
    },

    async ledger(caller: AuthUser, q: LedgerQuery) {
      const pharmacyId = pharmacyOf(caller);
      const where = and(
        eq(stockLedger.pharmacyId, pharmacyId),
        q.batchId ? eq(stockLedger.batchId, q.batchId) : undefined,
        q.medicineId ? eq(stockLedger.medicineId, q.medicineId) : undefined,
        q.kind ? eq(stockLedger.kind, q.kind) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(stockLedger).where(where);
      const lines = await ledgerLines(db, where, q.limit, pageOffset(q.page, q.limit));
      return { lines, pagination: paginationOf(q.page, q.limit, total?.n ?? 0) };
    },

    async expiring(caller: AuthUser, days: number) {
      const pharmacyId = pharmacyOf(caller);
      const all = await db
        .select({ batch: medicineBatches, brandName: medicines.brandName, genericName: medicines.genericName })
        .from(medicineBatches)
        .innerJoin(medicines, eq(medicines.id, medicineBatches.medicineId))
        .where(eq(medicineBatches.pharmacyId, pharmacyId))
        .orderBy(asc(medicineBatches.expiryDate));
      const onHand = await onHandByBatch(
        db,
        all.map((r) => r.batch.id),
      );
      const reserved = await reservedByBatch(db, pharmacyId);
      const today = todayInIndia();
      const batches = all
        .map((r) => ({
          ...batchView(r.batch, onHand.get(r.batch.id) ?? 0, reserved.get(r.batch.id) ?? 0, today),
          medicineId: r.batch.medicineId,
          brandName: r.brandName,
          genericName: r.genericName,
          value: ((onHand.get(r.batch.id) ?? 0) * r.batch.purchasePrice) / 100,
        }))
        .filter((b) => b.onHand > 0 && b.expiryBand !== null && (b.expiryBand === 'EXPIRED' || b.expiryBand <= days));
      const sum = (xs: typeof batches) => Math.round(xs.reduce((s, b) => s + b.value, 0) * 100) / 100;
      return {
        batches,
        expiredValue: sum(batches.filter((b) => b.expired)),
        nearExpiryValue: sum(batches.filter((b) => !b.expired)),
      };
    },
  };
}

/** Finds or makes the batch and appends its RECEIPT line (a second receipt of one batch number adds to it). */
export async function receiveBatch(
  tx: Tx,
  pharmacyId: string,
  medicineId: string,
  input: z.output<typeof batchBody>,
  userId: string | null,
  reason: string | null = null,
) {
  await tx
    .insert(medicineBatches)
    .values({
      pharmacyId,
      medicineId,
      batchNumber: input.batchNumber,
      expiryDate: input.expiryDate,
      mrp: paise(input.mrp),
      purchasePrice: paise(input.purchasePrice),
    })
    .onConflictDoNothing();
  const [batch] = await tx
    .select()
    .from(medicineBatches)
    .where(and(eq(medicineBatches.medicineId, medicineId), eq(medicineBatches.batchNumber, input.batchNumber)));
  if (batch!.expiryDate !== input.expiryDate) {
    throw conflict(`Batch ${input.batchNumber} is already in stock with expiry ${batch!.expiryDate}.`);
  }
  await appendLine(tx, {
    pharmacyId,
    batchId: batch!.id,
    medicineId,
    kind: 'RECEIPT',
    quantity: input.quantity,
    reason,
    userId,
  });
  return batch!;
}

export async function ledgerLines(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      line: stockLedger,
      batchNumber: medicineBatches.batchNumber,
      brandName: medicines.brandName,
      userName: users.name,
    })
    .from(stockLedger)
    .innerJoin(medicineBatches, eq(medicineBatches.id, stockLedger.batchId))
    .innerJoin(medicines, eq(medicines.id, stockLedger.medicineId))
    .leftJoin(users, eq(users.id, stockLedger.userId))
    .where(where)
    .orderBy(desc(stockLedger.createdAt))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.line.id,
    batchId: r.line.batchId,
    batchNumber: r.batchNumber,
    medicineId: r.line.medicineId,
    brandName: r.brandName,
    kind: r.line.kind,
    quantity: r.line.quantity,
    balance: r.line.balance,
    reason: r.line.reason,
    orderId: r.line.orderId,
    userName: r.userName,
    createdAt: r.line.createdAt.toISOString(),
  }));
}

export type InventoryService = ReturnType<typeof inventoryService>;
