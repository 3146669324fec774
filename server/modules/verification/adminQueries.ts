/** The admin's read model of verification: the queue, the statistics, a provider's decisions and shared numbers. */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProviderKind } from '../../../domain/enums.ts';
import { normaliseRegistrationNumber } from '../../../domain/rules/verification.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type {
  AdminPendingQuery,
  Decision,
  DuplicateNumber,
  MyVerification,
  PendingList,
  VerificationStats,
} from '../../../domain/schemas/verification.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { users, verificationDocuments, verificationReviews, workflowHistory } from '../../db/schema/index.ts';
import { entityVerificationWorkflow } from '../../../domain/rules/verification.ts';
import { PROVIDERS_UNION, PROVIDER_TABLES, providersByIds, standingOf, type ProviderRow } from './queries.ts';

const AWAITING = ['PENDING', 'UPLOADED', 'UNDER_REVIEW'] as const;
const SENT_BACK = ['REJECTED', 'REUPLOAD_REQUESTED'] as const;
const APPROVED = ['APPROVED', 'VERIFIED'] as const;

export async function decisionsOf(db: Db, provider: ProviderRow): Promise<Decision[]> {
  const reviews = await db
    .select({
      review: verificationReviews,
      documentType: verificationDocuments.documentType,
      version: verificationDocuments.version,
    })
    .from(verificationReviews)
    .innerJoin(verificationDocuments, eq(verificationDocuments.id, verificationReviews.documentId))
    .where(eq(verificationReviews.entityId, provider.id));
  const statuses = await db
    .select({ row: workflowHistory, name: users.name })
    .from(workflowHistory)
    .leftJoin(users, eq(users.id, workflowHistory.actorUserId))
    .where(
      and(eq(workflowHistory.workflow, entityVerificationWorkflow.name), eq(workflowHistory.entityId, provider.id)),
    );
  const decisions: Decision[] = [
    ...reviews.map(({ review, documentType, version }) => ({
      at: review.reviewedAt.toISOString(),
      by: review.reviewerName,
      documentType,
      version,
      action: review.action,
      from: review.fromStatus,
      to: review.toStatus,
      reason: review.reason,
      registryCheck: review.registryCheck,
      checkNote: review.checkNote,
    })),
    ...statuses.map(({ row, name }) => ({
      at: row.at.toISOString(),
      by: name,
      documentType: null,
      version: null,
      action: row.action,
      from: row.fromStatus,
      to: row.toStatus,
      reason: row.reason,
      registryCheck: null,
      checkNote: null,
    })),
  ];
  return decisions.sort((a, b) => b.at.localeCompare(a.at));
}

/** Registration numbers this provider shares with another provider (its papers' and its profile's). */
export async function duplicatesOf(db: Db, provider: ProviderRow): Promise<DuplicateNumber[]> {
  const rows = rowsOf<{
    document_type: string;
    document_number: string;
    entity_type: ProviderKind;
    entity_id: string;
  }>(
    await db.execute(sql`
      select distinct theirs.document_type, theirs.document_number, theirs.entity_type, theirs.entity_id
      from ${verificationDocuments} mine
      join ${verificationDocuments} theirs
        on theirs.document_type = mine.document_type and theirs.number_key = mine.number_key
       and theirs.entity_id <> mine.entity_id and theirs.current
      where mine.entity_id = ${provider.id} and mine.current and mine.number_key <> ''`),
  );
  const found: Array<{
    documentType: DuplicateNumber['documentType'];
    number: string;
    entityType: ProviderKind;
    entityId: string;
  }> = rows.map((row) => ({
    documentType: row.document_type as DuplicateNumber['documentType'],
    number: row.document_number,
    entityType: row.entity_type,
    entityId: row.entity_id,
  }));
  if (provider.registrationNumber) {
    const key = normaliseRegistrationNumber(provider.registrationNumber);
    const table = PROVIDER_TABLES[provider.entityType];
    const column = 'registrationNumber' in table ? table.registrationNumber : table.licenseNumber;
    const same = key
      ? await db
          .select({ id: table.id })
          .from(table)
          .where(and(ne(table.id, provider.id), sql`regexp_replace(upper(${column}), '[^0-9A-Z]', '', 'g') = ${key}`))
      : [];
    for (const other of same) {
      found.push({
        documentType: null,
        number: provider.registrationNumber,
        entityType: provider.entityType,
        entityId: other.id,
      });
    }
  }
  const out: DuplicateNumber[] = [];
  for (const kind of new Set(found.map((f) => f.entityType))) {
    const others = await providersByIds(db, kind, [
      ...new Set(found.filter((f) => f.entityType === kind).map((f) => f.entityId)),
    ]);
    for (const item of found.filter((f) => f.entityType === kind)) {
      const other = others.find((o) => o.id === item.entityId);
      if (other) {
        out.push({
          documentType: item.documentType,
          number: item.number,
          other: { entityType: kind, entityId: other.id, name: other.name },
        });
      }
    }
  }
  return out;
}

