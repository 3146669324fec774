import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DOCUMENT_REVIEW_ACTIONS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  EXPIRY_URGENCIES,
  PROVIDER_KINDS,
  REGISTRY_CHECKS,
} from '../../../domain/enums.ts';

/**
 * One version of one verification document of a provider (hospital, doctor, diagnostics centre,
 * pharmacy). A replacement adds a version and the earlier one stops being current: nothing is
 * overwritten. At most one current version per provider and type.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    entityType: text({ enum: PROVIDER_KINDS }).notNull(),
    entityId: uuid().notNull(),
    documentType: text({ enum: DOCUMENT_TYPES }).notNull(),
    version: integer().notNull(),
    current: boolean().notNull().default(true),
    status: text({ enum: DOCUMENT_STATUSES }).notNull().default('PENDING'),
    documentNumber: text().notNull(),
    /** documentNumber with letters and digits only, upper case: how numbers are compared across providers. */
    numberKey: text().notNull(),
    issuingAuthority: text().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    expiryDate: date({ mode: 'string' }),
    uploadedBy: uuid(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The latest decision on this version (every decision is in verification_reviews). */
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('verification_documents_version_key').on(t.entityId, t.documentType, t.version),
    uniqueIndex('verification_documents_current_key')
      .on(t.entityId, t.documentType)
      .where(sql`${t.current}`),
    index('verification_documents_entity_idx').on(t.entityType, t.entityId),
    index('verification_documents_number_idx').on(t.documentType, t.numberKey),
    index('verification_documents_waiting_idx').on(t.status, t.uploadedAt),
    index('verification_documents_expiry_idx').on(t.expiryDate),
  ],
);

/** The files of one document version, in the order they were sent. */
export const verificationDocumentFiles = pgTable(
  'verification_document_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    documentId: uuid()
      .notNull()
      .references(() => verificationDocuments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
  },
  (t) => [uniqueIndex('verification_document_files_position_key').on(t.documentId, t.position)],
);

/**
 * Every review decision on a document version: who, when, the action, the reason, and what was
 * checked against a registry (NOT_CHECKED said plainly). Append-only, like workflow_history.
 */
export const verificationReviews = pgTable(
  'verification_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    documentId: uuid()
      .notNull()
      .references(() => verificationDocuments.id, { onDelete: 'cascade' }),
    entityId: uuid().notNull(),
    action: text({ enum: DOCUMENT_REVIEW_ACTIONS }).notNull(),
    fromStatus: text({ enum: DOCUMENT_STATUSES }).notNull(),
    toStatus: text({ enum: DOCUMENT_STATUSES }).notNull(),
    reason: text(),
    registryCheck: text({ enum: REGISTRY_CHECKS }).notNull(),
    checkNote: text(),
    reviewerId: uuid(),
    reviewerName: text(),
    reviewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_reviews_document_idx').on(t.documentId, t.reviewedAt),
    index('verification_reviews_entity_idx').on(t.entityId, t.reviewedAt),
  ],
);

/** An expiry notice sent for one document version in one urgency band: never twice for the same band. */
export const verificationExpiryNotices = pgTable(
  'verification_expiry_notices',
  {
    documentId: uuid()
      .notNull()
      .references(() => verificationDocuments.id, { onDelete: 'cascade' }),
    urgency: text({ enum: EXPIRY_URGENCIES }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.urgency] })],
);
