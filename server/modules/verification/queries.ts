/** The verification read model: providers across the four directory tables, their documents and decisions. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentStatus, ProviderKind } from '../../../domain/enums.ts';
import { DOCUMENT_TYPE_CATEGORIES } from '../../../domain/enums.ts';
import {
  checklistOf,
  isApproved,
  requiredActionOf,
  urgencyOf,
  type ProviderFacts,
} from '../../../domain/rules/verification.ts';
import { isListed } from '../../../domain/rules/directory.ts';
import type { ChecklistEntry, VerificationDocument } from '../../../domain/schemas/verification.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  diagnosticsCentres,
  doctors,
  hospitals,
  pharmacies,
  users,
  verificationDocumentFiles,
  verificationDocuments,
  verificationReviews,
} from '../../db/schema/index.ts';

export const PROVIDER_TABLES = {
  HOSPITAL: hospitals,
  DOCTOR: doctors,
  DIAGNOSTICS: diagnosticsCentres,
  PHARMACY: pharmacies,
} as const;

/** What the profile calls its registration number. */
export const REGISTRATION_LABELS: Record<ProviderKind, string> = {
  HOSPITAL: 'Registration number',
  DOCTOR: 'Medical council registration number',
  DIAGNOSTICS: 'Licence number',
  PHARMACY: 'Drug licence number',
};

export type ProviderRow = {
  entityType: ProviderKind;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  city: string;
  state: string;
  status: (typeof hospitals.$inferSelect)['status'];
  verificationStatus: (typeof hospitals.$inferSelect)['verificationStatus'];
  listedUntil: string | null;
  createdAt: Date;
  registrationNumber: string | null;
  facts: ProviderFacts;
};

type AnyProviderRow =
  | typeof hospitals.$inferSelect
  | typeof doctors.$inferSelect
  | typeof diagnosticsCentres.$inferSelect
  | typeof pharmacies.$inferSelect;

function toProvider(entityType: ProviderKind, row: AnyProviderRow): ProviderRow {
  const registrationNumber =
    'registrationNumber' in row ? row.registrationNumber : 'licenseNumber' in row ? row.licenseNumber : null;
  const facts: ProviderFacts =
    'accreditations' in row ? { accreditations: row.accreditations, equipment: row.equipmentAvailable } : {};
  return {
    entityType,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    state: row.state,
    status: row.status,
    verificationStatus: row.verificationStatus,
    listedUntil: row.listedUntil,
    createdAt: row.createdAt,
    registrationNumber,
    facts,
  };
}

