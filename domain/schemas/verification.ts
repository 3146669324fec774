/** The verification API's contract (SPEC §7 "Verification"): owners' documents and the admin's review. */
import { z } from 'zod';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_REVIEW_ACTIONS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  EXPIRY_URGENCIES,
  ONBOARDING_REQUIRED_ACTIONS,
  PROVIDER_KINDS,
  RECORD_STATUSES,
  REGISTRY_CHECKS,
  VERIFICATION_STATUSES,
} from '../enums.ts';
import { todayInIndia } from '../rules/time.ts';
import { ENTITY_STATUSES_WITH_REASON, REVIEW_ACTIONS_WITH_REASON } from '../rules/verification.ts';
import { idSchema, isoDate, paginationQuery, paginationSchema } from './common.ts';
import { lineText, notesText } from './text.ts';

export const entityTypeSchema = z.enum(PROVIDER_KINDS, { error: 'Choose hospital, doctor, diagnostics or pharmacy' });
export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: 'Choose a document type from the list' });

const requiredLine = (label: string, max: number) =>
  lineText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An empty form field is no value. */
const optionalDate = z.preprocess((value) => (value === '' || value === null ? undefined : value), isoDate.optional());

/**
 * The text fields of an upload or a replacement (multipart). Whether the expiry date is required
 * depends on the document type and the provider's kind (domain/rules/verification.ts): the server
 * checks that, and the form asks for it from the same catalogue.
 */
export const documentDetailsFields = z
  .object({
    documentNumber: requiredLine('Document number', 64),
    issuingAuthority: requiredLine('Issuing authority', 200),
    issueDate: isoDate.refine((value) => value <= todayInIndia(), 'Issue date cannot be in the future'),
    expiryDate: optionalDate,
  })
  .superRefine((value, ctx) => {
    if (value.expiryDate && value.expiryDate <= value.issueDate) {
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Expiry date must be after the issue date' });
    }
  });
export type DocumentDetails = z.output<typeof documentDetailsFields>;

export const uploadDocumentFields = z.object({ documentType: documentTypeSchema }).and(documentDetailsFields);
export type UploadDocumentFields = z.output<typeof uploadDocumentFields>;

export const documentTypeParams = z.object({ documentType: documentTypeSchema });
export const fileParams = z.object({ fileId: idSchema });
export const fileQuery = z.object({ disposition: z.enum(['inline', 'attachment']).default('inline') });

export const historyQuery = paginationQuery.extend({ documentType: documentTypeSchema.optional() });
export type HistoryQuery = z.output<typeof historyQuery>;

export const verificationFileSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type VerificationFile = z.output<typeof verificationFileSchema>;

export const documentReviewSchema = z.object({
  action: z.enum(DOCUMENT_REVIEW_ACTIONS),
  reason: z.string().nullable(),
  registryCheck: z.enum(REGISTRY_CHECKS),
  checkNote: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string(),
});
export type DocumentReview = z.output<typeof documentReviewSchema>;

/** One version of one document. */
export const verificationDocumentSchema = z.object({
  id: idSchema,
  entityType: entityTypeSchema,
  entityId: idSchema,
  documentType: documentTypeSchema,
  category: z.enum(DOCUMENT_CATEGORIES),
  version: z.number().int(),
  /** The version the provider shows now (older ones are history). */
  current: z.boolean(),
  status: z.enum(DOCUMENT_STATUSES),
  documentNumber: z.string(),
  issuingAuthority: z.string(),
  issueDate: z.string(),
  expiryDate: z.string().nullable(),
  urgency: z.enum(EXPIRY_URGENCIES).nullable(),
  files: z.array(verificationFileSchema),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  /** The latest decision on this version; null before any. */
  review: documentReviewSchema.nullable(),
});
export type VerificationDocument = z.output<typeof verificationDocumentSchema>;

export const checklistItemSchema = z.object({
  documentType: documentTypeSchema,
  category: z.enum(DOCUMENT_CATEGORIES),
  required: z.boolean(),
  requiredBecause: z.string().nullable(),
  expires: z.boolean(),
  issuingAuthority: z.string(),
  numberLabel: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  urgency: z.enum(EXPIRY_URGENCIES).nullable(),
  nextStep: z.string().nullable(),
  /** The current version, when there is one. */
  document: verificationDocumentSchema.nullable(),
});
export type ChecklistEntry = z.output<typeof checklistItemSchema>;

/** GET /verification/documents: the caller's provider, its checklist and where it stands. */
export const myVerificationSchema = z.object({
  entityType: entityTypeSchema,
  entityId: idSchema,
  name: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  requiredAction: z.enum(ONBOARDING_REQUIRED_ACTIONS),
  /** Shown to patients in the directory now. */
  listed: z.boolean(),
  /** The last day it stays listed unless a renewal is approved; null without an expiring required paper. */
  listedUntil: z.string().nullable(),
  graceDays: z.number().int(),
  checklist: z.array(checklistItemSchema),
});
export type MyVerification = z.output<typeof myVerificationSchema>;

export const documentHistorySchema = z.object({
  documents: z.array(verificationDocumentSchema),
  pagination: paginationSchema,
});
export type DocumentHistory = z.output<typeof documentHistorySchema>;

// ---- Admin ----

