import { and, asc, count, eq, gte } from 'drizzle-orm';
import { isListed } from '../../../domain/rules/directory.ts';
import type { z } from 'zod';
import { paginationOf } from '../../../domain/schemas/common.ts';
import {
  MAX_PHARMACY_IMAGES,
  PHARMACY_IMAGE_MAX_MB,
  type emergencyInfoBody,
  type onboardPharmacyBody,
  type OpeningHoursPatch,
  type pharmacistBody,
  type PharmacySearchQuery,
  type updatePharmacistBody,
  type updatePharmacyBody,
} from '../../../domain/schemas/pharmacies.ts';
import { pharmacies, pharmacists, pharmacyImages } from '../../db/schema/index.ts';
import type { EmergencyInfo, OpeningHours } from '../../db/schema/organisations.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { IMAGE_TYPES, MB, type FileStore } from '../../platform/files.ts';
import { overlaps, overlapsIgnoringCase, searchDirectory } from '../../platform/search.ts';
import {
  assertCanManage,
  onboardOrganisation,
  placeColumns,
  withIsoDates,
} from '../../platform/organisationProfiles.ts';

type PharmacyRow = typeof pharmacies.$inferSelect;
type PharmacistRow = typeof pharmacists.$inferSelect;
type ImageRow = typeof pharmacyImages.$inferSelect;

const NO_PHARMACY = 'There is no pharmacy with that id.';
const NO_PHARMACIST = 'There is no pharmacist with that id in this pharmacy.';
const NO_IMAGE = 'There is no image with that id in this pharmacy.';

export const pharmacyImageUrl = (pharmacyId: string, imageId: string) =>
  `/api/pharmacies/${pharmacyId}/images/${imageId}/content`;

const toPharmacy = (row: PharmacyRow & { distanceKm?: number }) => withIsoDates(row);

/** Contact details of staff are for the pharmacy itself and admins; everyone else sees name and status. */
function toPharmacist(row: PharmacistRow, withContact: boolean) {
  const { phone, email, verifiedAt, createdAt, ...rest } = row;
  return {
    ...rest,
    ...(withContact ? { phone, email } : {}),
    verifiedAt: verifiedAt ? verifiedAt.toISOString() : null,
    createdAt: createdAt.toISOString(),
  };
}

