/**
 * Verification: which papers each kind of provider must show, how a paper's expiry becomes urgent,
 * what the provider must do next, and when it is listed in the directory. Pure: the server, the
 * screens and the daily expiry job all ask these functions.
 */
import {
  DOCUMENT_TYPE_CATEGORIES,
  type DocumentCategory,
  type DocumentReviewAction,
  type DocumentStatus,
  type DocumentType,
  type ExpiryUrgency,
  type OnboardingRequiredAction,
  type ProviderKind,
  type VerificationStatus,
} from '../enums.ts';
import { defineWorkflow } from './workflow.ts';
import { VERIFICATION_CATALOGUE, isRequired, optional, type ProviderFacts } from './verificationCatalogue.ts';

export {
  VERIFICATION_CATALOGUE,
  catalogueEntry,
  isRequired,
  type CatalogueEntry,
  type ProviderFacts,
} from './verificationCatalogue.ts';

/** At most this many files make up one document (front and back, several pages). */
export const MAX_FILES_PER_DOCUMENT = 5;
export const MAX_VERIFICATION_FILE_MB = 10;
export const MAX_VERIFICATION_FILE_BYTES = MAX_VERIFICATION_FILE_MB * 1024 * 1024;

/**
 * Days a provider stays listed after a required document expires, while it renews. A week: long
 * enough for a renewal already applied for to be uploaded and reviewed, short enough that nobody
 * books a provider whose licence has lapsed for long. Reminders start 90 days before the expiry.
 */
export const EXPIRY_GRACE_DAYS = 7;

/** The days before expiry at which each band starts (the band holds up to and including the day). */
export const URGENCY_BANDS: ReadonlyArray<{ urgency: Exclude<ExpiryUrgency, 'EXPIRED'>; withinDays: number }> = [
  { urgency: 'CRITICAL', withinDays: 7 },
  { urgency: 'WARNING', withinDays: 30 },
  { urgency: 'NOTICE', withinDays: 60 },
  { urgency: 'EARLY_NOTICE', withinDays: 90 },
];

/** Days from `today` to `date` (both yyyy-mm-dd): 0 on the day, negative after it. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The urgency of an expiry date on `today` (India's date): EXPIRED once the date has passed (a
 * document is valid through its expiry date), CRITICAL within 7 days, WARNING within 30, NOTICE
 * within 60, EARLY_NOTICE within 90; null further out or without a date.
 */
export function urgencyOf(expiryDate: string | null | undefined, today: string): ExpiryUrgency | null {
  if (!expiryDate) return null;
  const days = daysUntil(expiryDate, today);
  if (days < 0) return 'EXPIRED';
  return URGENCY_BANDS.find((band) => days <= band.withinDays)?.urgency ?? null;
}

/** A document version as the rules read it. */
export type DocumentVersionState = {
  documentType: DocumentType;
  status: DocumentStatus;
  expiryDate: string | null;
};

/** Decided in the document's favour. */
export const isApproved = (status: DocumentStatus) => status === 'APPROVED' || status === 'VERIFIED';
/** Waiting for a reviewer. */
export const isAwaitingReview = (status: DocumentStatus) =>
  status === 'PENDING' || status === 'UPLOADED' || status === 'UNDER_REVIEW';
/** Sent back to its owner. */
export const isSentBack = (status: DocumentStatus) => status === 'REJECTED' || status === 'REUPLOAD_REQUESTED';

export type ChecklistItem = {
  documentType: DocumentType;
  category: DocumentCategory;
  required: boolean;
  requiredBecause: string | null;
  expires: boolean;
  issuingAuthority: string;
  numberLabel: string;
  /** NOT_UPLOADED, the current version's status, or EXPIRED for an approved paper past its date. */
  status: DocumentStatus;
  urgency: ExpiryUrgency | null;
  /** What the owner should do next, in words; null when nothing. */
  nextStep: string | null;
};

/**
 * The checklist of a provider: every catalogue entry with the state of its current version
 * (`current`, one per type at most) and, for a renewal under review, the latest approved one.
 */
