/** A provider's paper arriving: its files and fields read and checked, then written as a new version. */
import { and, eq, sql } from 'drizzle-orm';
import {
  MAX_VERIFICATION_FILE_BYTES,
  catalogueEntry,
  normaliseRegistrationNumber,
} from '../../../domain/rules/verification.ts';
import {
  documentDetailsFields,
  uploadDocumentFields,
  type DocumentDetails,
} from '../../../domain/schemas/verification.ts';
import type { Tx } from '../../db/client.ts';
import { verificationDocumentFiles, verificationDocuments } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import {
  DOCUMENT_FILE_TYPES,
  safeFileName,
  type FileStore,
  type StoredFile,
  type UploadedFile,
} from '../../platform/files.ts';
import * as text from './messages.ts';
import type { ProviderRow } from './queries.ts';

function validationError(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const list = issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message }));
  return invalid(`${list[0]!.path}: ${list[0]!.message}`, { issues: list });
}

/** Reads, checks and stores the files and fields of an upload or replacement. */
export async function receivePaper(
  files: FileStore,
  provider: ProviderRow,
  received: { files: UploadedFile[]; fields: Record<string, string> },
  today: string,
  documentType?: string,
) {
  const parsed = documentType
    ? documentDetailsFields.safeParse(received.fields)
    : uploadDocumentFields.safeParse(received.fields);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const type = documentType ?? ('documentType' in parsed.data ? parsed.data.documentType : '');
  const entry = catalogueEntry(provider.entityType, type as never);
  if (!entry) throw invalid(text.notInCatalogue(type as never, provider.entityType));
  const details = parsed.data;
  if (entry.expires && !details.expiryDate) {
    throw invalid(text.expiryRequired(entry.documentType), {
      issues: [{ path: 'body.expiryDate', message: text.expiryRequired(entry.documentType) }],
    });
  }
  if (details.expiryDate && details.expiryDate < today) {
    throw invalid(text.alreadyExpired, { issues: [{ path: 'body.expiryDate', message: text.alreadyExpired }] });
  }
  const stored = [];
  for (const file of received.files) {
    const kept = await files.store(file.buffer, DOCUMENT_FILE_TYPES, MAX_VERIFICATION_FILE_BYTES);
    stored.push({ ...kept, fileName: safeFileName(file.filename, kept.contentType) });
  }
  return { documentType: entry.documentType, details, stored };
}

/** Inside the caller's transaction: the new version becomes current (the one before it stays, not current). */
export async function insertVersion(
  tx: Tx,
  input: {
    caller: AuthUser;
    provider: ProviderRow;
    documentType: (typeof verificationDocuments.$inferSelect)['documentType'];
    details: DocumentDetails;
    stored: Array<StoredFile & { fileName: string }>;
    replacing: boolean;
  },
) {
  const { caller, provider, documentType, details, stored, replacing } = input;
  const [current] = await tx
    .select()
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.entityId, provider.id),
        eq(verificationDocuments.documentType, documentType),
        eq(verificationDocuments.current, true),
      ),
    );
  if (!replacing && current) throw conflict(text.alreadyUploaded(documentType));
  if (replacing && !current) throw notFound(text.nothingToReplace(documentType));
  const [latest] = await tx
    .select({ version: sql<number>`coalesce(max(${verificationDocuments.version}), 0)` })
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.entityId, provider.id), eq(verificationDocuments.documentType, documentType)));
  if (current) {
    await tx.update(verificationDocuments).set({ current: false }).where(eq(verificationDocuments.id, current.id));
  }
  const [inserted] = await tx
    .insert(verificationDocuments)
    .values({
      entityType: provider.entityType,
      entityId: provider.id,
      documentType,
      version: Number(latest?.version ?? 0) + 1,
      documentNumber: details.documentNumber,
      numberKey: normaliseRegistrationNumber(details.documentNumber),
      issuingAuthority: details.issuingAuthority,
      issueDate: details.issueDate,
      expiryDate: details.expiryDate ?? null,
      uploadedBy: caller.id,
    })
    .returning();
  await tx.insert(verificationDocumentFiles).values(
    stored.map((file, position) => ({
      documentId: inserted!.id,
      position,
      fileKey: file.key,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
    })),
  );
  return inserted!;
}
