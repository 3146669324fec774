import { and, desc, eq, gte, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  affiliationLedger,
  affiliationStatements,
  type affiliations,
  diagnosticOrderTests,
  diagnosticOrders,
} from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';
import { accrueOrders, priced, serviceLink, versionsOf } from './accrual.ts';

/**
 * The ledger of an affiliation: lines from the events that pass through it (written as they happen,
 * accrual.ts), each priced by the one commission function (domain/rules/commission.ts); reversals
 * are negative lines of their own, so a settled line is never touched; settling first brings the
 * ledger up to date (idempotent) and closes the open lines into an immutable statement.
 */

type Row = typeof affiliations.$inferSelect;

/** The centre and the referring party of an affiliation that orders diagnostic tests, or null. */
export function diagnosticsLink(row: Pick<Row, 'proposerKind' | 'proposerId' | 'recipientKind' | 'recipientId'>) {
  const link = serviceLink(row, 'DIAGNOSTICS');
  return link ? { centreId: link.partnerId, referrer: link.referrer } : null;
}

const ordersOf = (link: NonNullable<ReturnType<typeof diagnosticsLink>>) =>
  and(
    eq(diagnosticOrders.centreId, link.centreId),
    link.referrer.kind === 'HOSPITAL'
      ? eq(diagnosticOrders.hospitalId, link.referrer.id)
      : eq(diagnosticOrders.doctorId, link.referrer.id),
  );

/** Closes every open line up to the end of `periodTo` (India) into the next statement. */
export async function settle(tx: Tx, row: Row, periodTo: string, userId: string | null) {
  await accrueOrders(tx, row);
  const endOfDay = new Date(Date.parse(`${periodTo}T23:59:59.999+05:30`));
  const open = and(
    eq(affiliationLedger.affiliationId, row.id),
    isNull(affiliationLedger.statementId),
    lte(affiliationLedger.occurredAt, endOfDay),
  );
  const [totals] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${affiliationLedger.amountPaise}), 0)::bigint`,
      commission: sql<number>`coalesce(sum(${affiliationLedger.commissionPaise}), 0)::bigint`,
    })
    .from(affiliationLedger)
    .where(open);
  if (!totals || totals.n === 0)
    throw conflict('There are no open ledger lines up to that date, so there is nothing to settle.');
  const [last] = await tx
    .select()
    .from(affiliationStatements)
    .where(eq(affiliationStatements.affiliationId, row.id))
    .orderBy(desc(affiliationStatements.number))
    .limit(1);
  const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const periodFrom = last ? dayAfter(last.periodTo) : row.startDate;
  if (last && periodTo < last.periodTo) throw conflict('That period is already closed: settle up to a later date.');
  const [statement] = await tx
    .insert(affiliationStatements)
    .values({
      affiliationId: row.id,
      number: (last?.number ?? 0) + 1,
      periodFrom: periodFrom > periodTo ? periodTo : periodFrom,
      periodTo,
      lineCount: totals.n,
      totalAmountPaise: Number(totals.amount),
      totalCommissionPaise: Number(totals.commission),
      createdBy: userId,
    })
    .returning();
  await tx.update(affiliationLedger).set({ statementId: statement!.id }).where(open);
  return statement!;
}

/** Referrals, conversions, revenue, commission and a centre's turnaround: computed, never typed in. */
export async function performanceOf(db: Db | Tx, row: Row) {
  const [money] = await db
    .select({
      revenue: sql<number>`coalesce(sum(${affiliationLedger.amountPaise}), 0)::bigint`,
      commission: sql<number>`coalesce(sum(${affiliationLedger.commissionPaise}), 0)::bigint`,
    })
    .from(affiliationLedger)
    .where(eq(affiliationLedger.affiliationId, row.id));
  let referrals = 0;
  let conversions = 0;
  let turnaround: number | null = null;
  const link = diagnosticsLink(row);
  const since = row.activatedAt ?? new Date(`${row.startDate}T00:00:00+05:30`);
  if (link) {
    const [orders] = await db
      .select({
        n: sql<number>`count(*)::int`,
        done: sql<number>`count(*) filter (where ${diagnosticOrders.status} in ('COMPLETED', 'PARTIALLY_RELEASED'))::int`,
      })
      .from(diagnosticOrders)
      .where(
        and(
          ordersOf(link),
          gte(diagnosticOrders.createdAt, since),
          isNull(diagnosticOrders.deletedAt),
          notInArray(diagnosticOrders.status, ['CANCELLED']),
        ),
      );
    referrals = orders?.n ?? 0;
    conversions = orders?.done ?? 0;
    const [tat] = await db
      .select({
        hours: sql<
          number | null
        >`avg(extract(epoch from (${diagnosticOrderTests.releasedAt} - ${diagnosticOrders.createdAt})) / 3600)`,
      })
      .from(diagnosticOrderTests)
      .innerJoin(diagnosticOrders, eq(diagnosticOrders.id, diagnosticOrderTests.orderId))
      .where(
        and(
          ordersOf(link),
          gte(diagnosticOrders.createdAt, since),
          or(sql`${diagnosticOrderTests.releasedAt} is not null`),
        ),
      );
    turnaround = tat?.hours === null || tat?.hours === undefined ? null : Math.round(Number(tat.hours) * 10) / 10;
  }
  return {
    referrals,
    conversions,
    conversionRate: referrals === 0 ? 0 : Math.round((conversions / referrals) * 1000) / 10,
    revenuePaise: Number(money?.revenue ?? 0),
    commissionPaise: Number(money?.commission ?? 0),
    averageTurnaroundHours: turnaround,
    computedAt: new Date().toISOString(),
  };
}

export { accrueOrders, priced, versionsOf };
