import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { DIAGNOSTIC_TEST_TYPES, type DiagnosticTestType } from '../../../domain/enums.ts';
import { isListed } from '../../../domain/rules/directory.ts';
import type { CatalogueEntry, catalogueEntryBody } from '../../../domain/schemas/diagnosticOrders.ts';
import type { orderingCentresQuery } from '../../../domain/schemas/orderingCentres.ts';
import type { Db, Tx } from '../../db/client.ts';
import { centreTests, diagnosticsCentres } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { assertCanManage } from '../../platform/organisationProfiles.ts';
import { orderingCentres } from './orderingCentres.ts';

/**
 * The centre's catalogue of tests (/tests). The centre's testsAvailable (the directory's filter) and
 * resultsTurnaround are written from it, in the same transaction as every change to it.
 */

type CatalogueRow = typeof centreTests.$inferSelect;
const NO_SUCH_CENTRE = 'There is no diagnostics centre with that id.';
const typeOrder = (t: string) => DIAGNOSTIC_TEST_TYPES.indexOf(t as DiagnosticTestType);

export function toCatalogueEntry(row: CatalogueRow): CatalogueEntry {
  return {
    id: row.id,
    centreId: row.centreId,
    testType: row.testType,
    price: row.price,
    sampleType: row.sampleType,
    fastingHours: row.fastingHours,
    preparation: row.preparation,
    turnaroundHours: row.turnaroundHours,
    homeCollection: row.homeCollection,
    unit: row.unit,
    referenceRanges: row.referenceRanges,
    absoluteLow: row.absoluteLow,
    absoluteHigh: row.absoluteHigh,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Writes the centre's offered tests and turnaround map from its catalogue. The tests keep the order
 * the profile lists them in (`order`, else the current one); new ones follow in the enumeration's order.
 */
export async function syncCentreFromCatalogue(tx: Db | Tx, centreId: string, order?: readonly string[]) {
  const rows = await tx
    .select({ testType: centreTests.testType, turnaroundHours: centreTests.turnaroundHours })
    .from(centreTests)
    .where(eq(centreTests.centreId, centreId));
  const [centre] = order
    ? [{ testsAvailable: order }]
    : await tx
        .select({ testsAvailable: diagnosticsCentres.testsAvailable })
        .from(diagnosticsCentres)
        .where(eq(diagnosticsCentres.id, centreId));
  const listed = centre?.testsAvailable ?? [];
  const rank = (t: string) => (listed.includes(t) ? listed.indexOf(t) : listed.length + typeOrder(t));
  rows.sort((a, b) => rank(a.testType) - rank(b.testType));
  const turnaround: Record<string, number> = {};
  for (const row of rows) if (row.turnaroundHours !== null) turnaround[row.testType] = row.turnaroundHours;
  await tx
    .update(diagnosticsCentres)
    .set({ testsAvailable: rows.map((r) => r.testType), resultsTurnaround: turnaround, updatedAt: new Date() })
    .where(eq(diagnosticsCentres.id, centreId));
}

/**
 * The profile's list of tests (onboarding, a profile change) through the catalogue: a new test gets
 * an entry without a price yet, a test left out loses its entry.
 */
export async function offerTests(tx: Db | Tx, centreId: string, tests: readonly string[]) {
  const unique = [...new Set(tests)] as DiagnosticTestType[];
  await tx
    .delete(centreTests)
    .where(
      unique.length > 0
        ? and(eq(centreTests.centreId, centreId), notInArray(centreTests.testType, unique))
        : eq(centreTests.centreId, centreId),
    );
  if (unique.length > 0) {
    await tx
      .insert(centreTests)
      .values(unique.map((testType) => ({ centreId, testType })))
      .onConflictDoNothing();
  }
  await syncCentreFromCatalogue(tx, centreId, unique);
}

/** PATCH results-turnaround through the catalogue: each named test's promise, the others' cleared. */
export async function setCatalogueTurnaround(tx: Db | Tx, centreId: string, turnaround: Record<string, number>) {
  await tx.update(centreTests).set({ turnaroundHours: null }).where(eq(centreTests.centreId, centreId));
  for (const [testType, hours] of Object.entries(turnaround)) {
    await tx
      .update(centreTests)
      .set({ turnaroundHours: hours, updatedAt: new Date() })
      .where(and(eq(centreTests.centreId, centreId), eq(centreTests.testType, testType as DiagnosticTestType)));
  }
  await syncCentreFromCatalogue(tx, centreId);
}

/** The catalogue entries of these tests at a centre. */
export async function catalogueEntries(db: Db | Tx, centreId: string, tests: readonly DiagnosticTestType[]) {
  if (tests.length === 0) return [];
  return db
    .select()
    .from(centreTests)
    .where(and(eq(centreTests.centreId, centreId), inArray(centreTests.testType, [...tests])));
}

export function catalogueUseCases({ db }: { db: Db }) {
  async function visibleCentre(caller: AuthUser, centreId: string) {
    const [centre] = await db.select().from(diagnosticsCentres).where(eq(diagnosticsCentres.id, centreId));
    const own = caller.role === 'ADMIN' || (caller.role === 'DIAGNOSTICS' && caller.referenceId === centreId);
    if (!centre || (!own && !isListed(centre))) throw notFound(NO_SUCH_CENTRE);
    return centre;
  }

  return {
    /** Where a doctor or hospital orders tests: affiliated centres first (orderingCentres.ts). */
    orderingCentres: (caller: AuthUser, q: z.output<typeof orderingCentresQuery>) => orderingCentres(db, caller, q),

    /** A listed centre's catalogue is everyone's to read (prices, preparation); an unlisted one only its own. */
    async list(caller: AuthUser, centreId: string) {
      await visibleCentre(caller, centreId);
      const rows = await db
        .select()
        .from(centreTests)
        .where(eq(centreTests.centreId, centreId))
        .orderBy(asc(centreTests.testType));
      rows.sort((a, b) => typeOrder(a.testType) - typeOrder(b.testType));
      return { tests: rows.map(toCatalogueEntry) };
    },

    /** Adds or replaces one test of the catalogue. */
    async put(
      caller: AuthUser,
      centreId: string,
      testType: DiagnosticTestType,
      input: z.output<typeof catalogueEntryBody>,
    ) {
      assertCanManage(caller, 'DIAGNOSTICS', centreId, 'diagnostics centre');
      return db.transaction(async (tx) => {
        const [centre] = await tx
          .select({ id: diagnosticsCentres.id })
          .from(diagnosticsCentres)
          .where(eq(diagnosticsCentres.id, centreId));
        if (!centre) throw notFound(NO_SUCH_CENTRE);
        const values = { ...input, preparation: input.preparation ?? null, updatedAt: new Date() };
        const [row] = await tx
          .insert(centreTests)
          .values({ centreId, testType, ...values })
          .onConflictDoUpdate({ target: [centreTests.centreId, centreTests.testType], set: values })
          .returning();
        await syncCentreFromCatalogue(tx, centreId);
        return toCatalogueEntry(row!);
      });
    },

    /** Takes a test off the catalogue; orders already placed keep what they were ordered with. */
    async remove(caller: AuthUser, centreId: string, testType: DiagnosticTestType) {
      assertCanManage(caller, 'DIAGNOSTICS', centreId, 'diagnostics centre');
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(centreTests)
          .where(and(eq(centreTests.centreId, centreId), eq(centreTests.testType, testType)))
          .returning({ id: centreTests.id });
        if (removed.length === 0) throw notFound('This centre does not offer that test.');
        await syncCentreFromCatalogue(tx, centreId);
      });
    },
  };
}

export type CatalogueUseCases = ReturnType<typeof catalogueUseCases>;
