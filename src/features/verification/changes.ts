/**
 * A provider's verification document goes up through the outbox, online and offline alike: the files
 * stay on the device until the server has them, and the checklist row says "Waiting to send".
 */
import type { QueryClient } from '@tanstack/react-query';
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../../domain/enums.ts';
import {
  documentForm,
  parseVerificationDocument,
  verificationKeys,
  verificationPaths,
  type DocumentDetailsInput,
  type MyVerification,
} from '../../api/verification.ts';
import type { OutboxEntry } from '../../offline/engine/index.ts';
import { defineOfflineChange } from '../../offline/offlineChange.ts';

export type DocumentUploadInput = {
  documentType: DocumentType;
  /** A new document (POST) or a new version of the current one (PUT). */
  mode: 'upload' | 'replace';
  details: DocumentDetailsInput;
  files: readonly File[];
};

/** What a waiting upload keeps with it for its row: the type, the mode and the files' names. */
export type WaitingUpload = {
  entry: OutboxEntry;
  documentType: DocumentType;
  mode: 'upload' | 'replace';
  fileNames: string[];
};

/** The sent version becomes the row's current document at once; the checklist is fetched again. */
function applyAnswer(queryClient: QueryClient, answer: unknown) {
  const document = parseVerificationDocument(answer);
  if (!document) return;
  queryClient.setQueryData<MyVerification>(verificationKeys.mine, (mine) =>
    mine
      ? {
          ...mine,
          checklist: mine.checklist.map((item) =>
            item.documentType === document.documentType
              ? { ...item, status: document.status, urgency: document.urgency, document }
              : item,
          ),
        }
      : mine,
  );
}

export const verificationUploadChange = defineOfflineChange<DocumentUploadInput, WaitingUpload>({
  kind: 'verification-document',
  method: 'POST',
  path: () => verificationPaths.upload(),
  form: ({ details, files, documentType }) => documentForm(details, files, documentType),
  label: ({ documentType }) => `Upload ${DOCUMENT_TYPE_LABELS[documentType]}`,
  meta: metaOf,
  invalidates: () => [verificationKeys.mine, verificationKeys.histories],
  shownAs: waitingUploadOf,
  applyAnswer,
});

export const verificationReplaceChange = defineOfflineChange<DocumentUploadInput, WaitingUpload>({
  kind: 'verification-document-replace',
  method: 'PUT',
  path: ({ documentType }) => verificationPaths.document(documentType),
  form: ({ details, files }) => documentForm(details, files),
  label: ({ documentType }) => `Replace ${DOCUMENT_TYPE_LABELS[documentType]}`,
  meta: metaOf,
  invalidates: () => [verificationKeys.mine, verificationKeys.histories],
  shownAs: waitingUploadOf,
  applyAnswer,
});

function metaOf({ documentType, mode, files }: DocumentUploadInput) {
  return { documentType, mode, fileNames: files.map((file) => file.name).join('\n') };
}

/** A queued entry as its checklist row shows it. */
export function waitingUploadOf(entry: OutboxEntry): WaitingUpload | null {
  const meta = entry.meta ?? {};
  const documentType = meta['documentType'];
  if (typeof documentType !== 'string' || !(documentType in DOCUMENT_TYPE_LABELS)) return null;
  const fileNames = typeof meta['fileNames'] === 'string' ? meta['fileNames'].split('\n').filter(Boolean) : [];
  return {
    entry,
    documentType: documentType as DocumentType,
    mode: meta['mode'] === 'replace' ? 'replace' : 'upload',
    fileNames,
  };
}

/** The change that sends this input: an upload, or a replacement of the current version. */
export const changeFor = (input: Pick<DocumentUploadInput, 'mode'>) =>
  input.mode === 'replace' ? verificationReplaceChange : verificationUploadChange;

/** Uploads and replacements not sent yet, for every row. */
export function useWaitingUploads(): WaitingUpload[] {
  const uploads = verificationUploadChange.useWaiting();
  const replacements = verificationReplaceChange.useWaiting();
  return [...uploads, ...replacements];
}