/** One provider of a known kind; with `lock`, its row is held for the transaction. */
export async function loadProvider(
  db: Db | Tx,
  entityType: ProviderKind,
  id: string,
  lock = false,
): Promise<ProviderRow | undefined> {
  const table = PROVIDER_TABLES[entityType];
  const query = db.select().from(table).where(eq(table.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toProvider(entityType, row as AnyProviderRow) : undefined;
}

/** A provider by id alone (its kind from the first table that has it), or of the kind given. */
export async function findProvider(db: Db | Tx, id: string, entityType?: ProviderKind) {
  if (entityType) return loadProvider(db, entityType, id);
  for (const kind of Object.keys(PROVIDER_TABLES) as ProviderKind[]) {
    const found = await loadProvider(db, kind, id);
    if (found) return found;
  }
  return undefined;
}

/** Providers of one kind by id. */
export async function providersByIds(db: Db, entityType: ProviderKind, ids: string[]): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  const table = PROVIDER_TABLES[entityType];
  const rows = await db.select().from(table).where(inArray(table.id, ids));
  return rows.map((row) => toProvider(entityType, row as AnyProviderRow));
}

type DocumentRow = typeof verificationDocuments.$inferSelect;

/** Documents with their files and latest decision, as the API gives them. */
export async function presentDocuments(
  db: Db | Tx,
  rows: DocumentRow[],
  today: string,
): Promise<VerificationDocument[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const files = await db
    .select()
    .from(verificationDocumentFiles)
    .where(inArray(verificationDocumentFiles.documentId, ids))
    .orderBy(asc(verificationDocumentFiles.position));
  const reviews = await db
    .select()
    .from(verificationReviews)
    .where(inArray(verificationReviews.documentId, ids))
    .orderBy(desc(verificationReviews.reviewedAt));
  // Who uploaded each version: the person, not only the organisation.
  const uploaderIds = [...new Set(rows.map((row) => row.uploadedBy).filter((id): id is string => id !== null))];
  const uploaders = uploaderIds.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, uploaderIds))
    : [];
  return rows.map((row) => {
    const review = reviews.find((r) => r.documentId === row.id);
    const urgency = isApproved(row.status) ? urgencyOf(row.expiryDate, today) : null;
    return {
      id: row.id,
      entityType: row.entityType,
      entityId: row.entityId,
      documentType: row.documentType,
      category: DOCUMENT_TYPE_CATEGORIES[row.documentType],
      version: row.version,
      current: row.current,
      status: urgency === 'EXPIRED' ? 'EXPIRED' : row.status,
      documentNumber: row.documentNumber,
      issuingAuthority: row.issuingAuthority,
      issueDate: row.issueDate,
      expiryDate: row.expiryDate,
      urgency,
      files: files
        .filter((file) => file.documentId === row.id)
        .map(({ id, fileName, contentType, size }) => ({ id, fileName, contentType, size })),
      uploadedAt: row.uploadedAt.toISOString(),
      uploadedBy: (() => {
        const uploader = uploaders.find((u) => u.id === row.uploadedBy);
        return uploader ? (uploader.name ?? uploader.email) : null;
      })(),
      review: review
        ? {
            action: review.action,
            reason: review.reason,
            registryCheck: review.registryCheck,
            checkNote: review.checkNote,
            reviewerName: review.reviewerName,
            reviewedAt: review.reviewedAt.toISOString(),
          }
        : null,
    };
  });
}

export async function currentDocuments(db: Db | Tx, entityId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.entityId, entityId), eq(verificationDocuments.current, true)));
}

/** Where a provider stands: its checklist (each item with its current document), required action, listing. */
export async function standingOf(db: Db | Tx, provider: ProviderRow, today: string) {
  const current = await currentDocuments(db, provider.id);
  const checklist = checklistOf(
    provider.entityType,
    provider.facts,
    current.map((doc) => ({ documentType: doc.documentType, status: doc.status, expiryDate: doc.expiryDate })),
    today,
  );
  const documents = await presentDocuments(db, current, today);
  const entries: ChecklistEntry[] = checklist.map((item) => ({
    ...item,
    document: documents.find((doc) => doc.documentType === item.documentType) ?? null,
  }));
  return {
    checklist: entries,
    requiredAction: requiredActionOf(checklist, provider.verificationStatus),
    listed: isListed(provider, today),
    listedUntil: provider.verificationStatus === 'VERIFIED' ? provider.listedUntil : null,
  };
}

/** The latest approved version of each document type of a provider (for its listing). */
export async function latestApproved(db: Db | Tx, entityId: string) {
  const approved: DocumentStatus[] = ['APPROVED', 'VERIFIED'];
  const rows = await db
    .select({
      documentType: verificationDocuments.documentType,
      expiryDate: verificationDocuments.expiryDate,
      version: verificationDocuments.version,
    })
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.entityId, entityId), inArray(verificationDocuments.status, approved)))
    .orderBy(desc(verificationDocuments.version));
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.documentType) ? false : (seen.add(row.documentType), true)));
}

/** Text for SQL: a provider kind's union branch (kind, id, name, place, statuses, created). */
export const PROVIDERS_UNION = sql`(
  select 'HOSPITAL' as entity_type, id, name, city, state, verification_status, created_at from ${hospitals}
  union all select 'DOCTOR', id, name, city, state, verification_status, created_at from ${doctors}
  union all select 'DIAGNOSTICS', id, name, city, state, verification_status, created_at from ${diagnosticsCentres}
  union all select 'PHARMACY', id, name, city, state, verification_status, created_at from ${pharmacies}
)`;
