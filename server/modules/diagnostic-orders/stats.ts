import { and, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import { DIAGNOSTIC_TEST_TYPES, type DiagnosticTestType } from '../../../domain/enums.ts';
import { percentiles } from '../../../domain/rules/diagnosticOrders.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type { OrderStats } from '../../../domain/schemas/diagnosticOrders.ts';
import type { Db } from '../../db/client.ts';
import { diagnosticOrderTests, diagnosticOrders } from '../../db/schema/index.ts';
import { addDaysToDate, startOfDayInIndia } from './dates.ts';

const HOUR = 3_600_000;
/** The widest window statistics read at once (a year). */
const MAX_DAYS = 366;

const hoursBetween = (from: Date | null, to: Date | null) =>
  from && to && to >= from ? (to.getTime() - from.getTime()) / HOUR : null;
const round1 = (n: number) => Math.round(n * 10) / 10;

function stage(values: Array<number | null>) {
  const present = values.filter((v): v is number => v !== null);
  const p = percentiles(present);
  return { count: present.length, medianHours: p ? round1(p.median) : null, p90Hours: p ? round1(p.p90) : null };
}

/**
 * Volumes by test and status, turnaround per stage (median, 90th percentile) from the times each
 * step recorded, the rejection rate and breaches of the promised turnaround. Default window: the last 30 days.
 */
export async function orderStats(
  db: Db,
  q: { centreId: string | undefined; dateFrom: string | undefined; dateTo: string | undefined },
): Promise<OrderStats> {
  const to = q.dateTo ?? todayInIndia();
  let from = q.dateFrom ?? addDaysToDate(to, -29);
  if (addDaysToDate(from, MAX_DAYS) < to) from = addDaysToDate(to, -MAX_DAYS);
  const o = diagnosticOrders;
  const where: SQL[] = [
    isNull(o.deletedAt),
    gte(o.createdAt, startOfDayInIndia(from)),
    lt(o.createdAt, startOfDayInIndia(addDaysToDate(to, 1))),
  ];
  if (q.centreId) where.push(eq(o.centreId, q.centreId));
  const rows = await db
    .select({ test: diagnosticOrderTests, orderId: o.id, orderedAt: o.createdAt })
    .from(diagnosticOrderTests)
    .innerJoin(o, eq(o.id, diagnosticOrderTests.orderId))
    .where(and(...where));

  const byStatus: Record<string, number> = {};
  const byTest = new Map<DiagnosticTestType, { count: number; released: number }>();
  const perDay = new Map<string, { orders: Set<string>; released: number }>();
  const dayOf = (at: Date) => todayInIndia(at);
  for (let day = from; day <= to; day = addDaysToDate(day, 1)) perDay.set(day, { orders: new Set(), released: 0 });
  let collected = 0;
  let rejected = 0;
  let breaches = 0;
  for (const { test, orderId, orderedAt } of rows) {
    byStatus[test.status] = (byStatus[test.status] ?? 0) + 1;
    const entry = byTest.get(test.testType) ?? { count: 0, released: 0 };
    entry.count += 1;
    if (test.releasedAt) entry.released += 1;
    byTest.set(test.testType, entry);
    perDay.get(dayOf(orderedAt))?.orders.add(orderId);
    if (test.releasedAt) {
      const day = perDay.get(dayOf(test.releasedAt));
      if (day) day.released += 1;
    }
    if (test.collectedAt) collected += 1;
    if (test.rejectedAt) rejected += 1;
    const taken = hoursBetween(test.collectedAt, test.releasedAt);
    if (taken !== null && test.promisedHours !== null && taken > test.promisedHours) breaches += 1;
  }
  const pick = (f: (row: (typeof rows)[number]) => number | null) => stage(rows.map(f));
  return {
    orders: new Set(rows.map((r) => r.orderId)).size,
    byStatus,
    byTest: [...byTest.entries()]
      .sort(([a], [b]) => DIAGNOSTIC_TEST_TYPES.indexOf(a) - DIAGNOSTIC_TEST_TYPES.indexOf(b))
      .map(([testType, v]) => ({ testType, ...v })),
    turnaround: {
      orderToCollection: pick((r) => hoursBetween(r.orderedAt, r.test.collectedAt)),
      collectionToReceipt: pick((r) => hoursBetween(r.test.collectedAt, r.test.receivedAt)),
      receiptToResult: pick((r) => hoursBetween(r.test.receivedAt, r.test.resultEnteredAt)),
      resultToRelease: pick((r) => hoursBetween(r.test.resultEnteredAt, r.test.releasedAt)),
      collectionToRelease: pick((r) => hoursBetween(r.test.collectedAt, r.test.releasedAt)),
    },
    rejectionRate: collected > 0 ? Math.round((rejected / collected) * 1000) / 1000 : 0,
    breaches,
    perDay: [...perDay.entries()].map(([day, v]) => ({ day, orders: v.orders.size, released: v.released })),
  };
}
