import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { PHARMACY_ORDER_STATUSES } from '../../../domain/enums.ts';
import { addDays } from '../../../domain/rules/pharmacy.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type { StatsQuery } from '../../../domain/schemas/pharmacyOrders.ts';
import type { Db } from '../../db/client.ts';
import { medicineBatches, medicines, pharmacyOrderItems, pharmacyOrders, stockLedger } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { addDaysToDate, startOfDayInIndia } from './dates.ts';
import { orderScope } from './queries.ts';

const PERIOD_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;
const TRUNC = { day: 'hour', week: 'day', month: 'day', year: 'month' } as const;

/** Orders by status, fill rate, time to ready, revenue, top medicines, stock and near-expiry value. */
export async function orderStats(db: Db, caller: AuthUser, q: StatsQuery) {
  if (caller.role !== 'ADMIN' && (caller.role !== 'PHARMACY' || !caller.referenceId))
    throw notFound('There is no pharmacy for you.');
  const today = todayInIndia();
  const to = q.dateTo ?? today;
  const from = q.dateFrom ?? addDaysToDate(to, -(PERIOD_DAYS[q.period] - 1));
  const inRange = and(
    orderScope(caller),
    gte(pharmacyOrders.createdAt, startOfDayInIndia(from)),
    lt(pharmacyOrders.createdAt, startOfDayInIndia(addDaysToDate(to, 1))),
  );
  const byStatus = await db
    .select({ status: pharmacyOrders.status, count: sql<number>`count(*)::int` })
    .from(pharmacyOrders)
    .where(inRange)
    .groupBy(pharmacyOrders.status);
  const items = await db
    .select({
      filled: sql<number>`count(*) filter (where ${pharmacyOrderItems.status} = 'DISPENSED')::int`,
      asked: sql<number>`count(*) filter (where ${pharmacyOrderItems.status} <> 'CANCELLED' or ${pharmacyOrders.status} = 'CANCELLED')::int`,
      revenue: sql<number>`coalesce(sum(${pharmacyOrderItems.quantity} * ${pharmacyOrderItems.unitPrice}) filter (where ${pharmacyOrderItems.status} = 'DISPENSED'), 0)::bigint`,
    })
    .from(pharmacyOrderItems)
    .innerJoin(pharmacyOrders, eq(pharmacyOrders.id, pharmacyOrderItems.orderId))
    .where(
      and(
        inRange,
        inArray(pharmacyOrders.status, ['COMPLETED', 'CANCELLED', 'RETURNED', 'PARTIALLY_FILLED', 'DELIVERED']),
      ),
    );
  const [ready] = await db
    .select({
      hours: sql<
        number | null
      >`avg(extract(epoch from (${pharmacyOrders.readyAt} - ${pharmacyOrders.createdAt})) / 3600)`,
    })
    .from(pharmacyOrders)
    .where(and(inRange, isNotNull(pharmacyOrders.readyAt)));
  const top = await db
    .select({ name: medicines.brandName, quantity: sql<number>`sum(${pharmacyOrderItems.quantity})::int` })
    .from(pharmacyOrderItems)
    .innerJoin(pharmacyOrders, eq(pharmacyOrders.id, pharmacyOrderItems.orderId))
    .innerJoin(medicines, eq(medicines.id, pharmacyOrderItems.medicineId))
    .where(and(inRange, eq(pharmacyOrderItems.status, 'DISPENSED')))
    .groupBy(medicines.brandName)
    .orderBy(sql`2 desc`)
    .limit(5);
  const series = await db
    .select({
      bucket: sql<string>`to_char(date_trunc(${TRUNC[q.period]}, ${pharmacyOrders.createdAt} at time zone 'Asia/Kolkata'), 'YYYY-MM-DD"T"HH24:MI')`,
      orders: sql<number>`count(distinct ${pharmacyOrders.id})::int`,
      revenue: sql<number>`coalesce(sum(${pharmacyOrderItems.quantity} * ${pharmacyOrderItems.unitPrice}) filter (where ${pharmacyOrderItems.status} = 'DISPENSED'), 0)::bigint`,
    })
    .from(pharmacyOrders)
    .leftJoin(pharmacyOrderItems, eq(pharmacyOrderItems.orderId, pharmacyOrders.id))
    .where(inRange)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  // Stock value at purchase price: every batch's ledger sum; near expiry within 90 days, not yet expired.
  const stockScope = caller.role === 'PHARMACY' ? eq(stockLedger.pharmacyId, caller.referenceId!) : undefined;
  const [stock] = await db
    .select({
      value: sql<number>`coalesce(sum(${stockLedger.quantity} * ${medicineBatches.purchasePrice}) filter (where ${medicineBatches.expiryDate} > ${today}), 0)::bigint`,
      near: sql<number>`coalesce(sum(${stockLedger.quantity} * ${medicineBatches.purchasePrice}) filter (where ${medicineBatches.expiryDate} > ${today} and ${medicineBatches.expiryDate} <= ${addDays(today, 90)}), 0)::bigint`,
    })
    .from(stockLedger)
    .innerJoin(medicineBatches, eq(medicineBatches.id, stockLedger.batchId))
    .where(stockScope);
  const counts = new Map(byStatus.map((s) => [s.status, s.count]));
  const i = items[0] ?? { filled: 0, asked: 0, revenue: 0 };
  return {
    byStatus: PHARMACY_ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    total: byStatus.reduce((s, r) => s + r.count, 0),
    fillRate: i.asked > 0 ? Math.round((i.filled / i.asked) * 1000) / 10 : null,
    averageHoursToReady: ready?.hours == null ? null : Math.round(Number(ready.hours) * 10) / 10,
    revenue: Number(i.revenue) / 100,
    topMedicines: top,
    stockValue: Number(stock?.value ?? 0) / 100,
    nearExpiryValue: Number(stock?.near ?? 0) / 100,
    series: series.map((s) => ({ bucket: s.bucket, orders: s.orders, revenue: Number(s.revenue) / 100 })),
  };
}
