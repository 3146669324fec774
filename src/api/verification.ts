import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DocumentType, ProviderKind, VerificationStatus } from '../../domain/enums.ts';
import { requireParam } from '../../domain/rules/params.ts';
import {
  adminEntitySchema,
  documentHistorySchema,
  entityStatusAnswerSchema,
  myVerificationSchema,
  pendingListSchema,
  verificationDocumentSchema,
  verificationStatsSchema,
  type AdminEntity,
  type ChecklistEntry,
  type Decision,
  type DocumentHistory,
  type DuplicateNumber,
  type EntityStatusAnswer,
  type MyVerification,
  type PendingEntity,
  type PendingList,
  type VerificationDocument,
  type VerificationFile,
  type VerificationStats,
  type entityStatusBody,
  type reviewDocumentBody,
} from '../../domain/schemas/verification.ts';
import { fetchBlob } from './upload.ts';
import { request } from './http.ts';

export type {
  AdminEntity,
  ChecklistEntry,
  Decision,
  DocumentHistory,
  DuplicateNumber,
  EntityStatusAnswer,
  MyVerification,
  PendingEntity,
  PendingList,
  VerificationDocument,
  VerificationFile,
  VerificationStats,
};

const segment = (value: string, name: string, operation: string) =>
  encodeURIComponent(requireParam(value, name, operation));

/** The path of each verification endpoint (the outbox sends uploads and replacements to these too). */
export const verificationPaths = {
  mine: () => '/verification/documents',
  history: () => '/verification/documents/history',
  upload: () => '/verification/documents/upload',
  document: (documentType: DocumentType, operation = 'replaceVerificationDocument') =>
    `/verification/documents/${segment(documentType, 'documentType', operation)}`,
  file: (fileId: string, operation = 'verificationFile') =>
    `/verification/files/${segment(fileId, 'fileId', operation)}`,
  pending: () => '/verification/admin/pending',
  stats: () => '/verification/admin/stats',
  entity: (entityId: string, operation = 'verificationEntity') =>
    `/verification/admin/entity/${segment(entityId, 'entityId', operation)}`,
  review: (entityId: string, documentType: DocumentType) =>
    `${verificationPaths.entity(entityId, 'reviewVerificationDocument')}/document/${segment(documentType, 'documentType', 'reviewVerificationDocument')}/verify`,
  entityStatus: (entityId: string) => `${verificationPaths.entity(entityId, 'setVerificationStatus')}/status`,
};

export type HistoryParams = { documentType?: DocumentType; page: number; limit?: number };
export type PendingParams = {
  entityType?: ProviderKind;
  status?: VerificationStatus;
  search?: string;
  page: number;
  limit?: number;
};

/** The text parts of an upload or a replacement, as the multipart form names them. */
export type DocumentDetailsInput = {
  documentNumber: string;
  issuingAuthority: string;
  issueDate: string;
  /** '' when the document does not expire. */
  expiryDate: string;
};

/**
 * The multipart form of an upload (with `documentType`) or a replacement: the text parts, then every
 * file under the one field `files`, in the order chosen.
 */
export function documentForm(
  details: DocumentDetailsInput,
  files: readonly Blob[],
  documentType?: DocumentType,
): Array<readonly [string, string | Blob]> {
  const form: Array<readonly [string, string | Blob]> = [];
  if (documentType) form.push(['documentType', documentType]);
  form.push(['documentNumber', details.documentNumber.trim()]);
  form.push(['issuingAuthority', details.issuingAuthority.trim()]);
  form.push(['issueDate', details.issueDate]);
  if (details.expiryDate) form.push(['expiryDate', details.expiryDate]);
  for (const file of files) form.push(['files', file]);
  return form;
}

