import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORGANISATION_COMMISSION_DISCLOSURE,
  affiliationWorkflow,
  needsVerification,
} from '../../../domain/rules/affiliations.ts';
import type {
  AffiliationDetail,
  AffiliationSummary,
  affiliationListQuery,
} from '../../../domain/schemas/affiliations.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  affiliationCommissionVersions,
  affiliationLedger,
  affiliationStatements,
  affiliationTerms,
  affiliations,
  workflowHistory,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { partyCity, partyName, sideOf, visibleTo } from './parties.ts';
import { performanceOf } from './ledger.ts';

export type AffiliationRow = typeof affiliations.$inferSelect;
const NOT_FOUND = 'There is no such affiliation.';

export const SUMMARY_COLUMNS = {
  row: affiliations,
  proposerName: partyName(affiliations.proposerKind, affiliations.proposerId),
  proposerCity: partyCity(affiliations.proposerKind, affiliations.proposerId),
  recipientName: partyName(affiliations.recipientKind, affiliations.recipientId),
  recipientCity: partyCity(affiliations.recipientKind, affiliations.recipientId),
};
type Joined = {
  row: AffiliationRow;
  proposerName: string | null;
  proposerCity: string | null;
  recipientName: string | null;
  recipientCity: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(caller: AuthUser, j: Joined): AffiliationSummary {
  const r = j.row;
  const proposer = { kind: r.proposerKind, id: r.proposerId, name: j.proposerName ?? '—', city: j.proposerCity };
  const recipient = { kind: r.recipientKind, id: r.recipientId, name: j.recipientName ?? '—', city: j.recipientCity };
  return {
    id: r.id,
    status: r.status,
    type: r.type,
    partyType: r.partyType,
    benefits: r.benefits,
    startDate: r.startDate,
    endDate: r.endDate,
    proposer,
    recipient,
    partner: sideOf(caller, r) === 'RECIPIENT' ? proposer : recipient,
    consentedAt: iso(r.consentedAt),
    verificationRequired: r.verificationRequired,
    verifiedAt: iso(r.verifiedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/** The row, if the caller is on it (an admin reaches any); otherwise 404. */
export async function loadVisible(db: Db | Tx, caller: AuthUser, id: string): Promise<AffiliationRow> {
  const [row] = await db.select().from(affiliations).where(eq(affiliations.id, id));
  if (!row || sideOf(caller, row) === null) throw notFound(NOT_FOUND);
  return row;
}

export async function listAffiliations(
  db: Db,
  caller: AuthUser,
  query: z.output<typeof affiliationListQuery>,
  extra?: SQL,
) {
  const search = query.searchTerm
    ? or(
        ilike(SUMMARY_COLUMNS.proposerName, `%${query.searchTerm}%`),
        ilike(SUMMARY_COLUMNS.recipientName, `%${query.searchTerm}%`),
      )
    : undefined;
  const where = and(
    visibleTo(caller),
    query.status ? eq(affiliations.status, query.status) : undefined,
    query.type ? eq(affiliations.type, query.type) : undefined,
    search,
    extra,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(SUMMARY_COLUMNS)
      .from(affiliations)
      .where(where)
      .orderBy(desc(affiliations.updatedAt), asc(affiliations.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(affiliations)
      .where(where),
  ]);
  return {
    affiliations: rows.map((j) => toSummary(caller, j)),
    pagination: paginationOf(query.page, query.limit, count?.n ?? 0),
  };
}

export async function detailOf(db: Db, caller: AuthUser, id: string, now = new Date()): Promise<AffiliationDetail> {
  await loadVisible(db, caller, id);
  const [joined] = await db.select(SUMMARY_COLUMNS).from(affiliations).where(eq(affiliations.id, id));
  const r = joined!.row;
  const side = sideOf(caller, r)!;
  const [versions, terms, ledger, statements, history, performance] = await Promise.all([
    db
      .select()
      .from(affiliationCommissionVersions)
      .where(eq(affiliationCommissionVersions.affiliationId, id))
      .orderBy(desc(affiliationCommissionVersions.version)),
    db
      .select()
      .from(affiliationTerms)
      .where(eq(affiliationTerms.affiliationId, id))
      .orderBy(desc(affiliationTerms.version)),
    db
      .select()
      .from(affiliationLedger)
      .where(eq(affiliationLedger.affiliationId, id))
      .orderBy(desc(affiliationLedger.occurredAt))
      .limit(200),
    db
      .select()
      .from(affiliationStatements)
      .where(eq(affiliationStatements.affiliationId, id))
      .orderBy(desc(affiliationStatements.number)),
    db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.workflow, affiliationWorkflow.name), eq(workflowHistory.entityId, id)))
      .orderBy(desc(workflowHistory.at)),
    performanceOf(db, r),
  ]);
  const state = { ...r };
  return {
    ...toSummary(caller, joined!),
    terms: r.terms,
    reason: r.reason,
    myRole: side === 'SYSTEM' ? 'ADMIN' : side,
    actions: affiliationWorkflow.availableActions(side, state, now).filter((a) => a !== 'EXPIRE'),
    disclosure: needsVerification(r.benefits) ? ORGANISATION_COMMISSION_DISCLOSURE : null,
    commissionVersions: versions.map((v) => ({
      version: v.version,
      effectiveFrom: v.effectiveFrom,
      effectiveTo: v.effectiveTo,
      rules: v.rules,
      createdAt: v.createdAt.toISOString(),
    })),
    termsVersions: terms.map((t) => ({
      version: t.version,
      type: t.type,
      benefits: t.benefits,
      startDate: t.startDate,
      endDate: t.endDate,
      terms: t.terms,
      createdAt: t.createdAt.toISOString(),
    })),
    ledger: ledger.map((l) => ({
      id: l.id,
      sourceKind: l.sourceKind,
      sourceId: l.sourceId,
      serviceType: l.serviceType,
      amountPaise: l.amountPaise,
      commissionPaise: l.commissionPaise,
      reason: l.reason,
      statementId: l.statementId,
      occurredAt: l.occurredAt.toISOString(),
    })),
    statements: statements.map((s) => ({
      id: s.id,
      number: s.number,
      periodFrom: s.periodFrom,
      periodTo: s.periodTo,
      lineCount: s.lineCount,
      totalAmountPaise: s.totalAmountPaise,
      totalCommissionPaise: s.totalCommissionPaise,
      createdAt: s.createdAt.toISOString(),
    })),
    performance,
    history: history.map((h) => ({
      action: h.action,
      from: h.fromStatus,
      to: h.toStatus,
      actorRole: h.actorRole,
      reason: h.reason,
      at: h.at.toISOString(),
    })),
  };
}