export function checklistOf(
  kind: ProviderKind,
  facts: ProviderFacts,
  current: readonly DocumentVersionState[],
  today: string,
): ChecklistItem[] {
  const byType = new Map(current.map((doc) => [doc.documentType, doc]));
  const entries = [...VERIFICATION_CATALOGUE[kind]];
  // A paper uploaded that the catalogue does not list for this kind still shows (as optional).
  for (const doc of current) {
    if (!entries.some((entry) => entry.documentType === doc.documentType)) {
      entries.push(optional(doc.documentType, doc.expiryDate !== null, '—'));
    }
  }
  const items = entries.map((entry): ChecklistItem => {
    const required = isRequired(entry, facts);
    const doc = byType.get(entry.documentType);
    const urgency = doc && isApproved(doc.status) ? urgencyOf(doc.expiryDate, today) : null;
    const status: DocumentStatus = !doc ? 'NOT_UPLOADED' : urgency === 'EXPIRED' ? 'EXPIRED' : doc.status;
    return {
      documentType: entry.documentType,
      category: DOCUMENT_TYPE_CATEGORIES[entry.documentType],
      required,
      requiredBecause: required && typeof entry.required === 'function' ? (entry.requiredBecause ?? null) : null,
      expires: entry.expires,
      issuingAuthority: entry.issuingAuthority,
      numberLabel: entry.numberLabel,
      status,
      urgency,
      nextStep: nextStepFor(status, required, urgency),
    };
  });
  return items.sort((a, b) => Number(b.required) - Number(a.required));
}

function nextStepFor(status: DocumentStatus, required: boolean, urgency: ExpiryUrgency | null): string | null {
  if (status === 'NOT_UPLOADED') return required ? 'Upload it' : null;
  if (status === 'EXPIRED') return 'Upload the renewed document';
  if (status === 'REJECTED' || status === 'REUPLOAD_REQUESTED') return 'Read the reviewer’s reason and upload it again';
  if (isAwaitingReview(status)) return 'Nothing: an admin reviews it';
  if (urgency && urgency !== 'EARLY_NOTICE') return 'Renew it before it expires and upload the renewal';
  return null;
}

/**
 * What the provider must do next, the most pressing first: renew an expired required paper, upload
 * again what a reviewer sent back, upload what is still missing, wait for the review, or nothing.
 */
export function requiredActionOf(
  checklist: readonly ChecklistItem[],
  verificationStatus: VerificationStatus,
): OnboardingRequiredAction {
  const required = checklist.filter((item) => item.required);
  if (required.some((item) => item.status === 'EXPIRED')) return 'UPDATE_EXPIRED_DOCUMENTS';
  if (checklist.some((item) => isSentBack(item.status))) return 'REUPLOAD_REJECTED_DOCUMENTS';
  if (required.some((item) => item.status === 'NOT_UPLOADED')) return 'UPLOAD_PENDING_DOCUMENTS';
  if (verificationStatus !== 'VERIFIED' || checklist.some((item) => isAwaitingReview(item.status))) {
    return 'AWAITING_VERIFICATION';
  }
  return 'NONE';
}

/** The required action in a sentence, for the checklist's heading. */
export const REQUIRED_ACTION_WORDS: Record<OnboardingRequiredAction, string> = {
  UPDATE_EXPIRED_DOCUMENTS:
    'A required document has expired. Upload the renewed one: after a short grace period you are hidden from patients until it is approved.',
  REUPLOAD_REJECTED_DOCUMENTS: 'A reviewer sent a document back. Read the reason and upload it again.',
  UPLOAD_PENDING_DOCUMENTS: 'Upload the required documents so an admin can verify you.',
  AWAITING_VERIFICATION: 'Your documents are with an admin for review. Nothing to do for now.',
  NONE: 'You are verified and every required document is valid.',
};

/**
 * Until when a verified provider stays listed, from its required papers' latest approved versions:
 * null when none of them expires; the earliest expiry plus the grace period otherwise; a date long
 * past when a required paper has no approved version at all (it is not listed).
 */
export const NEVER_LISTED = '1900-01-01';
export function listedUntilOf(
  kind: ProviderKind,
  facts: ProviderFacts,
  latestApproved: ReadonlyArray<{ documentType: DocumentType; expiryDate: string | null }>,
): string | null {
  let until: string | null = null;
  for (const entry of VERIFICATION_CATALOGUE[kind]) {
    if (!isRequired(entry, facts)) continue;
    const approved = latestApproved.find((doc) => doc.documentType === entry.documentType);
    if (!approved) return NEVER_LISTED;
    if (approved.expiryDate) {
      const end = addDays(approved.expiryDate, EXPIRY_GRACE_DAYS);
      if (until === null || end < until) until = end;
    }
  }
  return until;
}

/** A directory entry is listed on `today` while its listedUntil (if any) has not passed. */
export const listedOn = (listedUntil: string | null, today: string) => listedUntil === null || listedUntil >= today;

// ---- Review workflows ----

export type ReviewParty = 'ADMIN' | 'OWNER';

/** A document version's review: the admin decides; the owner may delete what nobody has decided on. */
export const documentReviewWorkflow = defineWorkflow<
  DocumentReviewAction | 'DELETE',
  ReviewParty,
  DocumentStatus,
  { status: DocumentStatus },
  'verificationUpdate'