/** Providers with papers waiting for a decision (or not yet verified), the longest waiting first. */
export async function pendingProviders(db: Db, query: AdminPendingQuery, day: string): Promise<PendingList> {
  const awaiting = sql.join(
    AWAITING.map((s) => sql`${s}`),
    sql`, `,
  );
  const sentBack = sql.join(
    SENT_BACK.map((s) => sql`${s}`),
    sql`, `,
  );
  const approved = sql.join(
    APPROVED.map((s) => sql`${s}`),
    sql`, `,
  );
  const filters = [
    query.status
      ? sql`p.verification_status = ${query.status}`
      : sql`(coalesce(d.awaiting, 0) > 0 or p.verification_status in ('PENDING', 'UNDER_REVIEW'))`,
    query.entityType ? sql`p.entity_type = ${query.entityType}` : undefined,
    query.search ? sql`p.name ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
  ].filter(Boolean) as ReturnType<typeof sql>[];
  const rows = rowsOf<{
    entity_type: ProviderKind;
    id: string;
    name: string;
    city: string;
    state: string;
    verification_status: ProviderRow['verificationStatus'];
    waiting_since: string | Date | null;
    awaiting: number;
    sent_back: number;
    approved: number;
    total: number;
  }>(
    await db.execute(sql`
        with d as (
          select entity_id,
            count(*) filter (where status in (${awaiting}))::int as awaiting,
            count(*) filter (where status in (${sentBack}))::int as sent_back,
            count(*) filter (where status in (${approved}))::int as approved,
            min(uploaded_at) filter (where status in (${awaiting})) as waiting_since
          from ${verificationDocuments} where current group by entity_id
        )
        select p.entity_type, p.id, p.name, p.city, p.state, p.verification_status, d.waiting_since,
          coalesce(d.awaiting, 0)::int as awaiting, coalesce(d.sent_back, 0)::int as sent_back,
          coalesce(d.approved, 0)::int as approved, count(*) over ()::int as total
        from ${PROVIDERS_UNION} p left join d on d.entity_id = p.id
        where ${sql.join(filters, sql` and `)}
        order by d.waiting_since asc nulls last, p.created_at asc, p.id asc
        limit ${query.limit} offset ${pageOffset(query.page, query.limit)}`),
  );
  const total = rows[0]?.total ?? 0;
  const entities: Array<{ id: string; requiredAction: MyVerification['requiredAction'] }> = [];
  for (const kind of new Set(rows.map((row) => row.entity_type))) {
    const providers = await providersByIds(
      db,
      kind,
      rows.filter((r) => r.entity_type === kind).map((r) => r.id),
    );
    for (const provider of providers) {
      const standing = await standingOf(db, provider, day);
      entities.push({ id: provider.id, requiredAction: standing.requiredAction });
    }
  }
  return {
    entities: rows.map((row) => ({
      entityType: row.entity_type,
      entityId: row.id,
      name: row.name,
      city: row.city,
      state: row.state,
      verificationStatus: row.verification_status,
      requiredAction: entities.find((e) => e.id === row.id)?.requiredAction ?? 'UPLOAD_PENDING_DOCUMENTS',
      waitingSince: row.waiting_since ? new Date(row.waiting_since).toISOString() : null,
      awaitingReview: Number(row.awaiting),
      sentBack: Number(row.sent_back),
      approved: Number(row.approved),
    })),
    pagination: paginationOf(query.page, query.limit, Number(total)),
  };
}

export async function verificationStats(db: Db): Promise<VerificationStats> {
  const counts = rowsOf<{ entity_type: ProviderKind; verification_status: string; n: number }>(
    await db.execute(
      sql`select entity_type, verification_status, count(*)::int as n from ${PROVIDERS_UNION} p group by 1, 2`,
    ),
  );
  const byKind = (['HOSPITAL', 'DOCTOR', 'DIAGNOSTICS', 'PHARMACY'] as const).map((entityType) => {
    const n = (status: string) =>
      Number(counts.find((c) => c.entity_type === entityType && c.verification_status === status)?.n ?? 0);
    return {
      entityType,
      PENDING: n('PENDING'),
      UNDER_REVIEW: n('UNDER_REVIEW'),
      VERIFIED: n('VERIFIED'),
      REJECTED: n('REJECTED'),
    };
  });
  const [waiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.current, true), inArray(verificationDocuments.status, [...AWAITING])));
  const oldest = rowsOf<{ entity_type: ProviderKind; id: string; name: string; waiting_since: string | Date }>(
    await db.execute(sql`
        select p.entity_type, p.id, p.name, min(v.uploaded_at) as waiting_since
        from ${verificationDocuments} v join ${PROVIDERS_UNION} p on p.id = v.entity_id
        where v.current and v.status in ('PENDING', 'UPLOADED', 'UNDER_REVIEW')
        group by 1, 2, 3 order by 4 asc limit 1`),
  )[0];
  const median = rowsOf<{ hours: number | string | null; n: number }>(
    await db.execute(sql`
        with first_decision as (
          select v.id, v.uploaded_at, min(r.reviewed_at) as decided_at
          from ${verificationDocuments} v join ${verificationReviews} r on r.document_id = v.id
          where r.action <> 'MARK_UNDER_REVIEW' and r.reviewed_at > now() - interval '90 days'
          group by v.id, v.uploaded_at
        )
        select percentile_cont(0.5) within group (order by extract(epoch from decided_at - uploaded_at) / 3600) as hours,
          count(*)::int as n
        from first_decision`),
  )[0];
  return {
    byKind,
    documentsAwaitingReview: Number(waiting?.n ?? 0),
    oldestWaiting: oldest
      ? {
          entityType: oldest.entity_type,
          entityId: oldest.id,
          name: oldest.name,
          waitingSince: new Date(oldest.waiting_since).toISOString(),
        }
      : null,
    medianHoursToDecision:
      median?.hours === null || median?.hours === undefined ? null : Math.round(Number(median.hours) * 10) / 10,
    decisionsCounted: Number(median?.n ?? 0),
  };
}
