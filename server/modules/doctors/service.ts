import { eq, gte, inArray, like, lte, or } from 'drizzle-orm';
import { isListed } from '../../../domain/rules/directory.ts';
import type { z } from 'zod';
import type { ConsultationChannel } from '../../../domain/enums.ts';
import type { DoctorSearchQuery, onboardDoctorBody, updateDoctorBody } from '../../../domain/schemas/doctors.ts';
import { paginationOf } from '../../../domain/schemas/common.ts';
import type { Db } from '../../db/client.ts';
import { doctors } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { overlaps, overlapsIgnoringCase, searchDirectory } from '../../platform/search.ts';
import {
  assertCanManage,
  onboardOrganisation,
  placeColumns,
  withIsoDates,
} from '../../platform/organisationProfiles.ts';

type DoctorRow = typeof doctors.$inferSelect;
const toDoctor = (row: DoctorRow & { distanceKm?: number }) => withIsoDates(row);

const NO_SUCH_DOCTOR = 'There is no doctor with that id.';
const ALREADY_ONBOARDED = 'Your account already has a doctor profile.';
const MAX_SLUG_BASE = 80;
const SLUG_ATTEMPTS = 20;

/** 'Dr. Arjun Rao' → 'dr-arjun-rao'; accents are dropped, and a name with no Latin letters becomes 'doctor'. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_BASE)
    .replace(/^-+|-+$/g, '');
  return base || 'doctor';
}

/** The base itself when free, else the base with the lowest free suffix from -2 on. */
async function freeSlug(db: Pick<Db, 'select'>, base: string): Promise<string> {
  const rows = await db
    .select({ slug: doctors.slug })
    .from(doctors)
    .where(or(eq(doctors.slug, base), like(doctors.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** ONLINE also finds doctors who consult both ways, and so does OFFLINE. */
function channelsMatching(wanted: ConsultationChannel): ConsultationChannel[] {
  return wanted === 'BOTH' ? ['BOTH'] : [wanted, 'BOTH'];
}

export const PLACE_BY_AFFILIATION =
  'A doctor joins a hospital through an affiliation the hospital approves: ask to join, or leave, from Affiliations.';

export function doctorsService({ db }: { db: Db }) {
  async function findDoctor(id: string) {
    const [row] = await db.select().from(doctors).where(eq(doctors.id, id));
    return row;
  }

  /**
   * A doctor's place at a hospital is an affiliation the hospital approved (server/modules/affiliations
   * keeps `hospitalId` in step with it), never a field anyone types: naming another hospital, or
   * leaving one, here is refused with the way to do it. Sending the place unchanged is harmless.
   */
  function refusePlacement(requested: string | null | undefined, current: string | null) {
    if (requested === undefined || requested === current) return;
    throw invalid(`body.hospitalId: ${PLACE_BY_AFFILIATION}`, {
      issues: [{ path: 'body.hospitalId', message: PLACE_BY_AFFILIATION }],
    });
  }

  /** Admins, the doctor themself and the hospital they practise at see the profile in any state. */
  function visibleTo(caller: AuthUser, row: DoctorRow | undefined): row is DoctorRow {
    if (!row) return false;
    const privileged =
      caller.role === 'ADMIN' ||
      (caller.role === 'DOCTOR' && caller.referenceId === row.id) ||
      (caller.role === 'HOSPITAL' && row.hospitalId !== null && caller.referenceId === row.hospitalId);
    return privileged || isListed(row);
  }

  return {
    /** Creates the caller's doctor profile with a unique slug and links it to their account, in one transaction. */
    async onboard(caller: AuthUser, input: z.output<typeof onboardDoctorBody>) {
      const { address, latitude, longitude, ...fields } = input;
      const base = slugFromName(input.name);
      const row = await onboardOrganisation(db, caller, ALREADY_ONBOARDED, async (tx) => {
        refusePlacement(input.hospitalId, null);
        let created: DoctorRow | undefined;
        for (let attempt = 0; !created; attempt++) {
          if (attempt === SLUG_ATTEMPTS)
            throw conflict('Too many profiles with this name are being created; try again.');
          // A doctor of the same name may take the slug between look-up and insert: then look again.
          [created] = await tx
            .insert(doctors)
            .values({
              ...fields,
              slug: await freeSlug(tx, base),
              ...placeColumns({ address, latitude, longitude }),
            } as typeof doctors.$inferInsert)
            .onConflictDoNothing({ target: doctors.slug })
            .returning();
        }
        return created;
      });
      return toDoctor(row);
    },

    async mine(caller: AuthUser) {
      const row = caller.referenceId ? await findDoctor(caller.referenceId) : undefined;
      if (!row) throw notFound('You have not created your doctor profile yet.');
      return toDoctor(row);
    },

    async byId(caller: AuthUser, id: string) {
      const row = await findDoctor(id);
      if (!visibleTo(caller, row)) throw notFound(NO_SUCH_DOCTOR);
      return toDoctor(row);
    },

    async bySlug(caller: AuthUser, slug: string) {
      const [row] = await db.select().from(doctors).where(eq(doctors.slug, slug));
      if (!visibleTo(caller, row)) throw notFound('There is no doctor with that address.');
      return toDoctor(row);
    },

    /** The slug stays as it was, even on a rename, so shared links keep working. */
    async update(caller: AuthUser, doctorId: string, input: z.output<typeof updateDoctorBody>) {
      assertCanManage(caller, 'DOCTOR', doctorId, 'doctor');
      if (input.hospitalId !== undefined)
        refusePlacement(input.hospitalId, (await findDoctor(doctorId))?.hospitalId ?? null);
      const { address, latitude, longitude, hospitalId: _unchanged, ...fields } = input;
      const [row] = await db
        .update(doctors)
        .set({
          ...fields,
          ...placeColumns({ address, latitude, longitude }),
          updatedAt: new Date(),
        } as Partial<DoctorRow>)
        .where(eq(doctors.id, doctorId))
        .returning();
      if (!row) throw notFound(NO_SUCH_DOCTOR);
      return toDoctor(row);
    },

    async search(caller: AuthUser, q: DoctorSearchQuery) {
      const t = doctors;
      const ownHospital =
        caller.role === 'HOSPITAL' && q.hospitalId !== undefined && q.hospitalId === caller.referenceId;
      const { rows, total } = await searchDirectory<DoctorRow>({
        db,
        table: t,
        query: q,
        // A hospital listing its own doctors sees them before they are verified, as admins do.
        isAdmin: caller.role === 'ADMIN' || ownHospital,
        filters: [
          q.hospitalId ? eq(t.hospitalId, q.hospitalId) : undefined,
          q.specializations?.length ? overlaps(t.specializations, q.specializations) : undefined,
          q.minExperience === undefined ? undefined : gte(t.experienceYears, q.minExperience),
          q.maxConsultationFee === undefined ? undefined : lte(t.consultationFee, q.maxConsultationFee),
          q.insuranceAccepted?.length ? overlapsIgnoringCase(t.insuranceAccepted, q.insuranceAccepted) : undefined,
          q.gender ? eq(t.gender, q.gender) : undefined,
          q.languagesSpoken?.length ? overlaps(t.languagesSpoken, q.languagesSpoken) : undefined,
          q.availability ? inArray(t.availability, channelsMatching(q.availability)) : undefined,
          q.telemedicineAvailable === undefined ? undefined : eq(t.telemedicineAvailable, q.telemedicineAvailable),
        ],
        textColumns: [t.name, t.city],
        textArrayColumns: [t.specializations],
        sortColumns: {
          name: t.name,
          rating: t.rating,
          experienceYears: t.experienceYears,
          consultationFee: t.consultationFee,
          createdAt: t.createdAt,
        },
      });
      return { doctors: rows.map(toDoctor), pagination: paginationOf(q.page, q.limit, total) };
    },
  };
}

export type DoctorsService = ReturnType<typeof doctorsService>;