>({
  name: 'verification-document',
  noun: 'document',
  order: ['MARK_UNDER_REVIEW', 'APPROVE', 'REQUEST_REUPLOAD', 'REJECT', 'DELETE'],
  actions: {
    MARK_UNDER_REVIEW: {
      by: ['ADMIN'],
      from: ['PENDING', 'UPLOADED'],
      to: 'UNDER_REVIEW',
      event: 'verificationUpdate',
      label: 'Mark under review',
    },
    APPROVE: {
      by: ['ADMIN'],
      from: ['PENDING', 'UPLOADED', 'UNDER_REVIEW'],
      to: 'APPROVED',
      event: 'verificationUpdate',
      label: 'Approve',
    },
    REQUEST_REUPLOAD: {
      by: ['ADMIN'],
      from: ['PENDING', 'UPLOADED', 'UNDER_REVIEW', 'APPROVED'],
      to: 'REUPLOAD_REQUESTED',
      event: 'verificationUpdate',
      label: 'Request re-upload',
    },
    REJECT: {
      by: ['ADMIN'],
      from: ['PENDING', 'UPLOADED', 'UNDER_REVIEW', 'APPROVED'],
      to: 'REJECTED',
      event: 'verificationUpdate',
      label: 'Reject',
    },
    DELETE: { by: ['OWNER'], from: ['PENDING', 'UPLOADED'], to: 'UNCHANGED', event: null, label: 'Delete' },
  },
  statusWords: {
    PENDING: 'waiting for review',
    VERIFIED: 'verified',
    REJECTED: 'rejected',
    EXPIRED: 'expired',
    NOT_UPLOADED: 'not uploaded',
    UPLOADED: 'waiting for review',
    UNDER_REVIEW: 'under review by an admin',
    APPROVED: 'approved',
    REUPLOAD_REQUESTED: 'sent back for a re-upload',
  },
});

/** Review actions that must say why (the owner reads the reason). */
export const REVIEW_ACTIONS_WITH_REASON: readonly DocumentReviewAction[] = ['REJECT', 'REQUEST_REUPLOAD'];

/** The status an admin sets on a provider, as an action of the entity's workflow. */
export type EntityReviewAction = 'MARK_UNDER_REVIEW' | 'VERIFY' | 'REJECT' | 'REOPEN';
export const ENTITY_ACTION_FOR_STATUS: Record<VerificationStatus, EntityReviewAction> = {
  UNDER_REVIEW: 'MARK_UNDER_REVIEW',
  VERIFIED: 'VERIFY',
  REJECTED: 'REJECT',
  PENDING: 'REOPEN',
};
/** Entity statuses that must say why. */
export const ENTITY_STATUSES_WITH_REASON: readonly VerificationStatus[] = ['REJECTED', 'PENDING'];

export type EntityReviewState = {
  status: VerificationStatus;
  /** Required papers that have no approved, unexpired version. */
  missingRequired: readonly DocumentType[];
};

export const entityVerificationWorkflow = defineWorkflow<
  EntityReviewAction,
  'ADMIN',
  VerificationStatus,
  EntityReviewState,
  'verificationUpdate'
>({
  name: 'verification-entity',
  noun: 'provider',
  order: ['MARK_UNDER_REVIEW', 'VERIFY', 'REJECT', 'REOPEN'],
  actions: {
    MARK_UNDER_REVIEW: {
      by: ['ADMIN'],
      from: ['PENDING'],
      to: 'UNDER_REVIEW',
      event: 'verificationUpdate',
      label: 'Mark under review',
    },
    VERIFY: {
      by: ['ADMIN'],
      from: ['PENDING', 'UNDER_REVIEW', 'REJECTED'],
      to: 'VERIFIED',
      event: 'verificationUpdate',
      label: 'Verify',
      guards: [
        {
          reason: 'DOCUMENTS_MISSING',
          holds: (state) => state.missingRequired.length === 0,
          message: () => 'Every required document must be approved and unexpired before the provider is verified.',
        },
      ],
    },
    REJECT: {
      by: ['ADMIN'],
      from: ['PENDING', 'UNDER_REVIEW', 'VERIFIED'],
      to: 'REJECTED',
      event: 'verificationUpdate',
      label: 'Reject',
    },
    REOPEN: {
      by: ['ADMIN'],
      from: ['UNDER_REVIEW', 'VERIFIED', 'REJECTED'],
      to: 'PENDING',
      event: 'verificationUpdate',
      label: 'Send back to pending',
    },
  },
  statusWords: {
    PENDING: 'pending verification',
    UNDER_REVIEW: 'under review',
    VERIFIED: 'verified',
    REJECTED: 'rejected',
  },
});

/** A registration or licence number as compared across providers: letters and digits, upper case. */
export function normaliseRegistrationNumber(value: string): string {
  return value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}