export const verificationApi = {
  /** The signed-in provider's checklist and where it stands. */
  mine: async (signal?: AbortSignal): Promise<MyVerification> =>
    myVerificationSchema.parse((await request<{ data: unknown }>('get', verificationPaths.mine(), { signal })).data),
  /** Every version of the provider's documents (or of one type), newest first. */
  history: async (params: HistoryParams, signal?: AbortSignal): Promise<DocumentHistory> =>
    documentHistorySchema.parse(
      (
        await request<{ data: unknown }>('get', verificationPaths.history(), {
          query: { documentType: params.documentType, page: params.page, limit: params.limit },
          signal,
        })
      ).data,
    ),
  /** Only while no reviewer has decided on it. */
  remove: (documentType: DocumentType) =>
    request<{ message?: string }>('delete', verificationPaths.document(documentType, 'deleteVerificationDocument')),
  /** A file's bytes, to show in the page (`inline`) or to save (`attachment`). */
  file: (fileId: string, disposition: 'inline' | 'attachment' = 'inline', signal?: AbortSignal) =>
    fetchBlob(`${verificationPaths.file(fileId)}?disposition=${disposition}`, signal),
  pending: async (params: PendingParams, signal?: AbortSignal): Promise<PendingList> =>
    pendingListSchema.parse(
      (
        await request<{ data: unknown }>('get', verificationPaths.pending(), {
          query: {
            entityType: params.entityType,
            status: params.status,
            search: params.search,
            page: params.page,
            limit: params.limit,
          },
          signal,
        })
      ).data,
    ),
  stats: async (signal?: AbortSignal): Promise<VerificationStats> =>
    verificationStatsSchema.parse(
      (await request<{ data: unknown }>('get', verificationPaths.stats(), { signal })).data,
    ),
  entity: async (entityId: string, entityType?: ProviderKind, signal?: AbortSignal): Promise<AdminEntity> =>
    adminEntitySchema.parse(
      (
        await request<{ data: unknown }>('get', verificationPaths.entity(entityId), {
          query: { entityType },
          signal,
        })
      ).data,
    ),
  review: async (
    entityId: string,
    documentType: DocumentType,
    body: z.input<typeof reviewDocumentBody>,
  ): Promise<VerificationDocument> =>
    verificationDocumentSchema.parse(
      (
        await request<{ data: unknown }>('post', verificationPaths.review(entityId, documentType), {
          json: requireParam(body, 'body', 'reviewVerificationDocument'),
        })
      ).data,
    ),
  setStatus: async (entityId: string, body: z.input<typeof entityStatusBody>): Promise<EntityStatusAnswer> => {
    const answer = await request<{ data: unknown }>('post', verificationPaths.entityStatus(entityId), {
      json: requireParam(body, 'body', 'setVerificationStatus'),
    });
    return entityStatusAnswerSchema.parse(answer.data);
  },
};

/** Parses an upload's or a replacement's answer (sent by the outbox); null when it is not a document. */
export function parseVerificationDocument(answer: unknown): VerificationDocument | null {
  const data = (answer as { data?: unknown } | null | undefined)?.data;
  const parsed = verificationDocumentSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * Every key starts with 'realtime': reviews arrive as socket events (verificationUpdate,
 * documentExpiring), so SPEC §9 keeps these fresh for 30 s (src/api/freshness.ts).
 */
export const verificationKeys = {
  all: ['realtime', 'verification'] as const,
  mine: ['realtime', 'verification', 'mine'] as const,
  histories: ['realtime', 'verification', 'history'] as const,
  history: (params: HistoryParams) => ['realtime', 'verification', 'history', params] as const,
  admin: ['realtime', 'verification', 'admin'] as const,
  pendingLists: ['realtime', 'verification', 'admin', 'pending'] as const,
  pending: (params: PendingParams) => ['realtime', 'verification', 'admin', 'pending', params] as const,
  stats: ['realtime', 'verification', 'admin', 'stats'] as const,
  entities: ['realtime', 'verification', 'admin', 'entity'] as const,
  entity: (entityId: string) => ['realtime', 'verification', 'admin', 'entity', entityId] as const,
  /** A file's bytes: never written to the device (`meta.persist`), kept in memory while shown. */
  file: (fileId: string) => ['verification-file', fileId] as const,
};

export const getMyVerificationQueryOptions = () =>
  queryOptions({ queryKey: verificationKeys.mine, queryFn: ({ signal }) => verificationApi.mine(signal) });

export const getDocumentHistoryQueryOptions = (params: HistoryParams) =>
  queryOptions({
    queryKey: verificationKeys.history(params),
    queryFn: ({ signal }) => verificationApi.history(params, signal),
  });

export const getPendingVerificationsQueryOptions = (params: PendingParams) =>
  queryOptions({
    queryKey: verificationKeys.pending(params),
    queryFn: ({ signal }) => verificationApi.pending(params, signal),
  });

export const getVerificationStatsQueryOptions = () =>
  queryOptions({ queryKey: verificationKeys.stats, queryFn: ({ signal }) => verificationApi.stats(signal) });

export const getVerificationEntityQueryOptions = (entityId: string, entityType?: ProviderKind) =>
  queryOptions({
    queryKey: verificationKeys.entity(entityId),
    queryFn: ({ signal }) => verificationApi.entity(entityId, entityType, signal),
  });

/** A file's bytes to show in the page; never kept on the device, forgotten a minute after it is closed. */
export const getVerificationFileQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: verificationKeys.file(fileId),
    queryFn: ({ signal }) => verificationApi.file(fileId, 'inline', signal),
    meta: { persist: false },
    staleTime: Infinity,
    gcTime: 60_000,
  });
