import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ProviderKind, Role } from '../../../domain/enums.ts';
import type { AffiliationParty } from '../../../domain/rules/affiliations.ts';
import type { AffiliationKindPath } from '../../../domain/schemas/affiliations.ts';
import type { Db, Tx } from '../../db/client.ts';
import { affiliations, diagnosticsCentres, doctors, hospitals, pharmacies } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { listedInDirectory } from '../../platform/search.ts';

/** The four kinds of party: their path word, their role, their directory table. */
export const KIND_OF_PATH: Record<AffiliationKindPath, ProviderKind> = {
  hospital: 'HOSPITAL',
  doctor: 'DOCTOR',
  diagnostics: 'DIAGNOSTICS',
  pharmacy: 'PHARMACY',
};
export const ROLE_OF_KIND: Record<ProviderKind, Role> = {
  HOSPITAL: 'HOSPITAL',
  DOCTOR: 'DOCTOR',
  DIAGNOSTICS: 'DIAGNOSTICS',
  PHARMACY: 'PHARMACY',
};
const TABLE = { HOSPITAL: hospitals, DOCTOR: doctors, DIAGNOSTICS: diagnosticsCentres, PHARMACY: pharmacies } as const;

/** The caller's own party (kind and profile id), or null for an account that acts for none. */
export function partyOfCaller(caller: AuthUser): { kind: ProviderKind; id: string } | null {
  const kind = (Object.keys(ROLE_OF_KIND) as ProviderKind[]).find((k) => ROLE_OF_KIND[k] === caller.role);
  if (!kind || !caller.referenceId) return null;
  return { kind, id: caller.referenceId };
}

type Sides = { proposerKind: ProviderKind; proposerId: string; recipientKind: ProviderKind; recipientId: string };

/** How the caller stands to an affiliation; null when not on it (they get 404). */
export function sideOf(caller: AuthUser, row: Sides): AffiliationParty | null {
  if (caller.role === 'ADMIN') return 'ADMIN';
  const own = partyOfCaller(caller);
  if (!own) return null;
  if (own.kind === row.proposerKind && own.id === row.proposerId) return 'PROPOSER';
  if (own.kind === row.recipientKind && own.id === row.recipientId) return 'RECIPIENT';
  return null;
}

/** Rows the caller is a party of (an admin: every row). */
export function visibleTo(caller: AuthUser): SQL | undefined {
  if (caller.role === 'ADMIN') return undefined;
  const own = partyOfCaller(caller);
  if (!own) return sql`false`;
  return or(
    and(eq(affiliations.proposerKind, own.kind), eq(affiliations.proposerId, own.id)),
    and(eq(affiliations.recipientKind, own.kind), eq(affiliations.recipientId, own.id)),
  );
}

/** A party's name, read from the table its kind names. */
export function partyName(kind: PgColumn, id: PgColumn): SQL<string> {
  return sql<string>`case ${kind}
    when 'HOSPITAL' then (select name from hospitals where id = ${id})
    when 'DOCTOR' then (select name from doctors where id = ${id})
    when 'DIAGNOSTICS' then (select name from diagnostics_centres where id = ${id})
    when 'PHARMACY' then (select name from pharmacies where id = ${id}) end`;
}
export function partyCity(kind: PgColumn, id: PgColumn): SQL<string | null> {
  return sql<string | null>`case ${kind}
    when 'HOSPITAL' then (select city from hospitals where id = ${id})
    when 'DOCTOR' then (select city from doctors where id = ${id})
    when 'DIAGNOSTICS' then (select city from diagnostics_centres where id = ${id})
    when 'PHARMACY' then (select city from pharmacies where id = ${id}) end`;
}

/** A party as the directory has it: its name and whether it is listed (verified, active). */
export async function findParty(db: Db | Tx, kind: ProviderKind, id: string) {
  const table = TABLE[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name, listed: sql<boolean>`${listedInDirectory(table)}` })
    .from(table)
    .where(eq(table.id, id));
  return row;
}

/** A doctor practises at a hospital exactly while an affiliation between them is active. */
export async function syncDoctorPlace(
  tx: Tx,
  row: Pick<typeof affiliations.$inferSelect, 'proposerKind' | 'proposerId' | 'recipientKind' | 'recipientId'>,
  to: string,
) {
  const doctorId =
    row.proposerKind === 'DOCTOR' ? row.proposerId : row.recipientKind === 'DOCTOR' ? row.recipientId : null;
  const hospitalId =
    row.proposerKind === 'HOSPITAL' ? row.proposerId : row.recipientKind === 'HOSPITAL' ? row.recipientId : null;
  if (!doctorId || !hospitalId) return;
  if (to === 'ACTIVE') await tx.update(doctors).set({ hospitalId }).where(eq(doctors.id, doctorId));
  else
    await tx
      .update(doctors)
      .set({ hospitalId: null })
      .where(and(eq(doctors.id, doctorId), eq(doctors.hospitalId, hospitalId)));
}
