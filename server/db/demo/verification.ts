/**
 * The demo's verification work: every verified provider holds approved papers (so the listing rule
 * holds for it), the demo members' papers sit in each urgency band, and the admin's queue has real
 * work on the first start — providers pending review, under review, sent back for a re-upload, and
 * verified ones whose required paper expired past the grace period (delisted).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DOCUMENT_TYPE_LABELS,
  type DocumentStatus,
  type DocumentType,
  type ProviderKind,
} from '../../../domain/enums.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import {
  VERIFICATION_CATALOGUE,
  addDays,
  isRequired,
  listedUntilOf,
  normaliseRegistrationNumber,
  type ProviderFacts,
} from '../../../domain/rules/verification.ts';
import { DOCUMENT_FILE_TYPES, MB, type FileStore, type StoredFile } from '../../platform/files.ts';
import type { Db } from '../client.ts';
import {
  diagnosticsCentres,
  doctors,
  hospitals,
  pharmacies,
  verificationDocumentFiles,
  verificationDocuments,
  verificationReviews,
} from '../schema/index.ts';
import { demoPdf } from './documents.ts';
import { insertInBatches } from './insert.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';
import { createRandom } from './random.ts';

type Writer = Pick<Db, 'insert' | 'select' | 'execute'>;
type Provider = {
  kind: ProviderKind;
  id: string;
  name: string;
  verificationStatus: string;
  status: string;
  facts: ProviderFacts;
};

/** The demo members' papers: days from today to each expiry (null: does not expire). */
const MEMBER_EXPIRIES: Record<string, Partial<Record<DocumentType, number>>> = {
  // Sahyadri: the fire NOC in the WARNING band, the waste authorisation in EARLY_NOTICE.
  [DEMO_REFERENCE_IDS.hospital]: {
    CLINICAL_ESTABLISHMENT_REGISTRATION: 400,
    FIRE_NOC: 20,
    BIOMEDICAL_WASTE_AUTHORIZATION: 75,
  },
  // Dr Rao: the council registration is renewed within the week (CRITICAL).
  [DEMO_REFERENCE_IDS.doctor]: { MEDICAL_COUNCIL_REGISTRATION: 5 },
  // Precision Diagnostics: the registration in the NOTICE band.
  [DEMO_REFERENCE_IDS.diagnostics]: { CLINICAL_ESTABLISHMENT_REGISTRATION: 45 },
  // Jeevan Pharmacy: the pharmacist's registration expired three days ago (listed through its grace).
  [DEMO_REFERENCE_IDS.pharmacy]: { DRUG_LICENSE: 200, PHARMACIST_REGISTRATION: -3 },
};

const ADMIN = DEMO_USER_IDS['admin@caremesh.test']!;
const ADMIN_NAME = 'Meera Iyer';

/**
 * One demo PDF per document type, written to the file store when there is one (before the seeding
 * transaction: files are not in it); without one, only their references (the rows still hold).
 */
export async function storeVerificationFiles(files?: FileStore): Promise<Map<DocumentType, StoredFile>> {
  const types = [...new Set(Object.values(VERIFICATION_CATALOGUE).flatMap((list) => list.map((e) => e.documentType)))];
  const stored = await Promise.all(
    types.map((type) => {
      const content = demoPdf([`${DOCUMENT_TYPE_LABELS[type]} (demo)`, 'A sample document of the CareMesh demo.']);
      return files
        ? files.store(content, DOCUMENT_FILE_TYPES, 10 * MB)
        : {
            key: createHash('sha256').update(content).digest('hex'),
            contentType: 'application/pdf',
            size: content.length,
          };
    }),
  );
  return new Map(types.map((type, i) => [type, stored[i]!]));
}

function providersOf(network: DemoNetwork): Provider[] {
  return [
    ...network.hospitals.map((h) => ({ kind: 'HOSPITAL' as const, facts: {}, ...pick(h) })),
    ...network.doctors.map((d) => ({ kind: 'DOCTOR' as const, facts: {}, ...pick(d) })),
    ...network.diagnosticsCentres.map((c) => ({
      kind: 'DIAGNOSTICS' as const,
      facts: { accreditations: c.accreditations ?? [], equipment: c.equipmentAvailable ?? [] },
      ...pick(c),
    })),
    ...network.pharmacies.map((p) => ({ kind: 'PHARMACY' as const, facts: {}, ...pick(p) })),
  ];
}

function pick(row: { id: string; name: string; verificationStatus?: string | null; status?: string | null }) {
  return {
    id: row.id,
    name: row.name,
    verificationStatus: row.verificationStatus ?? 'PENDING',
    status: row.status ?? 'ACTIVE',
  };
}

