/**
 * Verification's badges and its compact checklist, shown by the verification screens, the providers'
 * profile pages and the onboarding wizard. Colour is never the only sign: every badge says its state.
 */
import { Link } from 'react-router-dom';
import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  VERIFICATION_STATUS_LABELS,
  type DocumentStatus,
  type DocumentType,
  type ExpiryUrgency,
  type VerificationStatus,
} from '../../domain/enums.ts';
import { StatusBadge, type BadgeTone } from './StatusBadge.tsx';

export function documentStatusTone(status: DocumentStatus): BadgeTone {
  switch (status) {
    case 'APPROVED':
    case 'VERIFIED':
      return 'success';
    case 'REJECTED':
    case 'EXPIRED':
      return 'error';
    case 'REUPLOAD_REQUESTED':
      return 'warning';
    case 'PENDING':
    case 'UPLOADED':
    case 'UNDER_REVIEW':
      return 'info';
    case 'NOT_UPLOADED':
      return 'neutral';
  }
}

export function urgencyTone(urgency: ExpiryUrgency): BadgeTone {
  switch (urgency) {
    case 'EXPIRED':
    case 'CRITICAL':
      return 'error';
    case 'WARNING':
      return 'warning';
    case 'NOTICE':
    case 'EARLY_NOTICE':
      return 'info';
  }
}

/** The urgency badge's words. */
export const URGENCY_WORDS: Record<ExpiryUrgency, string> = {
  EXPIRED: 'Expired',
  CRITICAL: 'Expires within 7 days',
  WARNING: 'Expires within 30 days',
  NOTICE: 'Expires within 60 days',
  EARLY_NOTICE: 'Expires within 90 days',
};

export function verificationStatusTone(status: VerificationStatus): BadgeTone {
  switch (status) {
    case 'VERIFIED':
      return 'success';
    case 'REJECTED':
      return 'error';
    case 'UNDER_REVIEW':
      return 'info';
    case 'PENDING':
      return 'warning';
  }
}

export function DocumentStatusBadge({ status, size }: { status: DocumentStatus; size?: 'sm' | 'md' }) {
  return (
    <StatusBadge tone={documentStatusTone(status)} size={size}>
      {DOCUMENT_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

export function UrgencyBadge({ urgency, size }: { urgency: ExpiryUrgency; size?: 'sm' | 'md' }) {
  return (
    <StatusBadge tone={urgencyTone(urgency)} size={size}>
      {URGENCY_WORDS[urgency]}
    </StatusBadge>
  );
}

export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  return <StatusBadge tone={verificationStatusTone(status)}>{VERIFICATION_STATUS_LABELS[status]}</StatusBadge>;
}

export type ChecklistSummaryItem = {
  documentType: DocumentType;
  required: boolean;
  status: DocumentStatus;
  urgency: ExpiryUrgency | null;
  nextStep: string | null;
};

/**
 * The checklist in a few lines: each document, its state and what to do next. `onlyRequired` keeps
 * the required ones (a profile's card); `documentsLink` ends it with the way to the documents page.
 */
export function ChecklistSummary({
  items,
  label,
  onlyRequired = false,
  documentsLink = false,
}: {
  items: readonly ChecklistSummaryItem[];
  label: string;
  onlyRequired?: boolean;
  documentsLink?: boolean;
}) {
  const shown = onlyRequired ? items.filter((item) => item.required) : items;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} className="divide-y divide-base-300 rounded-box border border-base-300">
        {shown.map((item) => (
          <li key={item.documentType} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 p-3">
            <div className="min-w-0">
              <p className="font-medium break-words">
                {DOCUMENT_TYPE_LABELS[item.documentType]}
                {!onlyRequired && (
                  <span className="text-sm font-normal text-base-content/70">
                    {item.required ? ' · Required' : ' · Optional'}
                  </span>
                )}
              </p>
              {item.nextStep && <p className="text-sm text-base-content/80">Next: {item.nextStep}</p>}
            </div>
            <div className="flex flex-wrap gap-1">
              <DocumentStatusBadge status={item.status} size="sm" />
              {item.urgency && <UrgencyBadge urgency={item.urgency} size="sm" />}
            </div>
          </li>
        ))}
      </ul>
      {documentsLink && (
        <Link to="/documents" className="link link-primary w-fit text-sm">
          Open Documents to upload or replace them
        </Link>
      )}
    </div>
  );
}
