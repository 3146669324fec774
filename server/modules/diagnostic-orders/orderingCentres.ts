import { and, eq, ilike, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DiagnosticTestType } from '../../../domain/enums.ts';
import { isListed } from '../../../domain/rules/directory.ts';
import type { OrderingCentre, orderingCentresQuery } from '../../../domain/schemas/orderingCentres.ts';
import type { Db } from '../../db/client.ts';
import { affiliations, centreTests, diagnosticsCentres, doctors } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';

/**
 * Where a doctor or hospital orders tests (a consultation's "Tests to order"): the listed centres
 * that price at least one of the tests (any test when none is named), those with an ACTIVE
 * affiliation with the caller — or with the hospital the doctor practises at — first and marked,
 * then by how many of the tests they price, then by name.
 */
export async function orderingCentres(
  db: Db,
  caller: AuthUser,
  q: z.output<typeof orderingCentresQuery>,
): Promise<{ centres: OrderingCentre[]; total: number }> {
  const sides: Array<{ kind: 'DOCTOR' | 'HOSPITAL'; id: string }> = [];
  if (caller.referenceId && (caller.role === 'DOCTOR' || caller.role === 'HOSPITAL')) {
    sides.push({ kind: caller.role, id: caller.referenceId });
  }
  if (caller.role === 'DOCTOR' && caller.referenceId) {
    const [doctor] = await db
      .select({ hospitalId: doctors.hospitalId })
      .from(doctors)
      .where(eq(doctors.id, caller.referenceId));
    if (doctor?.hospitalId) sides.push({ kind: 'HOSPITAL', id: doctor.hospitalId });
  }
  const pairs = sides.flatMap((s) => [
    and(
      eq(affiliations.proposerKind, s.kind),
      eq(affiliations.proposerId, s.id),
      eq(affiliations.recipientKind, 'DIAGNOSTICS'),
    ),
    and(
      eq(affiliations.recipientKind, s.kind),
      eq(affiliations.recipientId, s.id),
      eq(affiliations.proposerKind, 'DIAGNOSTICS'),
    ),
  ]);
  const linked =
    pairs.length === 0
      ? []
      : await db
          .select({
            proposerId: affiliations.proposerId,
            recipientId: affiliations.recipientId,
            proposerKind: affiliations.proposerKind,
          })
          .from(affiliations)
          .where(and(eq(affiliations.status, 'ACTIVE'), or(...pairs)));
  const affiliated = new Set(linked.map((a) => (a.proposerKind === 'DIAGNOSTICS' ? a.proposerId : a.recipientId)));

  const where: SQL[] = [eq(diagnosticsCentres.verificationStatus, 'VERIFIED'), eq(diagnosticsCentres.status, 'ACTIVE')];
  if (q.searchQuery) {
    const like = `%${q.searchQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(diagnosticsCentres.name, like), ilike(diagnosticsCentres.city, like))!);
  }
  const centres = (
    await db
      .select({
        id: diagnosticsCentres.id,
        name: diagnosticsCentres.name,
        city: diagnosticsCentres.city,
        verificationStatus: diagnosticsCentres.verificationStatus,
        status: diagnosticsCentres.status,
        listedUntil: diagnosticsCentres.listedUntil,
      })
      .from(diagnosticsCentres)
      .where(and(...where))
  ).filter((c) => isListed(c));
  if (centres.length === 0) return { centres: [], total: 0 };
  const priced = await db
    .select({
      centreId: centreTests.centreId,
      testType: centreTests.testType,
      price: centreTests.price,
      homeCollection: centreTests.homeCollection,
    })
    .from(centreTests)
    .where(
      and(
        inArray(
          centreTests.centreId,
          centres.map((c) => c.id),
        ),
        isNotNull(centreTests.price),
        q.tests.length > 0 ? inArray(centreTests.testType, q.tests) : undefined,
      ),
    );
  const byCentre = new Map<string, typeof priced>();
  for (const row of priced) byCentre.set(row.centreId, [...(byCentre.get(row.centreId) ?? []), row]);
  const answer = centres
    .filter((c) => byCentre.has(c.id))
    .map((c) => {
      const rows = byCentre.get(c.id)!;
      return {
        id: c.id,
        name: c.name,
        city: c.city,
        affiliated: affiliated.has(c.id),
        pricedTests: rows.map((r) => r.testType as DiagnosticTestType),
        totalPrice: rows.reduce((sum, r) => sum + (r.price ?? 0), 0),
        homeCollection: rows.every((r) => r.homeCollection),
      };
    })
    .sort(
      (a, b) =>
        Number(b.affiliated) - Number(a.affiliated) ||
        b.pricedTests.length - a.pricedTests.length ||
        a.name.localeCompare(b.name),
    );
  return { centres: answer.slice(0, q.limit), total: answer.length };
}
