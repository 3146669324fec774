import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { ProviderKind } from '../../../domain/enums.ts';
import { MONEY_BENEFITS, indiaDate, needsVerification } from '../../../domain/rules/affiliations.ts';
import { commissionFor, ruleFor, versionOn, type CommissionServiceType } from '../../../domain/rules/commission.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  affiliationCommissionVersions,
  affiliationLedger,
  affiliations,
  diagnosticOrders,
  pharmacyOrders,
} from '../../db/schema/index.ts';

/**
 * Accrual: the events that pass through an affiliation become ledger lines as they happen. A
 * diagnostic order accrues when it is placed (its tests' prices), a pharmacy order when it is
 * completed (what was dispensed, at the batch's MRP); a cancelled or deleted diagnostic order and a
 * returned pharmacy order add a negative line of their own, even after settlement (it then falls in
 * the next statement). Each source gives at most one line of each kind per affiliation (the
 * ledger's unique key), so running any of this again changes nothing.
 */

type Row = typeof affiliations.$inferSelect;
type Executor = Db | Tx;
type Partner = 'DIAGNOSTICS' | 'PHARMACY';
type LedgerInsert = typeof affiliationLedger.$inferInsert;

/** One event that may pass through an affiliation. */
export type LedgerSource = {
  kind: 'DIAGNOSTIC_ORDER' | 'PHARMACY_ORDER';
  id: string;
  amountPaise: number;
  occurredAt: Date;
  /** Cancelled, deleted or returned: an accrued line is reversed. */
  gone: boolean;
  goneAt: Date;
};

const SERVICE: Record<LedgerSource['kind'], CommissionServiceType> = {
  DIAGNOSTIC_ORDER: 'DIAGNOSTICS',
  PHARMACY_ORDER: 'PHARMACY',
};
const REVERSAL_REASON: Record<LedgerSource['kind'], string> = {
  DIAGNOSTIC_ORDER: 'Order cancelled',
  PHARMACY_ORDER: 'Order returned',
};

/** The partner (centre or pharmacy) and the referring party (hospital or doctor) of an affiliation, or null. */
export function serviceLink(
  row: Pick<Row, 'proposerKind' | 'proposerId' | 'recipientKind' | 'recipientId'>,
  partner: Partner,
) {
  const sides: Array<{ kind: ProviderKind; id: string }> = [
    { kind: row.proposerKind, id: row.proposerId },
    { kind: row.recipientKind, id: row.recipientId },
  ];
  const other = sides.find((s) => s.kind === partner);
  const referrer = sides.find((s) => s.kind === 'HOSPITAL' || s.kind === 'DOCTOR');
  return other && referrer ? { partnerId: other.id, referrer } : null;
}

