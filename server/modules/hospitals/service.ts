import { and, asc, eq } from 'drizzle-orm';
import { isListed } from '../../../domain/rules/directory.ts';
import type { z } from 'zod';
import type {
  departmentBody,
  emergencyContactBody,
  HospitalSearchQuery,
  onboardHospitalBody,
  updateHospitalBody,
} from '../../../domain/schemas/hospitals.ts';
import { paginationOf } from '../../../domain/schemas/common.ts';
import { hospitalDepartments, hospitalEmergencyContacts, hospitals } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { overlaps, overlapsIgnoringCase, searchDirectory } from '../../platform/search.ts';
import {
  assertCanManage,
  onboardOrganisation,
  placeColumns,
  withIsoDates,
} from '../../platform/organisationProfiles.ts';

type HospitalRow = typeof hospitals.$inferSelect;
const toHospital = (row: HospitalRow & { distanceKm?: number }) => withIsoDates(row);

export function hospitalsService({ db }: { db: Db }) {
  async function findHospital(id: string) {
    const [row] = await db.select().from(hospitals).where(eq(hospitals.id, id));
    return row;
  }

  async function profile(id: string) {
    const row = await findHospital(id);
    if (!row) return undefined;
    const [departments, emergencyContacts] = await Promise.all([
      db
        .select()
        .from(hospitalDepartments)
        .where(eq(hospitalDepartments.hospitalId, id))
        .orderBy(asc(hospitalDepartments.name)),
      db
        .select()
        .from(hospitalEmergencyContacts)
        .where(eq(hospitalEmergencyContacts.hospitalId, id))
        .orderBy(asc(hospitalEmergencyContacts.createdAt)),
    ]);
    const clean = <T extends { createdAt: Date }>({ createdAt: _c, ...rest }: T) => rest;
    return { ...toHospital(row), departments: departments.map(clean), emergencyContacts: emergencyContacts.map(clean) };
  }

  async function manageable(caller: AuthUser, hospitalId: string) {
    assertCanManage(caller, 'HOSPITAL', hospitalId, 'hospital');
    const row = await findHospital(hospitalId);
    if (!row) throw notFound('There is no hospital with that id.');
    return row;
  }

  return {
    /** Creates the caller's hospital and links it to their account, in one transaction. */
    async onboard(caller: AuthUser, input: z.output<typeof onboardHospitalBody>) {
      const { address, latitude, longitude, ...fields } = input;
      const created = await onboardOrganisation(db, caller, 'Your account has already onboarded a hospital.', (tx) =>
        tx
          .insert(hospitals)
          .values({ ...fields, ...placeColumns({ address, latitude, longitude }) } as typeof hospitals.$inferInsert)
          .returning({ id: hospitals.id })
          .then(([row]) => row),
      );
      return (await profile(created.id))!;
    },

    async mine(caller: AuthUser) {
      const found = caller.referenceId ? await profile(caller.referenceId) : undefined;
      if (!found) throw notFound('You have not onboarded a hospital yet.');
      return found;
    },

    /** Anyone signed in sees a verified, active hospital; the owner and admins see it in any state. */
    async byId(caller: AuthUser, id: string) {
      const found = await profile(id);
      const privileged = caller.role === 'ADMIN' || (caller.role === 'HOSPITAL' && caller.referenceId === id);
      if (!found || (!privileged && !isListed(found))) {
        throw notFound('There is no hospital with that id.');
      }
      return found;
    },

    async update(caller: AuthUser, hospitalId: string, input: z.output<typeof updateHospitalBody>) {
      await manageable(caller, hospitalId);
      const { address, latitude, longitude, ...fields } = input;
      await db
        .update(hospitals)
        .set({
          ...fields,
          ...placeColumns({ address, latitude, longitude }),
          updatedAt: new Date(),
        } as Partial<HospitalRow>)
        .where(eq(hospitals.id, hospitalId));
      return (await profile(hospitalId))!;
    },

    async addDepartment(caller: AuthUser, hospitalId: string, input: z.output<typeof departmentBody>) {
      await manageable(caller, hospitalId);
      const [row] = await db
        .insert(hospitalDepartments)
        .values({ ...input, hospitalId })
        .returning();
      const { createdAt: _c, ...department } = row!;
      return department;
    },

    async updateDepartment(
      caller: AuthUser,
      hospitalId: string,
      departmentId: string,
      input: z.output<typeof departmentBody>,
    ) {
      await manageable(caller, hospitalId);
      const [row] = await db
        .update(hospitalDepartments)
        .set(input)
        .where(and(eq(hospitalDepartments.id, departmentId), eq(hospitalDepartments.hospitalId, hospitalId)))
        .returning();
      if (!row) throw notFound('There is no department with that id in this hospital.');
      const { createdAt: _c, ...department } = row;
      return department;
    },

    async removeDepartment(caller: AuthUser, hospitalId: string, departmentId: string) {
      await manageable(caller, hospitalId);
      const removed = await db
        .delete(hospitalDepartments)
        .where(and(eq(hospitalDepartments.id, departmentId), eq(hospitalDepartments.hospitalId, hospitalId)))
        .returning({ id: hospitalDepartments.id });
      if (removed.length === 0) throw notFound('There is no department with that id in this hospital.');
    },

    async addEmergencyContact(caller: AuthUser, hospitalId: string, input: z.output<typeof emergencyContactBody>) {
      await manageable(caller, hospitalId);
      const [row] = await db
        .insert(hospitalEmergencyContacts)
        .values({ ...input, hospitalId })
        .returning();
      const { createdAt: _c, ...contact } = row!;
      return contact;
    },

    async updateEmergencyContact(
      caller: AuthUser,
      hospitalId: string,
      contactId: string,
      input: Partial<z.output<typeof emergencyContactBody>>,
    ) {
      await manageable(caller, hospitalId);
      const [row] = await db
        .update(hospitalEmergencyContacts)
        .set(input)
        .where(and(eq(hospitalEmergencyContacts.id, contactId), eq(hospitalEmergencyContacts.hospitalId, hospitalId)))
        .returning();
      if (!row) throw notFound('There is no emergency contact with that id in this hospital.');
      const { createdAt: _c, ...contact } = row;
      return contact;
    },

    async removeEmergencyContact(caller: AuthUser, hospitalId: string, contactId: string) {
      await manageable(caller, hospitalId);
      const removed = await db
        .delete(hospitalEmergencyContacts)
        .where(and(eq(hospitalEmergencyContacts.id, contactId), eq(hospitalEmergencyContacts.hospitalId, hospitalId)))
        .returning({ id: hospitalEmergencyContacts.id });
      if (removed.length === 0) throw notFound('There is no emergency contact with that id in this hospital.');
    },

    async search(caller: AuthUser, q: HospitalSearchQuery) {
      const t = hospitals;
      const { rows, total } = await searchDirectory<HospitalRow>({
        db,
        table: t,
        query: q,
        isAdmin: caller.role === 'ADMIN',
        filters: [
          q.hospitalType ? eq(t.hospitalType, q.hospitalType) : undefined,
          q.specialties?.length ? overlaps(t.specialties, q.specialties) : undefined,
          q.emergencyServices === undefined ? undefined : eq(t.emergencyServices, q.emergencyServices),
          q.icuAvailability === undefined ? undefined : eq(t.icuAvailability, q.icuAvailability),
          q.ambulanceService === undefined ? undefined : eq(t.ambulanceService, q.ambulanceService),
          q.insurancePartners?.length ? overlapsIgnoringCase(t.insurancePartners, q.insurancePartners) : undefined,
        ],
        textColumns: [t.name, t.city],
        textArrayColumns: [t.specialties],
        sortColumns: { name: t.name, rating: t.rating, createdAt: t.createdAt, totalBeds: t.totalBeds },
      });
      return { hospitals: rows.map(toHospital), pagination: paginationOf(q.page, q.limit, total) };
    },
  };
}

export type HospitalsService = ReturnType<typeof hospitalsService>;
