import { todayInIndia } from '../../../domain/rules/time.ts';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DUPLICATE_DISPENSE_DAYS } from '../../../domain/rules/pharmacy.ts';
import {
  PHARMACY_ORDER_WORKFLOW,
  patientMayCancel,
  type PharmacyOrderParty,
} from '../../../domain/rules/pharmacyOrders.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { OrderListQuery, PharmacyOrder } from '../../../domain/schemas/pharmacyOrders.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  medicineBatches,
  medicines,
  patients,
  pharmacies,
  pharmacyOrderItems,
  pharmacyOrders,
  pharmacyReviews,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { addDaysToDate, startOfDayInIndia } from './dates.ts';

export type OrderRow = typeof pharmacyOrders.$inferSelect;
export type ItemRow = typeof pharmacyOrderItems.$inferSelect;
export const NO_SUCH_ORDER = 'There is no pharmacy order with that id.';

/** How the caller stands to an order; null when not on it (404). */
export function partyOf(
  caller: AuthUser,
  row: Pick<OrderRow, 'pharmacyId' | 'patientId' | 'doctorId' | 'hospitalId'>,
): PharmacyOrderParty | null {
  const ref = caller.referenceId;
  if (caller.role === 'ADMIN') return 'ADMIN';
  if (!ref) return null;
  if (caller.role === 'PHARMACY') return ref === row.pharmacyId ? 'PHARMACY' : null;
  if (caller.role === 'PATIENT') return ref === row.patientId ? 'PATIENT' : null;
  if (caller.role === 'DOCTOR') return ref === row.doctorId ? 'PRESCRIBER' : null;
  if (caller.role === 'HOSPITAL') return ref === row.hospitalId ? 'PRESCRIBER' : null;
  return null;
}

export function orderScope(caller: AuthUser): SQL {
  const ref = caller.referenceId;
  const own = (column: AnyPgColumn) => (ref ? eq(column, ref) : sql`false`);
  switch (caller.role) {
    case 'ADMIN':
      return sql`true`;
    case 'PHARMACY':
      return own(pharmacyOrders.pharmacyId);
    case 'PATIENT':
      return own(pharmacyOrders.patientId);
    case 'DOCTOR':
      return own(pharmacyOrders.doctorId);
    case 'HOSPITAL':
      return own(pharmacyOrders.hospitalId);
    default:
      return sql`false`;
  }
}

