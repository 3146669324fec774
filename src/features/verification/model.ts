/** The verification screens' pure logic: grouping, the upload form's checks, badges' tones and words. */
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_STATUS_LABELS,
  PROVIDER_KINDS,
  VERIFICATION_STATUS_LABELS,
  VERIFICATION_STATUSES,
  type DocumentCategory,
  type DocumentReviewAction,
  type DocumentStatus,
  type ProviderKind,
  type VerificationStatus,
} from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import {
  MAX_FILES_PER_DOCUMENT,
  MAX_VERIFICATION_FILE_BYTES,
  MAX_VERIFICATION_FILE_MB,
  documentReviewWorkflow,
  entityVerificationWorkflow,
} from '../../../domain/rules/verification.ts';
import { documentDetailsFields } from '../../../domain/schemas/verification.ts';

/** What a provider may upload as a verification document. */
export const ACCEPTED_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};
export const ACCEPT_ATTRIBUTE = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
export const FILES_HINT = `PDF, JPEG, PNG or WebP; 1 to ${MAX_FILES_PER_DOCUMENT} files (front and back, several pages), up to ${MAX_VERIFICATION_FILE_MB} MB each.`;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why the chosen files cannot be sent (the server checks the same); undefined when they can. */
export function filesProblem(files: ReadonlyArray<Pick<File, 'name' | 'type' | 'size'>>): string | undefined {
  if (files.length === 0) return 'Choose at least one file';
  if (files.length > MAX_FILES_PER_DOCUMENT) {
    return `Choose at most ${MAX_FILES_PER_DOCUMENT} files for one document`;
  }
  for (const file of files) {
    if (!ACCEPTED_TYPES[file.type]) return `${file.name} is not a PDF, JPEG, PNG or WebP file`;
    if (file.size === 0) return `${file.name} is empty`;
    if (file.size > MAX_VERIFICATION_FILE_BYTES) {
      return `${file.name} is ${formatSize(file.size)}; each file can be at most ${MAX_VERIFICATION_FILE_MB} MB`;
    }
  }
  return undefined;
}

export type DetailsDraft = {
  documentNumber: string;
  issuingAuthority: string;
  issueDate: string;
  expiryDate: string;
};

export const EXPIRY_REQUIRED = 'Expiry date is required for this document';
export const ISSUE_DATE_REQUIRED = 'Issue date is required';

/**
 * The upload form's field errors, from the contract's schema (required texts, issue date not in the
 * future, expiry after issue) and the catalogue (an expiry date when the document expires).
 */
export function detailsProblems(draft: DetailsDraft, expires: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = documentDetailsFields.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  if (draft.issueDate.trim() === '') errors['issueDate'] = ISSUE_DATE_REQUIRED;
  if (expires && draft.expiryDate.trim() === '' && !errors['expiryDate']) errors['expiryDate'] = EXPIRY_REQUIRED;
  return errors;
}

/**
 * The checklist as the screens show it: the required documents first, then the optional ones, each
 * part in groups by category (in the catalogue's category order), items in the checklist's order.
 */
export function groupChecklist<T extends { category: DocumentCategory; required: boolean }>(
  items: readonly T[],
): Array<{ required: boolean; groups: Array<{ category: DocumentCategory; items: T[] }> }> {
  const byCategory = (part: readonly T[]) => {
    const groups = new Map<DocumentCategory, T[]>();
    for (const item of part) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
    return [...groups.entries()]
      .sort(([a], [b]) => DOCUMENT_CATEGORIES.indexOf(a) - DOCUMENT_CATEGORIES.indexOf(b))
      .map(([category, list]) => ({ category, items: list }));
  };
  return [true, false]
    .map((required) => ({ required, groups: byCategory(items.filter((item) => item.required === required)) }))
    .filter((part) => part.groups.length > 0);
}

/** The owner may delete a version nobody has decided on yet. */
export const canDelete = (status: DocumentStatus) =>
  documentReviewWorkflow.availableActions('OWNER', { status }).includes('DELETE');

/** The review actions open to an admin on a version in this status. */
export const reviewActionsFor = (status: DocumentStatus): DocumentReviewAction[] =>
  documentReviewWorkflow
    .availableActions('ADMIN', { status })
    .filter((action): action is DocumentReviewAction => action !== 'DELETE');

/** How long something has waited, in words: "waiting 3 days", "waiting 5 hours". */
export function waitingWords(since: string, now: Date = new Date()): string {
  const hours = Math.max(0, (now.getTime() - Date.parse(since)) / 3_600_000);
  if (hours < 1) return 'waiting less than an hour';
  if (hours < 24) {
    const whole = Math.floor(hours);
    return `waiting ${whole} ${whole === 1 ? 'hour' : 'hours'}`;
  }
  const days = Math.floor(hours / 24);
  return `waiting ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A median duration in hours, in words: "40 minutes", "14 hours", "2.5 days". */
export function hoursInWords(hours: number): string {
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  if (hours < 48) {
    const rounded = Math.round(hours);
    return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
  }
  const days = Math.round((hours / 24) * 10) / 10;
  return `${days} days`;
}

/** Whether patients find the provider in the directory, and until when, in one sentence. */
export function listingWords(state: { listed: boolean; listedUntil: string | null; graceDays: number }): string {
  if (!state.listed) return 'Not listed: patients cannot find or book you in the directory yet.';
  if (!state.listedUntil) return 'Listed: patients find and book you in the directory.';
  return `Listed until ${formatDate(state.listedUntil)}: that is your earliest required document’s expiry plus ${state.graceDays} days’ grace. Upload its renewal before then to stay listed.`;
}

/** The admin queue's filters as the URL holds them; unknown values are left out. */
export function pendingParamsOf(params: URLSearchParams, page: number, limit: number) {
  const entityType = params.get('entityType') ?? '';
  const status = params.get('status') ?? '';
  const search = (params.get('search') ?? '').trim();
  return {
    page,
    limit,
    ...((PROVIDER_KINDS as readonly string[]).includes(entityType) ? { entityType: entityType as ProviderKind } : {}),
    ...((VERIFICATION_STATUSES as readonly string[]).includes(status) ? { status: status as VerificationStatus } : {}),
    ...(search ? { search } : {}),
  };
}

/** The kind in a link's query, when it is one (it helps the server find the provider). */
export function entityTypeOf(value: string | null): ProviderKind | undefined {
  return value && (PROVIDER_KINDS as readonly string[]).includes(value) ? (value as ProviderKind) : undefined;
}

/** The admin page of a provider. */
export const entityPath = (entityId: string, entityType: ProviderKind) =>
  `/admin/verifications/${encodeURIComponent(entityId)}?entityType=${entityType}`;

const sentence = (value: string) => {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A decision's action and its move in words: "Request re-upload (Pending → Reupload requested)". */
export function decisionWords(decision: {
  documentType: string | null;
  action: string;
  from: string;
  to: string;
}): string {
  const onDocument = decision.documentType !== null;
  const actions: Record<string, { label: string }> = onDocument
    ? documentReviewWorkflow.actions
    : entityVerificationWorkflow.actions;
  const statuses: Record<string, string> = onDocument ? DOCUMENT_STATUS_LABELS : VERIFICATION_STATUS_LABELS;
  const action = actions[decision.action]?.label ?? sentence(decision.action);
  const from = statuses[decision.from] ?? sentence(decision.from);
  const to = statuses[decision.to] ?? sentence(decision.to);
  return `${action} (${from} → ${to})`;
}
