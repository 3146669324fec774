/** The verification area's texts: refusals, and what notifications say. */
import {
  DOCUMENT_TYPE_LABELS,
  PROVIDER_KIND_LABELS,
  VERIFICATION_STATUS_LABELS,
  type DocumentReviewAction,
  type DocumentType,
  type ExpiryUrgency,
  type ProviderKind,
  type VerificationStatus,
} from '../../../domain/enums.ts';

export const NO_PROVIDER = 'You have no provider profile yet: complete onboarding first, then upload your documents.';
export const NO_SUCH_PROVIDER = 'There is no such provider.';
export const NO_SUCH_DOCUMENT = 'There is no such document.';
export const NO_SUCH_FILE = 'There is no such file.';

export const label = (type: DocumentType) => DOCUMENT_TYPE_LABELS[type];

export const notInCatalogue = (type: DocumentType, kind: ProviderKind) =>
  `${label(type)} is not a document a ${PROVIDER_KIND_LABELS[kind].toLowerCase()} uploads here.`;
export const alreadyUploaded = (type: DocumentType) =>
  `${label(type)} is already uploaded: replace it to send a new version.`;
export const nothingToReplace = (type: DocumentType) => `${label(type)} has not been uploaded yet: upload it first.`;
export const expiryRequired = (type: DocumentType) =>
  `Expiry date is required: ${label(type)} expires, and we remind you before it does.`;
export const alreadyExpired = 'This document has already expired: upload the renewed one.';

const REVIEW_TITLES: Record<DocumentReviewAction, string> = {
  APPROVE: 'Document approved',
  REJECT: 'Document rejected',
  REQUEST_REUPLOAD: 'Re-upload requested',
  MARK_UNDER_REVIEW: 'Document under review',
};

export function reviewNotice(type: DocumentType, action: DocumentReviewAction, reason: string | null) {
  const what = label(type);
  const message =
    action === 'APPROVE'
      ? `${what} was approved.`
      : action === 'MARK_UNDER_REVIEW'
        ? `An admin is reviewing ${what}.`
        : `${what}: ${reason ?? 'see the reviewer’s reason'}. Upload it again from Documents.`;
  return { title: REVIEW_TITLES[action], message };
}

export function statusNotice(status: VerificationStatus, reason: string | null) {
  const words = VERIFICATION_STATUS_LABELS[status];
  if (status === 'VERIFIED') {
    return {
      title: 'You are verified',
      message: 'An admin verified your profile: patients can now find and book you.',
    };
  }
  return {
    title: `Verification: ${words}`,
    message: reason ? `${words}: ${reason}` : `Your verification status is now ${words.toLowerCase()}.`,
  };
}

export function submittedNotice(providerName: string, kind: ProviderKind, type: DocumentType, replaced: boolean) {
  return {
    title: 'Verification submitted',
    message: `${providerName} (${PROVIDER_KIND_LABELS[kind].toLowerCase()}) ${replaced ? 'sent a new version of' : 'uploaded'} ${label(type)} for review.`,
  };
}

export function expiryNotice(type: DocumentType, urgency: ExpiryUrgency, expiryDate: string) {
  if (urgency === 'EXPIRED') {
    return {
      title: 'Document expired',
      message: `${label(type)} expired on ${expiryDate}. Upload the renewed one: after the grace period you are hidden from patients until it is approved.`,
    };
  }
  return {
    title: 'Document expiring',
    message: `${label(type)} expires on ${expiryDate}. Upload the renewal before then.`,
  };
}