export function orderFilters(q: Partial<OrderListQuery>): SQL[] {
  const f: SQL[] = [];
  if (q.status) f.push(eq(pharmacyOrders.status, q.status));
  if (q.priority) f.push(eq(pharmacyOrders.priority, q.priority));
  if (q.orderType) f.push(eq(pharmacyOrders.orderType, q.orderType));
  if (q.deliveryMethod) f.push(eq(pharmacyOrders.deliveryMethod, q.deliveryMethod));
  if (q.consultationId) f.push(eq(pharmacyOrders.consultationId, q.consultationId));
  if (q.patientId) f.push(eq(pharmacyOrders.patientId, q.patientId));
  if (q.pharmacyId) f.push(eq(pharmacyOrders.pharmacyId, q.pharmacyId));
  if (q.doctorId) f.push(eq(pharmacyOrders.doctorId, q.doctorId));
  if (q.hospitalId) f.push(eq(pharmacyOrders.hospitalId, q.hospitalId));
  if (q.dateFrom) f.push(gte(pharmacyOrders.createdAt, startOfDayInIndia(q.dateFrom)));
  if (q.dateTo) f.push(lt(pharmacyOrders.createdAt, startOfDayInIndia(addDaysToDate(q.dateTo, 1))));
  if (q.orderNumber)
    f.push(ilike(pharmacyOrders.orderNumber, `%${q.orderNumber.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  return f;
}

const SORTS = {
  createdAt: pharmacyOrders.createdAt,
  updatedAt: pharmacyOrders.updatedAt,
  status: pharmacyOrders.status,
  orderNumber: pharmacyOrders.orderNumber,
  priority: sql`array_position(array['LOW','NORMAL','HIGH','URGENT'], ${pharmacyOrders.priority})`,
};

export async function loadOrder(db: Db | Tx, caller: AuthUser, orderId: string) {
  const [row] = await db
    .select()
    .from(pharmacyOrders)
    .where(and(eq(pharmacyOrders.id, orderId), orderScope(caller)));
  return row;
}

/** The actions the caller may take now (the patient's cancel only before preparation). */
export function actionsFor(party: PharmacyOrderParty, row: OrderRow) {
  return PHARMACY_ORDER_WORKFLOW.availableActions(party, row).filter(
    (a) => !(a === 'CANCEL' && party === 'PATIENT' && !patientMayCancel(row.status)),
  );
}

function summary(
  row: OrderRow,
  party: PharmacyOrderParty,
  pharmacyName: string,
  patientName: string | null,
  total: number,
  reviewed: boolean,
) {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    pharmacyId: row.pharmacyId,
    pharmacyName,
    patientId: row.patientId,
    patientName: patientName ?? row.walkInName,
    doctorId: row.doctorId,
    hospitalId: row.hospitalId,
    consultationId: row.consultationId,
    orderType: row.orderType,
    priority: row.priority,
    status: row.status,
    statusReason: row.statusReason,
    deliveryMethod: row.deliveryMethod,
    deliveryAddress: row.deliveryAddress,
    deliveryPerson: row.deliveryPerson,
    trackingNote: row.trackingNote,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    paymentStatus: row.paymentStatus,
    prescriberName: row.prescriberName,
    prescriberRegistration: row.prescriberRegistration,
    prescriptionDate: row.prescriptionDate,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    preparedBy: row.preparedBy,
    qualityCheck: row.qualityCheck ?? null,
    readyAt: row.readyAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    total,
    actions: actionsFor(party, row),
    reviewed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function totals(db: Db | Tx, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      orderId: pharmacyOrderItems.orderId,
      paise: sql<number>`coalesce(sum(${pharmacyOrderItems.quantity} * ${pharmacyOrderItems.unitPrice}) filter (where ${pharmacyOrderItems.status} <> 'CANCELLED'), 0)::int`,
    })
    .from(pharmacyOrderItems)
    .where(inArray(pharmacyOrderItems.orderId, orderIds))
    .groupBy(pharmacyOrderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, r.paise / 100]));
}

export async function listOrders(db: Db, caller: AuthUser, q: OrderListQuery) {
  const where = and(orderScope(caller), ...orderFilters(q));
  const [total] = await db.select({ n: count() }).from(pharmacyOrders).where(where);
  const order = q.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select({
      order: pharmacyOrders,
      pharmacyName: pharmacies.name,
      firstName: patients.firstName,
      lastName: patients.lastName,
      reviewId: pharmacyReviews.id,
    })
    .from(pharmacyOrders)
    .innerJoin(pharmacies, eq(pharmacies.id, pharmacyOrders.pharmacyId))
    .leftJoin(patients, eq(patients.id, pharmacyOrders.patientId))
    .leftJoin(pharmacyReviews, eq(pharmacyReviews.orderId, pharmacyOrders.id))
    .where(where)
    .orderBy(order(SORTS[q.sortBy]), desc(pharmacyOrders.id))
    .limit(q.limit)
    .offset(pageOffset(q.page, q.limit));
  const sums = await totals(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    orders: rows.map((r) =>
      summary(
        r.order,
        partyOf(caller, r.order)!,
        r.pharmacyName,
        r.firstName ? `${r.firstName} ${r.lastName}` : null,
        sums.get(r.order.id) ?? 0,
        r.reviewId !== null,
      ),
    ),
    pagination: paginationOf(q.page, q.limit, total?.n ?? 0),
  };
}

/** The same medicine (by salt) dispensed to the same patient within the look-back, per item: a warning. */
async function duplicateWarnings(
  db: Db | Tx,
  row: OrderRow,
  items: { id: string; medicineId: string | null; genericName: string | null }[],
) {
  const warnings = new Map<string, string>();
  if (!row.patientId) return warnings;
  const since = new Date(Date.now() - DUPLICATE_DISPENSE_DAYS * 86_400_000);
  const earlier = await db
    .select({
      genericName: medicines.genericName,
      dispensedAt: pharmacyOrderItems.dispensedAt,
      orderNumber: pharmacyOrders.orderNumber,
    })
    .from(pharmacyOrderItems)
    .innerJoin(pharmacyOrders, eq(pharmacyOrders.id, pharmacyOrderItems.orderId))
    .innerJoin(medicines, eq(medicines.id, pharmacyOrderItems.medicineId))
    .where(
      and(
        eq(pharmacyOrders.patientId, row.patientId),
        sql`${pharmacyOrders.id} <> ${row.id}`,
        isNotNull(pharmacyOrderItems.dispensedAt),
        gte(pharmacyOrderItems.dispensedAt, since),
      ),
    );
  for (const item of items) {
    const hit = earlier.find((e) => item.genericName && e.genericName.toLowerCase() === item.genericName.toLowerCase());
    if (hit)
      warnings.set(
        item.id,
        `${hit.genericName} was dispensed to this patient on ${todayInIndia(hit.dispensedAt!)} (order ${hit.orderNumber}).`,
      );
  }
  return warnings;
}

export async function orderView(db: Db | Tx, caller: AuthUser, orderId: string): Promise<PharmacyOrder> {
  const [r] = await db
    .select({
      order: pharmacyOrders,
      pharmacyName: pharmacies.name,
      firstName: patients.firstName,
      lastName: patients.lastName,
      reviewId: pharmacyReviews.id,
    })
    .from(pharmacyOrders)
    .innerJoin(pharmacies, eq(pharmacies.id, pharmacyOrders.pharmacyId))
    .leftJoin(patients, eq(patients.id, pharmacyOrders.patientId))
    .leftJoin(pharmacyReviews, eq(pharmacyReviews.orderId, pharmacyOrders.id))
    .where(and(eq(pharmacyOrders.id, orderId), orderScope(caller)));
  const party = r ? partyOf(caller, r.order) : null;
  if (!r || !party) throw notFound(NO_SUCH_ORDER);
  const items = await db
    .select({ item: pharmacyOrderItems, medicine: medicines })
    .from(pharmacyOrderItems)
    .leftJoin(medicines, eq(medicines.id, pharmacyOrderItems.medicineId))
    .where(eq(pharmacyOrderItems.orderId, orderId))
    .orderBy(asc(pharmacyOrderItems.prescribedName), asc(pharmacyOrderItems.id));
  const batchIds = items.flatMap((i) => i.item.reservations.map((x) => x.batchId));
  const batches = batchIds.length
    ? await db.select().from(medicineBatches).where(inArray(medicineBatches.id, batchIds))
    : [];
  const byId = new Map(batches.map((b) => [b.id, b]));
  const warnings = await duplicateWarnings(
    db,
    r.order,
    items.map((i) => ({ id: i.item.id, medicineId: i.item.medicineId, genericName: i.medicine?.genericName ?? null })),
  );
  const sums = await totals(db, [orderId]);
  return {
    ...summary(
      r.order,
      party,
      r.pharmacyName,
      r.firstName ? `${r.firstName} ${r.lastName}` : null,
      sums.get(orderId) ?? 0,
      r.reviewId !== null,
    ),
    notes: r.order.notes,
    items: items.map(({ item, medicine }) => ({
      id: item.id,
      prescribedName: item.prescribedName,
      medicineId: item.medicineId,
      medicineName: medicine ? `${medicine.brandName} ${medicine.strength}`.trim() : null,
      schedule: medicine?.schedule ?? null,
      quantity: item.quantity,
      status: item.status,
      reservations: item.reservations.map((x) => ({
        batchId: x.batchId,
        batchNumber: byId.get(x.batchId)?.batchNumber ?? '',
        expiryDate: byId.get(x.batchId)?.expiryDate ?? '',
        quantity: x.quantity,
      })),
      batchOverrideReason: item.batchOverrideReason,
      unitPrice: item.unitPrice === null ? null : item.unitPrice / 100,
      dispensedAt: item.dispensedAt?.toISOString() ?? null,
      duplicateWarning: warnings.get(item.id) ?? null,
    })),
  };
}