export async function versionsOf(tx: Executor, affiliationId: string) {
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

/** The lines the sources still owe the affiliation's ledger (none when it is up to date). */
async function owedLines(tx: Executor, row: Row, sources: LedgerSource[], mayAccrue: boolean) {
  if (sources.length === 0) return [];
  const kinds = [...new Set(sources.flatMap((s) => [s.kind, `${s.kind}_REVERSAL`]))];
  const existing = await tx
    .select({
      sourceKind: affiliationLedger.sourceKind,
      sourceId: affiliationLedger.sourceId,
      amountPaise: affiliationLedger.amountPaise,
      commissionPaise: affiliationLedger.commissionPaise,
    })
    .from(affiliationLedger)
    .where(and(eq(affiliationLedger.affiliationId, row.id), inArray(affiliationLedger.sourceKind, kinds)));
  const key = (kind: string, id: string | null) => `${kind}:${id}`;
  const have = new Map(existing.map((e) => [key(e.sourceKind, e.sourceId), e]));
  const versions = await versionsOf(tx, row.id);
  const lines: LedgerInsert[] = [];
  for (const source of sources) {
    const serviceType = SERVICE[source.kind];
    let accrued = have.get(key(source.kind, source.id));
    const day = indiaDate(source.occurredAt);
    const inTerm = !!row.activatedAt && source.occurredAt >= row.activatedAt && day <= row.endDate;
    if (!accrued && !source.gone && mayAccrue && inTerm && source.amountPaise > 0) {
      const { commissionPaise, version } = priced(versions, day, serviceType, source.amountPaise);
      const line = {
        affiliationId: row.id,
        sourceKind: source.kind,
        sourceId: source.id,
        serviceType,
        amountPaise: source.amountPaise,
        commissionPaise,
        structureVersion: version,
        occurredAt: source.occurredAt,
      };
      lines.push(line);
      accrued = line;
    }
    if (accrued && source.gone && !have.has(key(`${source.kind}_REVERSAL`, source.id))) {
      lines.push({
        affiliationId: row.id,
        sourceKind: `${source.kind}_REVERSAL`,
        sourceId: source.id,
        serviceType,
        amountPaise: -accrued.amountPaise,
        commissionPaise: -accrued.commissionPaise,
        reason: REVERSAL_REASON[source.kind],
        occurredAt: source.goneAt,
      });
    }
  }
  return lines;
}

async function write(tx: Executor, lines: LedgerInsert[]) {
  if (lines.length > 0) await tx.insert(affiliationLedger).values(lines).onConflictDoNothing();
  return lines.length;
}

const diagnosticSource = {
  id: diagnosticOrders.id,
  status: diagnosticOrders.status,
  deletedAt: diagnosticOrders.deletedAt,
  createdAt: diagnosticOrders.createdAt,
  updatedAt: diagnosticOrders.updatedAt,
  centreId: diagnosticOrders.centreId,
  doctorId: diagnosticOrders.doctorId,
  hospitalId: diagnosticOrders.hospitalId,
  // Spelt out: drizzle leaves a one-table select's columns unqualified, which a subquery would misread.
  rupees: sql<number>`coalesce((select sum(t.price) from diagnostic_order_tests t where t.order_id = "diagnostic_orders"."id"), 0)::int`,
};
const fromDiagnostic = (o: {
  id: string;
  status: string;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  rupees: number;
}): LedgerSource => ({
  kind: 'DIAGNOSTIC_ORDER',
  id: o.id,
  amountPaise: o.rupees * 100,
  occurredAt: o.createdAt,
  gone: o.status === 'CANCELLED' || o.deletedAt !== null,
  goneAt: o.deletedAt ?? o.updatedAt,
});

const pharmacySource = {
  id: pharmacyOrders.id,
  status: pharmacyOrders.status,
  completedAt: pharmacyOrders.completedAt,
  updatedAt: pharmacyOrders.updatedAt,
  pharmacyId: pharmacyOrders.pharmacyId,
  doctorId: pharmacyOrders.doctorId,
  hospitalId: pharmacyOrders.hospitalId,
  // What was dispensed, at the reserved batch's MRP (paise per unit).
  paise: sql<number>`coalesce((select sum(i.unit_price * i.quantity) from pharmacy_order_items i where i.order_id = "pharmacy_orders"."id" and i.status = 'DISPENSED' and i.unit_price is not null), 0)::int`,
};
const fromPharmacy = (o: {
  id: string;
  status: string;
  completedAt: Date | null;
  updatedAt: Date;
  paise: number;
}): LedgerSource | null =>
  o.completedAt
    ? {
        kind: 'PHARMACY_ORDER',
        id: o.id,
        amountPaise: o.paise,
        occurredAt: o.completedAt,
        gone: o.status === 'RETURNED',
        goneAt: o.updatedAt,
      }
    : null;

/**
 * The safety net (settle, POST …/performance/update): every order that passed through the
 * affiliation since it became active, brought up to date. Safe to run again.
 */
export async function accrueOrders(tx: Executor, row: Row) {
  if (!row.activatedAt || !needsVerification(row.benefits)) return 0;
  const sources: LedgerSource[] = [];
  const diagnostics = serviceLink(row, 'DIAGNOSTICS');
  if (diagnostics) {
    const { kind, id } = diagnostics.referrer;
    const orders = await tx
      .select(diagnosticSource)
      .from(diagnosticOrders)
      .where(
        and(
          eq(diagnosticOrders.centreId, diagnostics.partnerId),
          eq(kind === 'HOSPITAL' ? diagnosticOrders.hospitalId : diagnosticOrders.doctorId, id),
          gte(diagnosticOrders.createdAt, row.activatedAt),
        ),
      );
    sources.push(...orders.map((o) => fromDiagnostic(o)));
  }
  const pharmacy = serviceLink(row, 'PHARMACY');
  if (pharmacy) {
    const { kind, id } = pharmacy.referrer;
    const orders = await tx
      .select(pharmacySource)
      .from(pharmacyOrders)
      .where(
        and(
          eq(pharmacyOrders.pharmacyId, pharmacy.partnerId),
          eq(kind === 'HOSPITAL' ? pharmacyOrders.hospitalId : pharmacyOrders.doctorId, id),
          gte(pharmacyOrders.completedAt, row.activatedAt),
        ),
      );
    sources.push(...orders.map(fromPharmacy).filter((s): s is LedgerSource => s !== null));
  }
  return write(tx, await owedLines(tx, row, sources, true));
}

/**
 * The affiliations one event concerns: the ACTIVE ones with commission between the partner and the
 * order's hospital or doctor (which accrue it), and any that already hold a line of it (a reversal
 * reaches them whatever their status now).
 */
async function affiliationsFor(
  tx: Executor,
  partner: Partner,
  partnerId: string,
  referrers: Array<{ kind: 'HOSPITAL' | 'DOCTOR'; id: string | null }>,
  source: LedgerSource,
) {
  const pairs = referrers
    .filter((r): r is { kind: 'HOSPITAL' | 'DOCTOR'; id: string } => r.id !== null)
    .flatMap((r) => [
      and(
        eq(affiliations.proposerKind, partner),
        eq(affiliations.proposerId, partnerId),
        eq(affiliations.recipientKind, r.kind),
        eq(affiliations.recipientId, r.id),
      ),
      and(
        eq(affiliations.recipientKind, partner),
        eq(affiliations.recipientId, partnerId),
        eq(affiliations.proposerKind, r.kind),
        eq(affiliations.proposerId, r.id),
      ),
    ]);
  const active =
    pairs.length === 0
      ? []
      : await tx
          .select()
          .from(affiliations)
          .where(and(eq(affiliations.status, 'ACTIVE'), isNotNull(affiliations.activatedAt), or(...pairs)));
  const holding = await tx
    .selectDistinct({ affiliation: affiliations })
    .from(affiliationLedger)
    .innerJoin(affiliations, eq(affiliations.id, affiliationLedger.affiliationId))
    .where(and(eq(affiliationLedger.sourceKind, source.kind), eq(affiliationLedger.sourceId, source.id)));
  const all = new Map<string, { row: Row; active: boolean }>();
  for (const h of holding) all.set(h.affiliation.id, { row: h.affiliation, active: false });
  for (const row of active) {
    const money = row.benefits.some((b) => (MONEY_BENEFITS as readonly string[]).includes(b));
    if (money) all.set(row.id, { row, active: true });
  }
  return [...all.values()];
}

async function accrueEvent(
  tx: Executor,
  partner: Partner,
  partnerId: string,
  referrers: Array<{ kind: 'HOSPITAL' | 'DOCTOR'; id: string | null }>,
  source: LedgerSource,
) {
  let written = 0;
  for (const { row, active } of await affiliationsFor(tx, partner, partnerId, referrers, source)) {
    written += await write(tx, await owedLines(tx, row, [source], active));
  }
  return written;
}

/** A diagnostic order was placed, cancelled or deleted: its lines, in the caller's transaction. */
export async function accrueDiagnosticOrder(tx: Executor, orderId: string) {
  const [order] = await tx.select(diagnosticSource).from(diagnosticOrders).where(eq(diagnosticOrders.id, orderId));
  if (!order) return 0;
  return accrueEvent(
    tx,
    'DIAGNOSTICS',
    order.centreId,
    [
      { kind: 'HOSPITAL', id: order.hospitalId },
      { kind: 'DOCTOR', id: order.doctorId },
    ],
    fromDiagnostic(order),
  );
}

/** A pharmacy order was completed or returned: its lines, in the caller's transaction. */
export async function accruePharmacyOrder(tx: Executor, orderId: string) {
  const [order] = await tx.select(pharmacySource).from(pharmacyOrders).where(eq(pharmacyOrders.id, orderId));
  const source = order ? fromPharmacy(order) : null;
  if (!order || !source) return 0;
  return accrueEvent(
    tx,
    'PHARMACY',
    order.pharmacyId,
    [
      { kind: 'HOSPITAL', id: order.hospitalId },
      { kind: 'DOCTOR', id: order.doctorId },
    ],
    source,
  );
}
