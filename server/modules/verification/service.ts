import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProviderKind, Role } from '../../../domain/enums.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import {
  ENTITY_ACTION_FOR_STATUS,
  EXPIRY_GRACE_DAYS,
  MAX_VERIFICATION_FILE_BYTES,
  catalogueEntry,
  documentReviewWorkflow,
  entityVerificationWorkflow,
  isApproved,
  isAwaitingReview,
  listedUntilOf,
  normaliseRegistrationNumber,
  type EntityReviewState,
} from '../../../domain/rules/verification.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import {
  uploadDocumentFields,
  documentDetailsFields,
  type AdminEntity,
  type AdminPendingQuery,
  type Decision,
  type DocumentHistory,
  type DuplicateNumber,
  type EntityStatusBody,
  type HistoryQuery,
  type MyVerification,
  type PendingList,
  type ReviewDocumentBody,
  type VerificationDocument,
  type VerificationStats,
  type VerificationUpdateEvent,
} from '../../../domain/schemas/verification.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import {
  users,
  verificationDocumentFiles,
  verificationDocuments,
  verificationReviews,
  workflowHistory,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { DOCUMENT_FILE_TYPES, safeFileName, type FileStore, type UploadedFile } from '../../platform/files.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { runTransition } from '../../platform/workflow.ts';
import type { NotificationsService } from '../notifications/index.ts';
import * as text from './messages.ts';
import {
  PROVIDERS_UNION,
  PROVIDER_TABLES,
  REGISTRATION_LABELS,
  currentDocuments,
  findProvider,
  latestApproved,
  loadProvider,
  presentDocuments,
  providersByIds,
  standingOf,
  type ProviderRow,
} from './queries.ts';

/** The roles that are providers, and the kind each one is. */
export const PROVIDER_ROLES = ['HOSPITAL', 'DOCTOR', 'DIAGNOSTICS', 'PHARMACY'] as const satisfies readonly Role[];
const kindOfRole = (role: Role): ProviderKind | null =>
  (PROVIDER_ROLES as readonly Role[]).includes(role) ? (role as ProviderKind) : null;

const AWAITING = ['PENDING', 'UPLOADED', 'UNDER_REVIEW'] as const;
const SENT_BACK = ['REJECTED', 'REUPLOAD_REQUESTED'] as const;
const APPROVED = ['APPROVED', 'VERIFIED'] as const;

type Upload = () => Promise<{ files: UploadedFile[]; fields: Record<string, string> }>;

export type VerificationDeps = {
  db: Db;
  files: FileStore;
  realtime: Realtime;
  notify: NotificationsService;
  /** Today's date in India (tests fix it). */
  today?: () => string;
};

function validationError(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const list = issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message }));
  return invalid(`${list[0]!.path}: ${list[0]!.message}`, { issues: list });
}