function toImage(row: ImageRow) {
  return {
    id: row.id,
    pharmacyId: row.pharmacyId,
    imageUrl: pharmacyImageUrl(row.pharmacyId, row.id),
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

const isPrivileged = (caller: AuthUser, pharmacyId: string) =>
  caller.role === 'ADMIN' || (caller.role === 'PHARMACY' && caller.referenceId === pharmacyId);

export function pharmaciesService({ db, files }: { db: Db; files: FileStore }) {
  async function findPharmacy(id: string) {
    const [row] = await db.select().from(pharmacies).where(eq(pharmacies.id, id));
    return row;
  }

  async function imagesOf(pharmacyId: string) {
    return db
      .select()
      .from(pharmacyImages)
      .where(eq(pharmacyImages.pharmacyId, pharmacyId))
      .orderBy(asc(pharmacyImages.createdAt), asc(pharmacyImages.id));
  }

  async function profile(row: PharmacyRow, withContact: boolean) {
    const [staff, images] = await Promise.all([
      db
        .select()
        .from(pharmacists)
        .where(eq(pharmacists.pharmacyId, row.id))
        .orderBy(asc(pharmacists.name), asc(pharmacists.id)),
      imagesOf(row.id),
    ]);
    return {
      ...toPharmacy(row),
      pharmacists: staff.map((p) => toPharmacist(p, withContact)),
      images: images.map(toImage),
    };
  }

  async function profileById(id: string) {
    const row = await findPharmacy(id);
    return row ? profile(row, true) : undefined;
  }

  /** Anyone signed in sees a verified, active pharmacy; the owner and admins see it in any state. */
  async function visible(caller: AuthUser, id: string) {
    const row = await findPharmacy(id);
    const privileged = isPrivileged(caller, id);
    if (!row || (!privileged && !isListed(row))) {
      throw notFound(NO_PHARMACY);
    }
    return { row, privileged };
  }

  async function manageable(caller: AuthUser, pharmacyId: string) {
    assertCanManage(caller, 'PHARMACY', pharmacyId, 'pharmacy');
    const row = await findPharmacy(pharmacyId);
    if (!row) throw notFound(NO_PHARMACY);
    return row;
  }

  async function touch(pharmacyId: string, changes: Partial<PharmacyRow>) {
    await db
      .update(pharmacies)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(pharmacies.id, pharmacyId));
    return (await profileById(pharmacyId))!;
  }

  async function imageCount(pharmacyId: string, executor: Pick<typeof db, 'select'> = db) {
    const [row] = await executor
      .select({ n: count() })
      .from(pharmacyImages)
      .where(eq(pharmacyImages.pharmacyId, pharmacyId));
    return row?.n ?? 0;
  }

  const tooManyImages = () =>
    conflict(`A pharmacy can show at most ${MAX_PHARMACY_IMAGES} images; remove one before adding another.`);

  return {
    /** Creates the caller's pharmacy and links it to their account, in one transaction. */
    async onboard(caller: AuthUser, input: z.output<typeof onboardPharmacyBody>) {
      const { address, latitude, longitude, ...fields } = input;
      const created = await onboardOrganisation(db, caller, 'Your account has already onboarded a pharmacy.', (tx) =>
        tx
          .insert(pharmacies)
          .values({ ...fields, ...placeColumns({ address, latitude, longitude }) } as typeof pharmacies.$inferInsert)
          .returning({ id: pharmacies.id })
          .then(([row]) => row),
      );
      return (await profileById(created.id))!;
    },

    async mine(caller: AuthUser) {
      const found = caller.referenceId ? await profileById(caller.referenceId) : undefined;
      if (!found) throw notFound('You have not onboarded a pharmacy yet.');
      return found;
    },

    async byId(caller: AuthUser, id: string) {
      const { row, privileged } = await visible(caller, id);
      return profile(row, privileged);
    },

    async update(caller: AuthUser, pharmacyId: string, input: z.output<typeof updatePharmacyBody>) {
      await manageable(caller, pharmacyId);
      const { address, latitude, longitude, ...fields } = input;
      return touch(pharmacyId, {
        ...fields,
        ...placeColumns({ address, latitude, longitude }),
      } as Partial<PharmacyRow>);
    },

    /** Soft delete: the row (and its orders' history) stays, search and other users stop seeing it. */
    async archive(caller: AuthUser, pharmacyId: string) {
      await manageable(caller, pharmacyId);
      await touch(pharmacyId, { status: 'ARCHIVED' });
    },

    async changeOpeningHours(caller: AuthUser, pharmacyId: string, days: OpeningHoursPatch) {
      const row = await manageable(caller, pharmacyId);
      const week: OpeningHours = { ...row.openingHours };
      for (const [day, hours] of Object.entries(days) as Array<
        [keyof OpeningHours, OpeningHoursPatch[keyof OpeningHours]]
      >) {
        if (hours === null || hours === undefined) delete week[day];
        else week[day] = hours;
      }
      return touch(pharmacyId, { openingHours: week });
    },

    /** The emergency info is one small record: what is sent replaces it. */
    async changeEmergencyInfo(caller: AuthUser, pharmacyId: string, input: z.output<typeof emergencyInfoBody>) {
      await manageable(caller, pharmacyId);
      const info: EmergencyInfo = {
        available24x7: input.available24x7,
        ...(input.phone === undefined ? {} : { phone: input.phone }),
        ...(input.instructions === undefined ? {} : { instructions: input.instructions }),
      };
      return touch(pharmacyId, { emergencyInfo: info });
    },

    async addPharmacist(caller: AuthUser, pharmacyId: string, input: z.output<typeof pharmacistBody>) {
      await manageable(caller, pharmacyId);
      const [row] = await db
        .insert(pharmacists)
        .values({ ...input, pharmacyId })
        .returning();
      return toPharmacist(row!, true);
    },

    /** A new registration number has not been checked: it drops an earlier verification. */
    async updatePharmacist(
      caller: AuthUser,
      pharmacyId: string,
      pharmacistId: string,
      input: z.output<typeof updatePharmacistBody>,
    ) {
      await manageable(caller, pharmacyId);
      const where = and(eq(pharmacists.id, pharmacistId), eq(pharmacists.pharmacyId, pharmacyId));
      const [current] = await db.select().from(pharmacists).where(where);
      if (!current) throw notFound(NO_PHARMACIST);
      const reverify =
        input.registrationNumber !== undefined && input.registrationNumber !== current.registrationNumber;
      const [row] = await db
        .update(pharmacists)
        .set({ ...input, ...(reverify ? { isVerified: false, verifiedAt: null } : {}) })
        .where(where)
        .returning();
      if (!row) throw notFound(NO_PHARMACIST);
      return toPharmacist(row, true);
    },

    async removePharmacist(caller: AuthUser, pharmacyId: string, pharmacistId: string) {
      await manageable(caller, pharmacyId);
      const removed = await db
        .delete(pharmacists)
        .where(and(eq(pharmacists.id, pharmacistId), eq(pharmacists.pharmacyId, pharmacyId)))
        .returning({ id: pharmacists.id });
      if (removed.length === 0) throw notFound(NO_PHARMACIST);
    },

    /** Admins only (the route says so); verifying twice keeps the first verification time. */
    async verifyPharmacist(pharmacyId: string, pharmacistId: string) {
      const where = and(eq(pharmacists.id, pharmacistId), eq(pharmacists.pharmacyId, pharmacyId));
      const [current] = await db.select().from(pharmacists).where(where);
      if (!current) throw notFound(NO_PHARMACIST);
      if (current.isVerified) return toPharmacist(current, true);
      const [row] = await db
        .update(pharmacists)
        .set({ isVerified: true, verifiedAt: new Date() })
        .where(where)
        .returning();
      return toPharmacist(row!, true);
    },

    /** Checks who may add before the upload is read, then checks the bytes, then the limit under a row lock. */
    async addImage(caller: AuthUser, pharmacyId: string, readFile: () => Promise<Buffer>) {
      await manageable(caller, pharmacyId);
      if ((await imageCount(pharmacyId)) >= MAX_PHARMACY_IMAGES) throw tooManyImages();
      const stored = await files.store(await readFile(), IMAGE_TYPES, PHARMACY_IMAGE_MAX_MB * MB);
      const row = await db.transaction(async (tx) => {
        // Two uploads at once: the lock makes the second count the first.
        await tx.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId)).for('update');
        if ((await imageCount(pharmacyId, tx)) >= MAX_PHARMACY_IMAGES) throw tooManyImages();
        const [inserted] = await tx
          .insert(pharmacyImages)
          .values({ pharmacyId, fileKey: stored.key, contentType: stored.contentType, size: stored.size })
          .returning();
        return inserted!;
      });
      return toImage(row);
    },

    async images(caller: AuthUser, pharmacyId: string) {
      await visible(caller, pharmacyId);
      const rows = await imagesOf(pharmacyId);
      return { images: rows.map(toImage), pagination: paginationOf(1, MAX_PHARMACY_IMAGES, rows.length) };
    },

    async imageContent(caller: AuthUser, pharmacyId: string, imageId: string) {
      await visible(caller, pharmacyId);
      const [row] = await db
        .select()
        .from(pharmacyImages)
        .where(and(eq(pharmacyImages.id, imageId), eq(pharmacyImages.pharmacyId, pharmacyId)));
      if (!row) throw notFound(NO_IMAGE);
      const content = await files.read(row.fileKey).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw notFound('The file of this image is missing.');
        throw error;
      });
      return { content, contentType: row.contentType };
    },

    /** Removes the image from the pharmacy; the content-addressed file may be shared, so it stays on disk. */
    async removeImage(caller: AuthUser, pharmacyId: string, imageId: string) {
      await manageable(caller, pharmacyId);
      const removed = await db
        .delete(pharmacyImages)
        .where(and(eq(pharmacyImages.id, imageId), eq(pharmacyImages.pharmacyId, pharmacyId)))
        .returning({ id: pharmacyImages.id });
      if (removed.length === 0) throw notFound(NO_IMAGE);
    },

    async search(caller: AuthUser, q: PharmacySearchQuery) {
      const t = pharmacies;
      const { rows, total } = await searchDirectory<PharmacyRow>({
        db,
        table: t,
        query: q,
        isAdmin: caller.role === 'ADMIN',
        filters: [
          q.services?.length ? overlaps(t.services, q.services) : undefined,
          q.medicationTypes?.length ? overlaps(t.medicationTypes, q.medicationTypes) : undefined,
          q.products?.length ? overlaps(t.products, q.products) : undefined,
          q.hasHomeDelivery === undefined ? undefined : eq(t.hasHomeDelivery, q.hasHomeDelivery),
          q.hasEmergencyService === undefined ? undefined : eq(t.hasEmergencyService, q.hasEmergencyService),
          q.minRating === undefined ? undefined : gte(t.rating, q.minRating),
          q.minReviews === undefined ? undefined : gte(t.reviewCount, q.minReviews),
          q.insurancePartners?.length ? overlapsIgnoringCase(t.insurancePartners, q.insurancePartners) : undefined,
        ],
        textColumns: [t.name, t.city],
        textArrayColumns: [t.services],
        sortColumns: { name: t.name, rating: t.rating, reviewCount: t.reviewCount, createdAt: t.createdAt },
      });
      return {
        pharmacies: rows.map(({ distanceKm, ...row }) =>
          // A pharmacy without coordinates has no distance (the shared search would report 0).
          toPharmacy(
            distanceKm === undefined || row.latitude == null || row.longitude == null ? row : { ...row, distanceKm },
          ),
        ),
        pagination: paginationOf(q.page, q.limit, total),
      };
    },
  };
}

export type PharmaciesService = ReturnType<typeof pharmaciesService>;
