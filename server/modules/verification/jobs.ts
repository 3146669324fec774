import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { addDays, urgencyOf } from '../../../domain/rules/verification.ts';
import type { DocumentExpiringEvent } from '../../../domain/schemas/verification.ts';
import type { Db } from '../../db/client.ts';
import { verificationDocuments, verificationExpiryNotices } from '../../db/schema/index.ts';
import type { Job } from '../../platform/jobs.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { expiryNotice } from './messages.ts';
import { findProvider } from './queries.ts';
import type { VerificationService } from './service.ts';

/** How far ahead the expiry engine looks: the EARLY_NOTICE band's start. */
const LOOK_AHEAD_DAYS = 90;
/** Hourly: a band that changes at India's midnight is noticed within the hour; a band is told once. */
export const EXPIRY_JOB_EVERY_MS = 60 * 60 * 1000;

/**
 * The expiry engine: puts every approved, current document that expires within 90 days (or has
 * expired) in its urgency band and tells its provider once per band per document (a row in
 * verification_expiry_notices, whose key refuses a second), by notification (and so push), the
 * `documentExpiring` event, and a `verificationUpdate` so the screens show the new state. One
 * runner at a time (the job runner's advisory lock).
 */
export function documentExpiryJob(deps: {
  db: Db;
  realtime: Realtime;
  notify: NotificationsService;
  verification: VerificationService;
  today?: () => string;
}): Job {
  const today = deps.today ?? (() => todayInIndia());
  return {
    name: 'verification.expiry',
    everyMs: EXPIRY_JOB_EVERY_MS,
    async run(tx) {
      const day = today();
      const due = await tx
        .select()
        .from(verificationDocuments)
        .where(
          and(
            eq(verificationDocuments.current, true),
            inArray(verificationDocuments.status, ['APPROVED', 'VERIFIED']),
            isNotNull(verificationDocuments.expiryDate),
            lte(verificationDocuments.expiryDate, addDays(day, LOOK_AHEAD_DAYS)),
          ),
        );
      // Each provider's listing follows its papers' dates as they stand now.
      for (const entityId of new Set(due.map((document) => document.entityId))) {
        const document = due.find((d) => d.entityId === entityId)!;
        const provider = await findProvider(tx, entityId, document.entityType);
        if (provider) await deps.verification.relist(tx, provider);
      }
      const told: Array<{ document: (typeof due)[number]; event: DocumentExpiringEvent }> = [];
      for (const document of due) {
        const urgency = urgencyOf(document.expiryDate, day);
        if (!urgency) continue;
        const inserted = await tx
          .insert(verificationExpiryNotices)
          .values({ documentId: document.id, urgency })
          .onConflictDoNothing()
          .returning({ documentId: verificationExpiryNotices.documentId });
        if (inserted.length === 0) continue;
        told.push({
          document,
          event: {
            entityType: document.entityType,
            entityId: document.entityId,
            documentType: document.documentType,
            expiryDate: document.expiryDate!,
            urgency,
          },
        });
      }
      if (told.length === 0) return;
      return async () => {
        for (const { document, event } of told) {
          await deps.notify.notifyProfiles([document.entityId], {
            ...expiryNotice(document.documentType, event.urgency, event.expiryDate),
            type: 'VERIFICATION',
            priority: event.urgency === 'EXPIRED' || event.urgency === 'CRITICAL' ? 'URGENT' : 'MEDIUM',
            data: { profileId: document.entityId, url: '/documents' },
          });
          deps.realtime.emit(document.entityId, 'documentExpiring', event);
          const provider = await findProvider(deps.db, document.entityId, document.entityType);
          if (provider) await deps.verification.announce(provider, document.documentType);
        }
      };
    },
  };
}
