import { and, desc, eq, gte, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { ProviderKind } from '../../../domain/enums.ts';
import { indiaDate, needsVerification } from '../../../domain/rules/affiliations.ts';
import { commissionFor, ruleFor, versionOn, type CommissionServiceType } from '../../../domain/rules/commission.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  affiliationCommissionVersions,
  affiliationLedger,
  affiliationStatements,
  type affiliations,
  diagnosticOrderTests,
  diagnosticOrders,
} from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';

/**
 * The ledger of an affiliation: lines from the events that pass through it, each priced by the one
 * commission function (domain/rules/commission.ts); reversals are negative lines of their own, so a
 * settled line is never touched; settling closes the open lines into an immutable statement.
 */

type Row = typeof affiliations.$inferSelect;

/** The centre and the referring party of an affiliation that orders diagnostic tests, or null. */
export function diagnosticsLink(row: Pick<Row, 'proposerKind' | 'proposerId' | 'recipientKind' | 'recipientId'>) {
  const sides: Array<{ kind: ProviderKind; id: string }> = [
    { kind: row.proposerKind, id: row.proposerId },
    { kind: row.recipientKind, id: row.recipientId },
  ];
  const centre = sides.find((s) => s.kind === 'DIAGNOSTICS');
  const referrer = sides.find((s) => s.kind === 'HOSPITAL' || s.kind === 'DOCTOR');
  return centre && referrer ? { centreId: centre.id, referrer } : null;
}

/**
 * Extension point for pharmacy orders (being built as their own area): once they exist, an order
 * from the referring party to the pharmacy accrues here with serviceType PHARMACY, and its
 * cancellation or refund adds a PHARMACY_ORDER_REVERSAL line, exactly as diagnostic orders do below.
 */
export type PharmacyOrderSource = (
  row: Row,
) => Promise<Array<{ id: string; amountPaise: number; createdAt: Date; cancelled: boolean }>>;

const ordersOf = (link: NonNullable<ReturnType<typeof diagnosticsLink>>) =>
  and(
    eq(diagnosticOrders.centreId, link.centreId),
    link.referrer.kind === 'HOSPITAL'
      ? eq(diagnosticOrders.hospitalId, link.referrer.id)
      : eq(diagnosticOrders.doctorId, link.referrer.id),
  );

async function versionsOf(tx: Db | Tx, affiliationId: string) {
  return tx
    .select()
    .from(affiliationCommissionVersions)
    .where(eq(affiliationCommissionVersions.affiliationId, affiliationId));
}

/** Prices one event: the structure version in force on its day, the rule for its service type. */
export function priced(
  versions: Awaited<ReturnType<typeof versionsOf>>,
  day: string,
  serviceType: CommissionServiceType,
  amountPaise: number,
) {
  const version = versionOn(versions, day);
  return {
    commissionPaise: version ? commissionFor(amountPaise, ruleFor(version.rules, serviceType)) : 0,
    version: version?.version ?? null,
  };
}

/**
 * Brings the ledger up to date with the diagnostic orders that passed through the affiliation since
 * it became active: one line per order (its tests' prices), and a negative line once it is cancelled.
 * Safe to run again (each source gives one line of each kind).
 */
export async function accrueOrders(tx: Db | Tx, row: Row) {
  const link = diagnosticsLink(row);
  if (!link || !row.activatedAt || !needsVerification(row.benefits)) return 0;
  const versions = await versionsOf(tx, row.id);
  const orders = await tx
    .select({
      id: diagnosticOrders.id,
      status: diagnosticOrders.status,
      deletedAt: diagnosticOrders.deletedAt,
      createdAt: diagnosticOrders.createdAt,
      updatedAt: diagnosticOrders.updatedAt,
      // Spelt out: drizzle leaves a one-table select's columns unqualified, which a subquery would misread.
      rupees: sql<number>`coalesce((select sum(t.price) from diagnostic_order_tests t where t.order_id = "diagnostic_orders"."id"), 0)::int`,
    })
    .from(diagnosticOrders)
    .where(and(ordersOf(link), gte(diagnosticOrders.createdAt, row.activatedAt)));
  const existing = await tx
    .select({
      sourceKind: affiliationLedger.sourceKind,
      sourceId: affiliationLedger.sourceId,
      amountPaise: affiliationLedger.amountPaise,
      commissionPaise: affiliationLedger.commissionPaise,
    })
    .from(affiliationLedger)
    .where(
      and(
        eq(affiliationLedger.affiliationId, row.id),
        inArray(affiliationLedger.sourceKind, ['DIAGNOSTIC_ORDER', 'DIAGNOSTIC_ORDER_REVERSAL']),
      ),
    );
  const key = (kind: string, id: string | null) => `${kind}:${id}`;
  const have = new Map(existing.map((e) => [key(e.sourceKind, e.sourceId), e]));
  const lines: Array<typeof affiliationLedger.$inferInsert> = [];
  for (const order of orders) {
    const gone = order.status === 'CANCELLED' || order.deletedAt !== null;
    const accrued = have.get(key('DIAGNOSTIC_ORDER', order.id));
    const orderDay = indiaDate(order.createdAt);
    if (!accrued && !gone && orderDay <= row.endDate && order.rupees > 0) {
      const amountPaise = order.rupees * 100;
      const { commissionPaise, version } = priced(versions, orderDay, 'DIAGNOSTICS', amountPaise);
      lines.push({
        affiliationId: row.id,
        sourceKind: 'DIAGNOSTIC_ORDER',
        sourceId: order.id,
        serviceType: 'DIAGNOSTICS',
        amountPaise,
        commissionPaise,
        structureVersion: version,
        occurredAt: order.createdAt,
      });
    }
    if (accrued && gone && !have.has(key('DIAGNOSTIC_ORDER_REVERSAL', order.id))) {
      lines.push({
        affiliationId: row.id,
        sourceKind: 'DIAGNOSTIC_ORDER_REVERSAL',
        sourceId: order.id,
        serviceType: 'DIAGNOSTICS',
        amountPaise: -accrued.amountPaise,
        commissionPaise: -accrued.commissionPaise,
        reason: 'Order cancelled',
        occurredAt: order.deletedAt ?? order.updatedAt,
      });
    }
  }
  if (lines.length > 0) await tx.insert(affiliationLedger).values(lines).onConflictDoNothing();
  return lines.length;
}

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

export { versionsOf };