export const adminPendingQuery = paginationQuery.extend({
  entityType: entityTypeSchema.optional(),
  status: z.enum(VERIFICATION_STATUSES, { error: 'Choose a verification status from the list' }).optional(),
  search: lineText('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
});
export type AdminPendingQuery = z.output<typeof adminPendingQuery>;

export const pendingEntitySchema = z.object({
  entityType: entityTypeSchema,
  entityId: idSchema,
  name: z.string(),
  city: z.string(),
  state: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  requiredAction: z.enum(ONBOARDING_REQUIRED_ACTIONS),
  /** When the oldest document still waiting for a decision was uploaded; null when none waits. */
  waitingSince: z.string().nullable(),
  awaitingReview: z.number().int(),
  sentBack: z.number().int(),
  approved: z.number().int(),
});
export type PendingEntity = z.output<typeof pendingEntitySchema>;

export const pendingListSchema = z.object({
  entities: z.array(pendingEntitySchema),
  pagination: paginationSchema,
});
export type PendingList = z.output<typeof pendingListSchema>;

export const entityParams = z.object({ entityId: idSchema });
/** The kind helps the lookup; without it the server finds the provider by its id. */
export const entityQuery = z.object({ entityType: entityTypeSchema.optional() });
export const entityDocumentParams = z.object({ entityId: idSchema, documentType: documentTypeSchema });

export const reviewDocumentBody = z
  .object({
    entityType: entityTypeSchema.optional(),
    action: z.enum(DOCUMENT_REVIEW_ACTIONS, {
      error: 'Choose approve, reject, request re-upload or mark under review',
    }),
    reason: notesText('Reason').trim().max(500, 'Reason must be at most 500 characters').optional(),
    registryCheck: z.enum(REGISTRY_CHECKS).default('NOT_CHECKED'),
    checkNote: lineText('Check note').trim().max(200, 'Check note must be at most 200 characters').optional(),
  })
  .superRefine((value, ctx) => {
    if (REVIEW_ACTIONS_WITH_REASON.includes(value.action) && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why: the provider reads this reason' });
    }
  });
export type ReviewDocumentBody = z.output<typeof reviewDocumentBody>;

export const entityStatusBody = z
  .object({
    entityType: entityTypeSchema.optional(),
    status: z.enum(VERIFICATION_STATUSES, { error: 'Choose a verification status from the list' }),
    reason: notesText('Reason').trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .superRefine((value, ctx) => {
    if (ENTITY_STATUSES_WITH_REASON.includes(value.status) && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why: the provider reads this reason' });
    }
  });
export type EntityStatusBody = z.output<typeof entityStatusBody>;

/** A decision, as the entity's page lists them (document reviews and status changes). */
export const decisionSchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  /** The document decided on; null for the provider's status. */
  documentType: documentTypeSchema.nullable(),
  version: z.number().int().nullable(),
  action: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  registryCheck: z.enum(REGISTRY_CHECKS).nullable(),
  checkNote: z.string().nullable(),
});
export type Decision = z.output<typeof decisionSchema>;

/** A registration number this provider shares with another provider. */
export const duplicateNumberSchema = z.object({
  documentType: documentTypeSchema.nullable(),
  number: z.string(),
  other: z.object({ entityType: entityTypeSchema, entityId: idSchema, name: z.string() }),
});
export type DuplicateNumber = z.output<typeof duplicateNumberSchema>;

export const adminEntitySchema = z.object({
  entityType: entityTypeSchema,
  entityId: idSchema,
  profile: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    /** The registration or licence number the profile gives, and what it is called. */
    registrationNumber: z.string().nullable(),
    registrationLabel: z.string(),
    status: z.enum(RECORD_STATUSES),
    createdAt: z.string(),
  }),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  requiredAction: z.enum(ONBOARDING_REQUIRED_ACTIONS),
  listed: z.boolean(),
  listedUntil: z.string().nullable(),
  checklist: z.array(checklistItemSchema),
  /** Every version of every document, newest first. */
  history: z.array(verificationDocumentSchema),
  decisions: z.array(decisionSchema),
  duplicates: z.array(duplicateNumberSchema),
  /** The statuses the admin may set now. */
  allowedStatuses: z.array(z.enum(VERIFICATION_STATUSES)),
});
/** What an entity status change answers: the entity's verification state now. */
export const entityStatusAnswerSchema = adminEntitySchema.pick({
  verificationStatus: true,
  requiredAction: true,
  listed: true,
  listedUntil: true,
});
export type EntityStatusAnswer = z.output<typeof entityStatusAnswerSchema>;

export type AdminEntity = z.output<typeof adminEntitySchema>;

export const verificationStatsSchema = z.object({
  byKind: z.array(
    z.object({
      entityType: entityTypeSchema,
      PENDING: z.number().int(),
      UNDER_REVIEW: z.number().int(),
      VERIFIED: z.number().int(),
      REJECTED: z.number().int(),
    }),
  ),
  documentsAwaitingReview: z.number().int(),
  oldestWaiting: z
    .object({ entityType: entityTypeSchema, entityId: idSchema, name: z.string(), waitingSince: z.string() })
    .nullable(),
  /** Median hours from an upload to its first decision, over the last 90 days; null with none. */
  medianHoursToDecision: z.number().nullable(),
  decisionsCounted: z.number().int(),
});
export type VerificationStats = z.output<typeof verificationStatsSchema>;

// ---- Realtime ----

export const verificationUpdateEvent = z.object({
  entityType: entityTypeSchema,
  entityId: idSchema,
  documentType: documentTypeSchema.nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  requiredAction: z.enum(ONBOARDING_REQUIRED_ACTIONS),
});
export type VerificationUpdateEvent = z.output<typeof verificationUpdateEvent>;

export const documentExpiringEvent = z.object({
  entityType: entityTypeSchema,
  entityId: idSchema,
  documentType: documentTypeSchema,
  expiryDate: z.string(),
  urgency: z.enum(EXPIRY_URGENCIES),
});
export type DocumentExpiringEvent = z.output<typeof documentExpiringEvent>;
