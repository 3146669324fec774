import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_FILES_PER_DOCUMENT, MAX_VERIFICATION_FILE_MB } from '../../../domain/rules/verification.ts';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import {
  adminEntitySchema,
  adminPendingQuery,
  documentHistorySchema,
  documentTypeParams,
  entityDocumentParams,
  entityParams,
  entityQuery,
  entityStatusBody,
  fileParams,
  fileQuery,
  historyQuery,
  myVerificationSchema,
  pendingListSchema,
  reviewDocumentBody,
  verificationDocumentSchema,
  verificationStatsSchema,
} from '../../../domain/schemas/verification.ts';
import { ONBOARDING_REQUIRED_ACTIONS, VERIFICATION_STATUSES } from '../../../domain/enums.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { attachmentDisposition, inlineDisposition, readUploads } from '../../platform/files.ts';
import { PROVIDER_ROLES, type VerificationService } from './service.ts';

const UPLOAD_FIELDS = `multipart: "files" (1–${MAX_FILES_PER_DOCUMENT} files: PDF, JPEG, PNG or WebP, checked by content, up to ${MAX_VERIFICATION_FILE_MB} MB each), documentNumber, issuingAuthority, issueDate, expiryDate (required for a paper that expires)`;
const statusAnswer = z.object({
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  requiredAction: z.enum(ONBOARDING_REQUIRED_ACTIONS),
  listed: z.boolean(),
  listedUntil: z.string().nullable(),
});

export const verificationRoutes =
  ({ verification }: { verification: VerificationService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['verification'];
    const security = bearerSecurity;
    const owner = allow(PROVIDER_ROLES, 'caller');
    const admin = allow(['ADMIN'], 'none');

    app.post(
      '/verification/documents/upload',
      {
        config: { access: owner, uploads: true },
        schema: {
          tags,
          security,
          summary: 'Upload a verification document of the caller’s provider',
          description: `${UPLOAD_FIELDS}, and documentType. 409 when that type is already uploaded (replace it instead). The admins are notified.`,
          consumes: ['multipart/form-data'],
          response: { 201: successEnvelope(verificationDocumentSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await verification.upload(callerOf(request), () =>
            readUploads(request, 'files', MAX_FILES_PER_DOCUMENT),
          ),
          message: 'Document uploaded: an admin will review it.',
        }),
    );

    app.put(
      '/verification/documents/:documentType',
      {
        config: { access: owner, uploads: true },
        schema: {
          tags,
          security,
          summary: 'Replace a verification document with a new version (every earlier version is kept)',
          description: UPLOAD_FIELDS,
          consumes: ['multipart/form-data'],
          params: documentTypeParams,
          response: { 200: successEnvelope(verificationDocumentSchema) },
        },
      },
      async (request) => ({
        data: await verification.replace(callerOf(request), request.params.documentType, () =>
          readUploads(request, 'files', MAX_FILES_PER_DOCUMENT),
        ),
        message: 'New version uploaded: an admin will review it.',
      }),
    );

    app.delete(
      '/verification/documents/:documentType',
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Delete the current version of a document nobody has decided on yet (409 otherwise)',
          params: documentTypeParams,
        },
      },
      async (request) => {
        await verification.remove(callerOf(request), request.params.documentType);
        return { message: 'Document deleted.' };
      },
    );

    app.get(
      '/verification/documents',
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'The caller’s provider: its checklist of documents, required action and listing',
          response: { 200: successEnvelope(myVerificationSchema) },
        },
      },
      async (request) => ({ data: await verification.mine(callerOf(request)) }),
    );

    app.get(
      '/verification/documents/history',
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Every version of the caller’s documents, newest first, each with its latest decision',
          querystring: historyQuery,
          response: { 200: successEnvelope(documentHistorySchema) },
        },
      },
      async (request) => ({ data: await verification.history(callerOf(request), request.query) }),
    );

    app.get(
      '/verification/files/:fileId',
      {
        config: { access: allow([...PROVIDER_ROLES, 'ADMIN'], 'providerPaper') },
        schema: {
          tags,
          security,
          summary: 'A file of a verification document, inline (to view in the page) or as an attachment',
          description:
            'Only to the provider it belongs to and to admins (404 otherwise); served with its checked type (PDF or a picture), nosniff, a sandboxing CSP, never as HTML and never cached by others.',
          params: fileParams,
          querystring: fileQuery,
        },
      },
      async (request, reply) => {
        const file = await verification.file(callerOf(request), request.params.fileId);
        return reply
          .type(file.contentType)
          .headers({
            'content-disposition':
              request.query.disposition === 'attachment'
                ? attachmentDisposition(file.fileName)
                : inlineDisposition(file.fileName),
            'x-content-type-options': 'nosniff',
            'content-security-policy': "default-src 'none'; sandbox",
            'cache-control': 'private, no-store',
          })
          .send(file.content);
      },
    );

    app.get(
      '/verification/admin/pending',
      {
        config: { access: admin },
        schema: {
          tags,
          security,
          summary: 'Providers waiting for verification, the longest waiting first',
          description:
            'Without a status: providers with documents waiting for a decision or not yet verified. Filters: entityType, status (the provider’s verification status), search (name).',
          querystring: adminPendingQuery,
          response: { 200: successEnvelope(pendingListSchema) },
        },
      },
      async (request) => ({ data: await verification.pending(request.query) }),
    );

    app.get(
      '/verification/admin/entity/:entityId',
      {
        config: { access: admin },
        schema: {
          tags,
          security,
          summary: 'A provider’s verification page: profile, documents and versions, decisions, shared numbers',
          params: entityParams,
          querystring: entityQuery,
          response: { 200: successEnvelope(adminEntitySchema) },
        },
      },
      async (request) => ({ data: await verification.entity(request.params.entityId, request.query.entityType) }),
    );

    app.get(
      '/verification/admin/stats',
      {
        config: { access: admin },
        schema: {
          tags,
          security,
          summary: 'Counts by kind and status, documents waiting, the oldest waiting, the median time to a decision',
          response: { 200: successEnvelope(verificationStatsSchema) },
        },
      },
      async () => ({ data: await verification.stats() }),
    );

    app.post(
      '/verification/admin/entity/:entityId/document/:documentType/verify',
      {
        config: { access: admin },
        schema: {
          tags,
          security,
          summary: 'Review the current version of a provider’s document',
          description:
            'APPROVE, REJECT or REQUEST_REUPLOAD (these two with a reason the provider reads), MARK_UNDER_REVIEW; with what was checked against a registry (NOT_CHECKED unless said). 409 when the document’s status does not allow the action. The provider is notified and its screens update.',
          params: entityDocumentParams,
          body: reviewDocumentBody,
          response: { 200: successEnvelope(verificationDocumentSchema) },
        },
      },
      async (request) => ({
        data: await verification.review(
          callerOf(request),
          request.params.entityId,
          request.params.documentType,
          request.body,
        ),
        message: 'Decision recorded.',
      }),
    );

    app.post(
      '/verification/admin/entity/:entityId/status',
      {
        config: { access: admin },
        schema: {
          tags,
          security,
          summary: 'Set a provider’s verification status',
          description:
            'VERIFIED only when every required document is approved and unexpired (409 otherwise); REJECTED and PENDING with a reason. The provider is notified.',
          params: entityParams,
          body: entityStatusBody,
          response: { 200: successEnvelope(statusAnswer) },
        },
      },
      async (request) => ({
        data: await verification.setStatus(callerOf(request), request.params.entityId, request.body),
        message: 'Verification status updated.',
      }),
    );
  };
