import { eq } from 'drizzle-orm';
import { isListed } from '../../../domain/rules/directory.ts';
import type { z } from 'zod';
import type {
  DiagnosticsSearchQuery,
  onboardDiagnosticsBody,
  ResultsTurnaroundBody,
  StaffingExpertiseBody,
  updateDiagnosticsBody,
} from '../../../domain/schemas/diagnostics.ts';
import { paginationOf } from '../../../domain/schemas/common.ts';
import { diagnosticsCentres } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { overlaps, overlapsIgnoringCase, searchDirectory } from '../../platform/search.ts';
import { offerTests, setCatalogueTurnaround } from '../diagnostic-orders/index.ts';
import {
  assertCanManage,
  onboardOrganisation,
  placeColumns,
  withIsoDates,
} from '../../platform/organisationProfiles.ts';

type CentreRow = typeof diagnosticsCentres.$inferSelect;
const toCentre = (row: CentreRow & { distanceKm?: number }) => withIsoDates(row);

const NO_SUCH_CENTRE = 'There is no diagnostics centre with that id.';

export function diagnosticsService({ db }: { db: Db }) {
  async function findCentre(id: string) {
    const [row] = await db.select().from(diagnosticsCentres).where(eq(diagnosticsCentres.id, id));
    return row;
  }

  async function manageable(caller: AuthUser, centreId: string) {
    assertCanManage(caller, 'DIAGNOSTICS', centreId, 'diagnostics centre');
    const row = await findCentre(centreId);
    if (!row) throw notFound(NO_SUCH_CENTRE);
    return row;
  }

  async function save(centreId: string, change: Partial<CentreRow>) {
    const [row] = await db
      .update(diagnosticsCentres)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(diagnosticsCentres.id, centreId))
      .returning();
    if (!row) throw notFound(NO_SUCH_CENTRE);
    return toCentre(row);
  }

  return {
    /** Creates the caller's diagnostics centre and links it to their account, in one transaction. */
    async onboard(caller: AuthUser, input: z.output<typeof onboardDiagnosticsBody>) {
      const { address, latitude, longitude, ...fields } = input;
      const row = await onboardOrganisation(
        db,
        caller,
        'Your account has already onboarded a diagnostics centre.',
        (tx) =>
          tx
            .insert(diagnosticsCentres)
            .values({
              ...fields,
              ...placeColumns({ address, latitude, longitude }),
            } as typeof diagnosticsCentres.$inferInsert)
            .returning()
            .then(async ([created]) => {
              // The tests offered become catalogue entries (prices to be set on /tests).
              await offerTests(tx, created!.id, fields.testsAvailable);
              return created;
            }),
      );
      return toCentre((await findCentre(row.id)) ?? row);
    },

    async mine(caller: AuthUser) {
      const row = caller.referenceId ? await findCentre(caller.referenceId) : undefined;
      if (!row) throw notFound('You have not onboarded a diagnostics centre yet.');
      return toCentre(row);
    },

    /** Anyone signed in sees a verified, active centre; the owner and admins see it in any state. */
    async byId(caller: AuthUser, id: string) {
      const row = await findCentre(id);
      const privileged = caller.role === 'ADMIN' || (caller.role === 'DIAGNOSTICS' && caller.referenceId === id);
      if (!row || (!privileged && !isListed(row))) {
        throw notFound(NO_SUCH_CENTRE);
      }
      return toCentre(row);
    },

    /** The tests offered change through the catalogue (a dropped test drops its entry and turnaround). */
    async update(caller: AuthUser, centreId: string, input: z.output<typeof updateDiagnosticsBody>) {
      await manageable(caller, centreId);
      const { address, latitude, longitude, testsAvailable, ...fields } = input;
      if (testsAvailable) await db.transaction((tx) => offerTests(tx, centreId, testsAvailable));
      return save(centreId, { ...fields, ...placeColumns({ address, latitude, longitude }) } as Partial<CentreRow>);
    },

    /** Replaces the turnaround map; every test in it must be one the centre offers. */
    async setResultsTurnaround(caller: AuthUser, centreId: string, turnaround: ResultsTurnaroundBody) {
      const current = await manageable(caller, centreId);
      const notOffered = Object.keys(turnaround).filter((test) => !current.testsAvailable.includes(test));
      if (notOffered.length > 0) {
        throw invalid(`The centre does not offer ${notOffered.join(', ')}; add the test before its turnaround.`, {
          issues: notOffered.map((test) => ({ path: `body.${test}`, message: 'This centre does not offer this test' })),
        });
      }
      await db.transaction((tx) => setCatalogueTurnaround(tx, centreId, turnaround));
      return toCentre((await findCentre(centreId))!);
    },

    /** Changes the staff counts and expertise the body names; the rest stays. */
    async setStaffingExpertise(caller: AuthUser, centreId: string, input: StaffingExpertiseBody) {
      const current = await manageable(caller, centreId);
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      return save(centreId, { staffing: { ...current.staffing, ...given } });
    },

    async search(caller: AuthUser, q: DiagnosticsSearchQuery) {
      const t = diagnosticsCentres;
      const { rows, total } = await searchDirectory<CentreRow>({
        db,
        table: t,
        query: q,
        isAdmin: caller.role === 'ADMIN',
        filters: [
          q.facilityType ? eq(t.facilityType, q.facilityType) : undefined,
          q.testsAvailable?.length ? overlaps(t.testsAvailable, q.testsAvailable) : undefined,
          q.equipmentAvailable?.length ? overlaps(t.equipmentAvailable, q.equipmentAvailable) : undefined,
          q.accreditations?.length ? overlaps(t.accreditations, q.accreditations) : undefined,
          q.hasHomeCollection === undefined ? undefined : eq(t.hasHomeCollection, q.hasHomeCollection),
          q.hasEmergencyService === undefined ? undefined : eq(t.hasEmergencyService, q.hasEmergencyService),
          q.insuranceAccepted?.length ? overlapsIgnoringCase(t.insuranceAccepted, q.insuranceAccepted) : undefined,
        ],
        textColumns: [t.name, t.city],
        textArrayColumns: [t.testsAvailable],
        sortColumns: { name: t.name, rating: t.rating, createdAt: t.createdAt },
      });
      return { diagnosticsCentres: rows.map(toCentre), pagination: paginationOf(q.page, q.limit, total) };
    },
  };
}

export type DiagnosticsService = ReturnType<typeof diagnosticsService>;
