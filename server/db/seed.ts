import { count } from 'drizzle-orm';
import type { Role, TeamDuty } from '../../domain/enums.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Db } from './client.ts';
import type { FileStore } from '../platform/files.ts';
import { insertDemoAppointments } from './demo/appointments.ts';
import { insertDemoConsultations } from './demo/consultations.ts';
import { insertDemoConsultationCare } from './demo/consultationCare.ts';
import { insertDemoSchedules } from './demo/schedules.ts';
import { insertDemoWaitlist } from './demo/waitlist.ts';
import { insertDemoDiagnosticOrders } from './demo/diagnosticOrders.ts';
import { insertDemoAffiliations } from './demo/affiliations.ts';
import { insertDemoPharmacy } from './demo/pharmacy.ts';
import { insertDemoDocuments, storeDemoDocumentFiles } from './demo/documents.ts';
import { insertDemoNetwork } from './demo/insert.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './demo/members.ts';
import { buildDemoNetwork } from './demo/network.ts';
import { insertDemoVerification, storeVerificationFiles } from './demo/verification.ts';
import { users } from './schema/index.ts';

export { DEMO_REFERENCE_IDS };

export const DEMO_PASSWORD = 'CareMesh@2026';

export type DemoAccount = {
  email: string;
  role: Role;
  name: string;
  referenceId: string | null;
  /** Owns its organisation or profile (onboarded it). */
  isOwner?: boolean;
  /** A team member's duties (domain/rules/teams.ts). */
  duties?: TeamDuty[];
};

export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = [
  { email: 'admin@caremesh.test', role: 'ADMIN', name: 'Meera Iyer', referenceId: null },
  {
    email: 'hospital@caremesh.test',
    role: 'HOSPITAL',
    name: 'Sahyadri Care Hospital',
    referenceId: DEMO_REFERENCE_IDS.hospital,
    isOwner: true,
  },
  {
    email: 'doctor@caremesh.test',
    role: 'DOCTOR',
    name: 'Dr Arjun Rao',
    referenceId: DEMO_REFERENCE_IDS.doctor,
    isOwner: true,
  },
  {
    email: 'diagnostics@caremesh.test',
    role: 'DIAGNOSTICS',
    name: 'Precision Diagnostics',
    referenceId: DEMO_REFERENCE_IDS.diagnostics,
    isOwner: true,
  },
  {
    email: 'pharmacy@caremesh.test',
    role: 'PHARMACY',
    name: 'Jeevan Pharmacy',
    referenceId: DEMO_REFERENCE_IDS.pharmacy,
    isOwner: true,
  },
  { email: 'patient@caremesh.test', role: 'PATIENT', name: 'Priya Sharma', referenceId: DEMO_REFERENCE_IDS.patient },
  { email: 'user@caremesh.test', role: 'USER', name: 'Rahul Verma', referenceId: null },
  { email: 'newhospital@caremesh.test', role: 'HOSPITAL', name: 'New Hospital Desk', referenceId: null },
  // The organisations' teams: members with their own logins and duties.
  {
    email: 'frontdesk@caremesh.test',
    role: 'HOSPITAL',
    name: 'Anita Desai',
    referenceId: DEMO_REFERENCE_IDS.hospital,
    duties: ['FRONT_DESK'],
  },
  {
    email: 'billing@caremesh.test',
    role: 'HOSPITAL',
    name: 'Suresh Nair',
    referenceId: DEMO_REFERENCE_IDS.hospital,
    duties: ['BILLING'],
  },
  {
    email: 'pharmacist@caremesh.test',
    role: 'PHARMACY',
    name: 'Kavita Joshi',
    referenceId: DEMO_REFERENCE_IDS.pharmacy,
    duties: ['PHARMACIST'],
  },
  {
    email: 'qc@caremesh.test',
    role: 'PHARMACY',
    name: 'Imran Shaikh',
    referenceId: DEMO_REFERENCE_IDS.pharmacy,
    duties: ['QUALITY_CHECKER', 'DELIVERY'],
  },
  {
    email: 'collector@caremesh.test',
    role: 'DIAGNOSTICS',
    name: 'Ravi Kumar',
    referenceId: DEMO_REFERENCE_IDS.diagnostics,
    duties: ['FIELD_COLLECTOR'],
  },
  {
    email: 'signer@caremesh.test',
    role: 'DIAGNOSTICS',
    name: 'Dr Lata Menon',
    referenceId: DEMO_REFERENCE_IDS.diagnostics,
    duties: ['REPORT_SIGNER', 'LAB_TECHNICIAN'],
  },
];

/**
 * On a database with no users yet: creates the demo accounts and the demo network they belong to
 * (hospitals, doctors, diagnostics centres, pharmacies and patients across every state), all in one
 * transaction. With the app's file store, also the demo patient's documents (one shared with her
 * confirmed visit). An existing database is left alone. Returns how many accounts were created.
 */
export async function seedDemoData(db: Db, files?: FileStore): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return 0;
  const [passwordHash, network, documentFiles, verificationFiles] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    buildDemoNetwork(),
    files ? storeDemoDocumentFiles(files) : [],
    storeVerificationFiles(files),
  ]);
  const verifiedAt = new Date();
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          ...account,
          isOwner: account.isOwner ?? false,
          duties: account.duties ?? [],
          id: DEMO_USER_IDS[account.email],
          passwordHash,
          emailVerifiedAt: verifiedAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Another instance seeding at the same moment got there first: its network is already in.
    if (created.length === 0) return 0;
    await insertDemoNetwork(tx, network);
    await insertDemoAppointments(tx, network);
    await insertDemoConsultations(tx, network);
    await insertDemoConsultationCare(tx);
    await insertDemoSchedules(tx, network);
    await insertDemoWaitlist(tx, network);
    await insertDemoDiagnosticOrders(tx, network);
    await insertDemoAffiliations(tx, network);
    await insertDemoPharmacy(tx, network);
    await insertDemoDocuments(tx, documentFiles);
    await insertDemoVerification(tx, network, verificationFiles);
    return created.length;
  });
}