/** Writes the papers, their files and decisions, and each verified provider's listing. */
export async function insertDemoVerification(
  db: Writer,
  network: DemoNetwork,
  files: Map<DocumentType, StoredFile>,
  today: string = todayInIndia(),
) {
  const random = createRandom('caremesh-demo-verification-v1');
  const documents: Array<typeof verificationDocuments.$inferInsert> = [];
  const documentFiles: Array<typeof verificationDocumentFiles.$inferInsert> = [];
  const reviews: Array<typeof verificationReviews.$inferInsert> = [];
  const listed: Record<ProviderKind, Array<{ id: string; until: string | null }>> = {
    HOSPITAL: [],
    DOCTOR: [],
    DIAGNOSTICS: [],
    PHARMACY: [],
  };
  const now = Date.now();

  const add = (
    provider: Provider,
    type: DocumentType,
    status: DocumentStatus,
    expiresInDays: number | null,
    review?: { action: 'APPROVE' | 'REQUEST_REUPLOAD' | 'MARK_UNDER_REVIEW'; reason?: string },
  ) => {
    const id = random.uuid();
    const uploadedAt = new Date(now - random.int(2, 400) * 3_600_000);
    const number = `${type.slice(0, 3)}-${random.int(100000, 999999)}`;
    documents.push({
      id,
      entityType: provider.kind,
      entityId: provider.id,
      documentType: type,
      version: 1,
      current: true,
      status,
      documentNumber: number,
      numberKey: normaliseRegistrationNumber(number),
      issuingAuthority: VERIFICATION_CATALOGUE[provider.kind].find((e) => e.documentType === type)!.issuingAuthority,
      issueDate: addDays(today, -random.int(200, 1500)),
      expiryDate: expiresInDays === null ? null : addDays(today, expiresInDays),
      uploadedBy: null,
      uploadedAt,
      reviewedAt: review ? new Date(uploadedAt.getTime() + random.int(1, 60) * 3_600_000) : null,
    });
    const file = files.get(type)!;
    documentFiles.push({
      id: random.uuid(),
      documentId: id,
      position: 0,
      fileKey: file.key,
      fileName: `${type.toLowerCase().replace(/_/g, '-')}.pdf`,
      contentType: file.contentType,
      size: file.size,
    });
    if (review) {
      reviews.push({
        id: random.uuid(),
        documentId: id,
        entityId: provider.id,
        action: review.action,
        fromStatus: 'PENDING',
        toStatus: status,
        reason: review.reason ?? null,
        registryCheck: review.action === 'APPROVE' && random.chance(0.5) ? 'CHECKED_MATCHES' : 'NOT_CHECKED',
        checkNote: null,
        reviewerId: ADMIN,
        reviewerName: ADMIN_NAME,
        reviewedAt: new Date(uploadedAt.getTime() + random.int(1, 60) * 3_600_000),
      });
    }
  };

  const providers = providersOf(network);
  const waiting = providers.filter(
    (p) => p.verificationStatus === 'PENDING' || p.verificationStatus === 'UNDER_REVIEW',
  );
  // Two verified hospitals outside Pune whose fire NOC lapsed three weeks ago: delisted until renewed.
  const lapsed = new Set(
    providers
      .filter((p) => p.kind === 'HOSPITAL' && p.verificationStatus === 'VERIFIED' && p.status === 'ACTIVE')
      .filter((p) => p.id !== DEMO_REFERENCE_IDS.hospital)
      .slice(-2)
      .map((p) => p.id),
  );

  for (const provider of providers) {
    const required = VERIFICATION_CATALOGUE[provider.kind].filter((entry) => isRequired(entry, provider.facts));
    const memberExpiries = MEMBER_EXPIRIES[provider.id];
    if (provider.verificationStatus === 'VERIFIED') {
      const approved: Array<{ documentType: DocumentType; expiryDate: string | null }> = [];
      for (const entry of required) {
        const days = !entry.expires
          ? null
          : lapsed.has(provider.id) && entry.documentType === 'FIRE_NOC'
            ? -21
            : (memberExpiries?.[entry.documentType] ?? random.int(120, 1100));
        add(provider, entry.documentType, 'APPROVED', days, { action: 'APPROVE' });
        approved.push({ documentType: entry.documentType, expiryDate: days === null ? null : addDays(today, days) });
      }
      listed[provider.kind].push({ id: provider.id, until: listedUntilOf(provider.kind, provider.facts, approved) });
    } else if (waiting.includes(provider)) {
      // Most of the waiting have sent their papers; some sent part of them; one in eight was sent back.
      const sent = random.chance(0.25) ? required.slice(0, Math.max(1, required.length - 2)) : required;
      const sentBack = random.chance(0.125) ? sent[0]?.documentType : undefined;
      for (const entry of sent) {
        const days = entry.expires ? random.int(200, 900) : null;
        if (entry.documentType === sentBack) {
          add(provider, entry.documentType, 'REUPLOAD_REQUESTED', days, {
            action: 'REQUEST_REUPLOAD',
            reason: 'The scan is blurred and the number cannot be read: upload a clear copy of the whole page.',
          });
        } else if (provider.verificationStatus === 'UNDER_REVIEW' && random.chance(0.5)) {
          add(provider, entry.documentType, 'UNDER_REVIEW', days, { action: 'MARK_UNDER_REVIEW' });
        } else {
          add(provider, entry.documentType, 'PENDING', days);
        }
      }
    }
  }

  await insertInBatches(db, verificationDocuments, documents);
  await insertInBatches(db, verificationDocumentFiles, documentFiles);
  await insertInBatches(db, verificationReviews, reviews);
  const tables = { HOSPITAL: hospitals, DOCTOR: doctors, DIAGNOSTICS: diagnosticsCentres, PHARMACY: pharmacies };
  for (const kind of Object.keys(tables) as ProviderKind[]) {
    const rows = listed[kind];
    if (rows.length === 0) continue;
    await db.execute(sql`
      update ${tables[kind]} as t set listed_until = v.until
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, until date)
      where t.id = v.id`);
  }
  return { documents: documents.length, delisted: [...lapsed] };
}
