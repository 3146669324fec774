import { count } from 'drizzle-orm';
import type { Role } from '../../domain/enums.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';

export const DEMO_PASSWORD = 'CareMesh@2026';

/** Fixed ids, so the demo profiles and the accounts linked to them are the same on every machine. */
export const DEMO_REFERENCE_IDS = {
  hospital: '0d3c5a0e-7a51-4c1b-9a38-000000000001',
  doctor: '0d3c5a0e-7a51-4c1b-9a38-000000000002',
  diagnostics: '0d3c5a0e-7a51-4c1b-9a38-000000000003',
  pharmacy: '0d3c5a0e-7a51-4c1b-9a38-000000000004',
  patient: '0d3c5a0e-7a51-4c1b-9a38-000000000005',
} as const;

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: Role; name: string; referenceId: string | null }> = [
  { email: 'admin@caremesh.test', role: 'ADMIN', name: 'Meera Iyer', referenceId: null },
  {
    email: 'hospital@caremesh.test',
    role: 'HOSPITAL',
    name: 'Sahyadri Care Hospital',
    referenceId: DEMO_REFERENCE_IDS.hospital,
  },
  { email: 'doctor@caremesh.test', role: 'DOCTOR', name: 'Dr Arjun Rao', referenceId: DEMO_REFERENCE_IDS.doctor },
  {
    email: 'diagnostics@caremesh.test',
    role: 'DIAGNOSTICS',
    name: 'Precision Diagnostics',
    referenceId: DEMO_REFERENCE_IDS.diagnostics,
  },
  {
    email: 'pharmacy@caremesh.test',
    role: 'PHARMACY',
    name: 'Jeevan Pharmacy',
    referenceId: DEMO_REFERENCE_IDS.pharmacy,
  },
  { email: 'patient@caremesh.test', role: 'PATIENT', name: 'Priya Sharma', referenceId: DEMO_REFERENCE_IDS.patient },
  { email: 'user@caremesh.test', role: 'USER', name: 'Rahul Verma', referenceId: null },
  { email: 'newhospital@caremesh.test', role: 'HOSPITAL', name: 'New Hospital Desk', referenceId: null },
];

/**
 * Creates the demo accounts on a database that has no users yet; an existing database is left alone.
 * Returns how many accounts were created.
 */
export async function seedDemoData(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verifiedAt = new Date();
  const created = await db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((account) => ({ ...account, passwordHash, emailVerifiedAt: verifiedAt })))
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length;
}