export function verificationService({ db, files, realtime, notify, today = () => todayInIndia() }: VerificationDeps) {
  /** The caller's own provider (a provider role with an onboarded profile), or 404. */
  async function ownProvider(caller: AuthUser, lock?: Tx): Promise<ProviderRow> {
    const kind = kindOfRole(caller.role);
    if (!kind || !caller.referenceId) throw notFound(text.NO_PROVIDER);
    const provider = await loadProvider(lock ?? db, kind, caller.referenceId, Boolean(lock));
    if (!provider) throw notFound(text.NO_PROVIDER);
    return provider;
  }

  async function adminIds(): Promise<string[]> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
    return rows.map((row) => row.id);
  }

  /** Tells the provider's accounts and every admin where the provider stands now (screens refresh). */
  async function announce(provider: ProviderRow, documentType: VerificationUpdateEvent['documentType']) {
    const fresh = (await loadProvider(db, provider.entityType, provider.id)) ?? provider;
    const standing = await standingOf(db, fresh, today());
    const event: VerificationUpdateEvent = {
      entityType: fresh.entityType,
      entityId: fresh.id,
      documentType,
      verificationStatus: fresh.verificationStatus,
      requiredAction: standing.requiredAction,
    };
    realtime.emit(fresh.id, 'verificationUpdate', event);
    for (const id of await adminIds()) realtime.emit(id, 'verificationUpdate', event);
  }

  /** Recomputes until when the provider stays listed, from its required papers' approved versions. */
  async function relist(tx: Db | Tx, provider: ProviderRow) {
    const until = listedUntilOf(provider.entityType, provider.facts, await latestApproved(tx, provider.id));
    const table = PROVIDER_TABLES[provider.entityType];
    await tx.update(table).set({ listedUntil: until }).where(eq(table.id, provider.id));
  }

  /** Reads, checks and stores the files and fields of an upload or replacement. */
  async function receive(provider: ProviderRow, upload: Upload, documentType?: string) {
    const received = await upload();
    const parsed = documentType
      ? documentDetailsFields.safeParse(received.fields)
      : uploadDocumentFields.safeParse(received.fields);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const type = documentType ?? ('documentType' in parsed.data ? parsed.data.documentType : '');
    const entry = catalogueEntry(provider.entityType, type as never);
    if (!entry) throw invalid(text.notInCatalogue(type as never, provider.entityType));
    const details = parsed.data;
    if (entry.expires && !details.expiryDate) {
      throw invalid(text.expiryRequired(entry.documentType), {
        issues: [{ path: 'body.expiryDate', message: text.expiryRequired(entry.documentType) }],
      });
    }
    if (details.expiryDate && details.expiryDate < today()) {
      throw invalid(text.alreadyExpired, { issues: [{ path: 'body.expiryDate', message: text.alreadyExpired }] });
    }
    const stored = [];
    for (const file of received.files) {
      const kept = await files.store(file.buffer, DOCUMENT_FILE_TYPES, MAX_VERIFICATION_FILE_BYTES);
      stored.push({ ...kept, fileName: safeFileName(file.filename, kept.contentType) });
    }
    return { documentType: entry.documentType, details, stored };
  }

  /** Adds a version of a document (the first, or a replacement) and makes it the current one. */
  async function addVersion(caller: AuthUser, upload: Upload, replacing?: string) {
    const provider = await ownProvider(caller);
    const { documentType, details, stored } = await receive(provider, upload, replacing);
    const row = await db.transaction(async (tx) => {
      await ownProvider(caller, tx); // one change to a provider's papers at a time
      const [current] = await tx
        .select()
        .from(verificationDocuments)
        .where(
          and(
            eq(verificationDocuments.entityId, provider.id),
            eq(verificationDocuments.documentType, documentType),
            eq(verificationDocuments.current, true),
          ),
        );
      if (!replacing && current) throw conflict(text.alreadyUploaded(documentType));
      if (replacing && !current) throw notFound(text.nothingToReplace(documentType));
      const [latest] = await tx
        .select({ version: sql<number>`coalesce(max(${verificationDocuments.version}), 0)` })
        .from(verificationDocuments)
        .where(
          and(eq(verificationDocuments.entityId, provider.id), eq(verificationDocuments.documentType, documentType)),
        );
      if (current) {
        await tx.update(verificationDocuments).set({ current: false }).where(eq(verificationDocuments.id, current.id));
      }
      const [inserted] = await tx
        .insert(verificationDocuments)
        .values({
          entityType: provider.entityType,
          entityId: provider.id,
          documentType,
          version: Number(latest?.version ?? 0) + 1,
          documentNumber: details.documentNumber,
          numberKey: normaliseRegistrationNumber(details.documentNumber),
          issuingAuthority: details.issuingAuthority,
          issueDate: details.issueDate,
          expiryDate: details.expiryDate ?? null,
          uploadedBy: caller.id,
        })
        .returning();
      await tx.insert(verificationDocumentFiles).values(
        stored.map((file, position) => ({
          documentId: inserted!.id,
          position,
          fileKey: file.key,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.size,
        })),
      );
      return inserted!;
    });
    const notice = text.submittedNotice(provider.name, provider.entityType, documentType, Boolean(replacing));
    await notify.notifyUsers(await adminIds(), {
      ...notice,
      type: 'VERIFICATION',
      priority: 'MEDIUM',
      data: { profileId: provider.id, actionRequired: true, url: `/admin/verifications/${provider.id}` },
    });
    await announce(provider, documentType);
    const [document] = await presentDocuments(db, [row], today());
    return document!;
  }

  async function currentOf(entityId: string, documentType: string) {
    const [row] = await db
      .select()
      .from(verificationDocuments)
      .where(
        and(
          eq(verificationDocuments.entityId, entityId),
          eq(verificationDocuments.documentType, documentType as never),
          eq(verificationDocuments.current, true),
        ),
      );
    return row;
  }

  async function providerForAdmin(entityId: string, entityType?: ProviderKind) {
    const provider = await findProvider(db, entityId, entityType);
    if (!provider) throw notFound(text.NO_SUCH_PROVIDER);
    return provider;
  }

  /** Required papers with no approved, unexpired current version: what stands between the provider and VERIFIED. */
  async function missingRequired(
    provider: ProviderRow,
    conn: Db | Tx = db,
  ): Promise<EntityReviewState['missingRequired']> {
    const { checklist } = await standingOf(conn, provider, today());
    return checklist.filter((item) => item.required && !isApproved(item.status)).map((item) => item.documentType);
  }

  async function decisionsOf(provider: ProviderRow): Promise<Decision[]> {
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
  async function duplicatesOf(provider: ProviderRow): Promise<DuplicateNumber[]> {
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

  return {
    // ---- The provider's own papers ----

    async mine(caller: AuthUser): Promise<MyVerification> {
      const provider = await ownProvider(caller);
      const standing = await standingOf(db, provider, today());
      return {
        entityType: provider.entityType,
        entityId: provider.id,
        name: provider.name,
        verificationStatus: provider.verificationStatus,
        ...standing,
        graceDays: EXPIRY_GRACE_DAYS,
      };
    },

    async history(caller: AuthUser, query: HistoryQuery): Promise<DocumentHistory> {
      const provider = await ownProvider(caller);
      const where = and(
        eq(verificationDocuments.entityId, provider.id),
        query.documentType ? eq(verificationDocuments.documentType, query.documentType) : undefined,
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(verificationDocuments)
        .where(where);
      const rows = await db
        .select()
        .from(verificationDocuments)
        .where(where)
        .orderBy(desc(verificationDocuments.uploadedAt), desc(verificationDocuments.version))
        .limit(query.limit)
        .offset(pageOffset(query.page, query.limit));
      return {
        documents: await presentDocuments(db, rows, today()),
        pagination: paginationOf(query.page, query.limit, Number(total)),
      };
    },

    upload: (caller: AuthUser, upload: Upload) => addVersion(caller, upload),
    replace: (caller: AuthUser, documentType: string, upload: Upload) => addVersion(caller, upload, documentType),

    /** Removes a version nobody has decided on; the version before it (if any) is current again. */
    async remove(caller: AuthUser, documentType: string) {
      const provider = await ownProvider(caller);
      const current = await currentOf(provider.id, documentType);
      if (!current) throw notFound(text.NO_SUCH_DOCUMENT);
      await runTransition(db, {
        workflow: documentReviewWorkflow,
        table: verificationDocuments,
        id: current.id,
        action: 'DELETE',
        actor: { userId: caller.id, role: caller.role },
        load: async (tx) =>
          (await tx.select().from(verificationDocuments).where(eq(verificationDocuments.id, current.id)))[0],
        partyOf: (row) => (row.entityId === provider.id ? 'OWNER' : null),
        write: async (tx, row) => {
          await tx.delete(verificationDocuments).where(eq(verificationDocuments.id, row.id));
          const [previous] = await tx
            .select({ id: verificationDocuments.id })
            .from(verificationDocuments)
            .where(
              and(
                eq(verificationDocuments.entityId, provider.id),
                eq(verificationDocuments.documentType, row.documentType),
              ),
            )
            .orderBy(desc(verificationDocuments.version))
            .limit(1);
          if (previous) {
            await tx
              .update(verificationDocuments)
              .set({ current: true })
              .where(eq(verificationDocuments.id, previous.id));
          }
          return { reason: null };
        },
      });
      await announce(provider, current.documentType);
    },

    /** A file of a document: to the provider it belongs to and to admins; 404 to anyone else. */
    async file(caller: AuthUser, fileId: string) {
      const [found] = await db
        .select({
          file: verificationDocumentFiles,
          entityId: verificationDocuments.entityId,
          entityType: verificationDocuments.entityType,
        })
        .from(verificationDocumentFiles)
        .innerJoin(verificationDocuments, eq(verificationDocuments.id, verificationDocumentFiles.documentId))
        .where(eq(verificationDocumentFiles.id, fileId));
      const owner = found && kindOfRole(caller.role) === found.entityType && caller.referenceId === found.entityId;
      if (!found || !(owner || caller.role === 'ADMIN')) throw notFound(text.NO_SUCH_FILE);
      const content = await files.read(found.file.fileKey).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') throw notFound('This file is no longer stored.');
        throw error;
      });
      return {
        content,
        contentType: found.file.contentType,
        fileName: found.file.fileName,
      };
    },

    // ---- The admin's review ----

    /** Providers with papers waiting for a decision (or not yet verified), the longest waiting first. */
    async pending(query: AdminPendingQuery): Promise<PendingList> {
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
      const day = today();
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
    },

    async entity(entityId: string, entityType?: ProviderKind): Promise<AdminEntity> {
      const provider = await providerForAdmin(entityId, entityType);
      const day = today();
      const standing = await standingOf(db, provider, day);
      const versions = await db
        .select()
        .from(verificationDocuments)
        .where(eq(verificationDocuments.entityId, provider.id))
        .orderBy(desc(verificationDocuments.uploadedAt), desc(verificationDocuments.version));
      const state: EntityReviewState = {
        status: provider.verificationStatus,
        missingRequired: await missingRequired(provider),
      };
      const allowed = entityVerificationWorkflow.availableActions('ADMIN', state);
      return {
        entityType: provider.entityType,
        entityId: provider.id,
        profile: {
          name: provider.name,
          email: provider.email,
          phone: provider.phone,
          city: provider.city,
          state: provider.state,
          registrationNumber: provider.registrationNumber,
          registrationLabel: REGISTRATION_LABELS[provider.entityType],
          status: provider.status,
          createdAt: provider.createdAt.toISOString(),
        },
        verificationStatus: provider.verificationStatus,
        ...standing,
        history: await presentDocuments(db, versions, day),
        decisions: await decisionsOf(provider),
        duplicates: await duplicatesOf(provider),
        allowedStatuses: (Object.keys(ENTITY_ACTION_FOR_STATUS) as Array<keyof typeof ENTITY_ACTION_FOR_STATUS>).filter(
          (status) => allowed.includes(ENTITY_ACTION_FOR_STATUS[status]),
        ),
      };
    },

    async stats(): Promise<VerificationStats> {
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
    },

    /** An admin's decision on a provider's current version of a document. */
    async review(
      caller: AuthUser,
      entityId: string,
      documentType: string,
      body: ReviewDocumentBody,
    ): Promise<VerificationDocument> {
      const provider = await providerForAdmin(entityId, body.entityType);
      const current = await currentOf(provider.id, documentType);
      if (!current) throw notFound(text.NO_SUCH_DOCUMENT);
      const reason = body.reason ?? null;
      await runTransition(db, {
        workflow: documentReviewWorkflow,
        table: verificationDocuments,
        id: current.id,
        action: body.action,
        actor: { userId: caller.id, role: caller.role },
        load: async (tx) =>
          (await tx.select().from(verificationDocuments).where(eq(verificationDocuments.id, current.id)))[0],
        partyOf: () => 'ADMIN',
        write: async (tx, row, to) => {
          const status = to === 'UNCHANGED' ? row.status : to;
          const now = new Date();
          await tx
            .update(verificationDocuments)
            .set({ status, reviewedAt: now })
            .where(eq(verificationDocuments.id, row.id));
          await tx.insert(verificationReviews).values({
            documentId: row.id,
            entityId: provider.id,
            action: body.action,
            fromStatus: row.status,
            toStatus: status,
            reason,
            registryCheck: body.registryCheck,
            checkNote: body.checkNote ?? null,
            reviewerId: caller.id,
            reviewerName: caller.name ?? 'An admin',
            reviewedAt: now,
          });
          await relist(tx, provider);
          return { reason };
        },
      });
      const notice = text.reviewNotice(current.documentType, body.action, reason);
      await notify.notifyProfiles([provider.id], {
        ...notice,
        type: 'VERIFICATION',
        priority: body.action === 'APPROVE' || body.action === 'MARK_UNDER_REVIEW' ? 'LOW' : 'HIGH',
        data: { profileId: provider.id, url: '/documents' },
      });
      await announce(provider, current.documentType);
      const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.id, current.id));
      const [document] = await presentDocuments(db, [row!], today());
      return document!;
    },

    /** An admin sets the provider's verification status (VERIFIED only with every required paper approved). */
    async setStatus(caller: AuthUser, entityId: string, body: EntityStatusBody) {
      const found = await providerForAdmin(entityId, body.entityType);
      const reason = body.reason ?? null;
      const table = PROVIDER_TABLES[found.entityType];
      await runTransition(db, {
        workflow: entityVerificationWorkflow,
        table,
        id: found.id,
        action: ENTITY_ACTION_FOR_STATUS[body.status],
        actor: { userId: caller.id, role: caller.role },
        load: async (tx) => {
          const provider = await loadProvider(tx, found.entityType, found.id);
          if (!provider) return undefined;
          return {
            provider,
            status: provider.verificationStatus,
            missingRequired: await missingRequired(provider, tx),
          };
        },
        partyOf: () => 'ADMIN',
        write: async (tx, row, to) => {
          const status = to === 'UNCHANGED' ? row.status : to;
          await tx
            .update(table)
            .set({ verificationStatus: status, updatedAt: new Date() })
            .where(eq(table.id, row.provider.id));
          await relist(tx, row.provider);
          return { reason };
        },
      });
      const provider = (await loadProvider(db, found.entityType, found.id))!;
      await notify.notifyProfiles([provider.id], {
        ...text.statusNotice(provider.verificationStatus, reason),
        type: 'VERIFICATION',
        priority: provider.verificationStatus === 'VERIFIED' ? 'MEDIUM' : 'HIGH',
        data: { profileId: provider.id, url: '/documents' },
      });
      await announce(provider, null);
      const standing = await standingOf(db, provider, today());
      return {
        verificationStatus: provider.verificationStatus,
        requiredAction: standing.requiredAction,
        listed: standing.listed,
        listedUntil: standing.listedUntil,
      };
    },

    /** For the expiry job: tells a provider's accounts and screens of a paper's urgency band. */
    announce,
    relist,
    currentDocuments: (entityId: string) => currentDocuments(db, entityId),
    isAwaitingReview,
  };
}

export type VerificationService = ReturnType<typeof verificationService>;
