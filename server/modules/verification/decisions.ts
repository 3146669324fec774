import { eq } from 'drizzle-orm';
import {
  ENTITY_ACTION_FOR_STATUS,
  documentReviewWorkflow,
  entityVerificationWorkflow,
  type EntityReviewState,
} from '../../../domain/rules/verification.ts';
import type {
  EntityStatusBody,
  ReviewDocumentBody,
  VerificationDocument,
  VerificationUpdateEvent,
} from '../../../domain/schemas/verification.ts';
import type { Db, Tx } from '../../db/client.ts';
import { verificationDocuments, verificationReviews } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { runTransition } from '../../platform/workflow.ts';
import type { NotificationsService } from '../notifications/index.ts';
import * as text from './messages.ts';
import { PROVIDER_TABLES, loadProvider, presentDocuments, standingOf, type ProviderRow } from './queries.ts';

/** What the admin's decisions share with the rest of the verification use cases. */
export type DecisionContext = {
  db: Db;
  notify: Pick<NotificationsService, 'notifyProfiles'>;
  today: () => string;
  providerForAdmin(entityId: string, entityType?: ProviderRow['entityType']): Promise<ProviderRow>;
  currentOf(entityId: string, documentType: string): Promise<typeof verificationDocuments.$inferSelect | undefined>;
  relist(tx: Db | Tx, provider: ProviderRow): Promise<void>;
  announce(provider: ProviderRow, documentType: VerificationUpdateEvent['documentType']): Promise<void>;
  missingRequired(provider: ProviderRow, tx?: Db | Tx): Promise<EntityReviewState['missingRequired']>;
};

/** The admin's decisions: a review of one paper, and the provider's verification status. */
export function adminDecisions({
  db,
  notify,
  today,
  providerForAdmin,
  currentOf,
  relist,
  announce,
  missingRequired,
}: DecisionContext) {
  return {
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
  };
}
