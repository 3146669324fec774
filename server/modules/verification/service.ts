import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProviderKind, Role } from '../../../domain/enums.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import {
  ENTITY_ACTION_FOR_STATUS,
  EXPIRY_GRACE_DAYS,
  documentReviewWorkflow,
  entityVerificationWorkflow,
  isApproved,
  isAwaitingReview,
  listedUntilOf,
  type EntityReviewState,
} from '../../../domain/rules/verification.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import {
  type AdminEntity,
  type AdminPendingQuery,
  type DocumentHistory,
  type HistoryQuery,
  type MyVerification,
  type VerificationUpdateEvent,
} from '../../../domain/schemas/verification.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users, verificationDocumentFiles, verificationDocuments } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { requireDuty } from '../../platform/duties.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore, UploadedFile } from '../../platform/files.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { runTransition } from '../../platform/workflow.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { decisionsOf, duplicatesOf, pendingProviders, verificationStats } from './adminQueries.ts';
import { adminDecisions } from './decisions.ts';
import * as text from './messages.ts';
import { insertVersion, receivePaper } from './papers.ts';
import {
  PROVIDER_TABLES,
  REGISTRATION_LABELS,
  currentDocuments,
  findProvider,
  latestApproved,
  loadProvider,
  presentDocuments,
  standingOf,
  type ProviderRow,
} from './queries.ts';

/** The roles that are providers, and the kind each one is. */
export const PROVIDER_ROLES = ['HOSPITAL', 'DOCTOR', 'DIAGNOSTICS', 'PHARMACY'] as const satisfies readonly Role[];
const kindOfRole = (role: Role): ProviderKind | null =>
  (PROVIDER_ROLES as readonly Role[]).includes(role) ? (role as ProviderKind) : null;

type Upload = () => Promise<{ files: UploadedFile[]; fields: Record<string, string> }>;

export type VerificationDeps = {
  db: Db;
  files: FileStore;
  realtime: Realtime;
  notify: NotificationsService;
  /** Today's date in India (tests fix it). */
  today?: () => string;
};

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

  /** Adds a version of a document (the first, or a replacement) and makes it the current one. */
  async function addVersion(caller: AuthUser, upload: Upload, replacing?: string) {
    const provider = await ownProvider(caller);
    await requireDuty(db, caller, 'ADMINISTRATION');
    const { documentType, details, stored } = await receivePaper(files, provider, await upload(), today(), replacing);
    const row = await db.transaction(async (tx) => {
      await ownProvider(caller, tx); // one change to a provider's papers at a time
      return insertVersion(tx, { caller, provider, documentType, details, stored, replacing: Boolean(replacing) });
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
      await requireDuty(db, caller, 'ADMINISTRATION');
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

    pending: (query: AdminPendingQuery) => pendingProviders(db, query, today()),

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
        decisions: await decisionsOf(db, provider),
        duplicates: await duplicatesOf(db, provider),
        allowedStatuses: (Object.keys(ENTITY_ACTION_FOR_STATUS) as Array<keyof typeof ENTITY_ACTION_FOR_STATUS>).filter(
          (status) => allowed.includes(ENTITY_ACTION_FOR_STATUS[status]),
        ),
      };
    },

    stats: () => verificationStats(db),

    ...adminDecisions({ db, notify, today, providerForAdmin, currentOf, relist, announce, missingRequired }),

    /** For the expiry job: tells a provider's accounts and screens of a paper's urgency band. */
    announce,
    relist,
    currentDocuments: (entityId: string) => currentDocuments(db, entityId),
    isAwaitingReview,
  };
}

export type VerificationService = ReturnType<typeof verificationService>;
