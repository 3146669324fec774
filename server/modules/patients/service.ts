import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { BLOOD_GROUPS, GENDERS, INDIAN_REGIONS, type Role } from '../../../domain/enums.ts';
import { pageOffset, paginationOf, type PaginationQuery } from '../../../domain/schemas/common.ts';
import {
  PATIENT_DOCUMENT_MAX_MB,
  patientDocumentFields,
  todayInIndia,
  type createPatientBody,
  type medicalHistoryBody,
  type PatientListQuery,
  type PatientStatistics,
  type updatePatientBody,
} from '../../../domain/schemas/patients.ts';
import { isCareProvider, mayActOnRecord, type CareAction } from '../../../domain/rules/careAccess.ts';
import { medicalHistory, patientDocuments, patients, users } from '../../db/schema/index.ts';
import { inCareRelationship, sharedInCare } from '../appointments/index.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { linkCallerToProfile } from '../../platform/organisationProfiles.ts';
import { accountChanged } from '../../platform/sessionCache.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { DOCUMENT_FILE_TYPES, MB, safeFileName, type FileStore } from '../../platform/files.ts';
import { pageTotal, textMatch } from '../../platform/search.ts';

type PatientRow = typeof patients.$inferSelect;
type DocumentRow = typeof patientDocuments.$inferSelect;
type HistoryRow = typeof medicalHistory.$inferSelect;

/** Roles that may ever list patients; any other role gets 403 from GET /patients. */
export const PATIENT_LIST_ROLES: Role[] = ['ADMIN', 'PATIENT', 'DOCTOR', 'HOSPITAL'];
/** Roles that may ever change or delete a patient record (the patient themself or an admin). */
export const PATIENT_MANAGER_ROLES: Role[] = ['ADMIN', 'PATIENT'];
/** Who may create a patient profile: a User who creates their own becomes a Patient. */
export const PATIENT_CREATOR_ROLES: Role[] = [...PATIENT_MANAGER_ROLES, 'USER'];

/** read: see the record, its history and the documents it may see; record: add documents and history; manage: change or delete it. */
export type PatientAction = CareAction;

/**
 * The one authorisation rule of this area, as a condition on `patients`: which patient rows the
 * caller may act on. Decided by domain/rules/careAccess.ts (a doctor or hospital only within a care
 * relationship; only the patient or an admin manages). Every endpoint goes through it; a row
 * outside it answers 404.
 */
export function patientScope(caller: AuthUser, action: PatientAction, now: Date = new Date()): SQL {
  switch (caller.role) {
    case 'ADMIN':
      return mayActOnRecord('ADMIN', action) ? sql`true` : sql`false`;
    case 'PATIENT':
      return caller.referenceId && mayActOnRecord('SELF', action)
        ? (and(eq(patients.id, caller.referenceId), isNull(patients.deletedAt)) as SQL)
        : sql`false`;
    case 'DOCTOR':
    case 'HOSPITAL':
      if (!caller.referenceId || !mayActOnRecord('CARE', action)) return sql`false`;
      return sql`${patients.deletedAt} is null and ${inCareRelationship(caller.role, caller.referenceId, patients.id, now)}`;
    default:
      return sql`false`;
  }
}

/**
 * Which of a reachable patient's documents the caller sees (undefined: all of them). A doctor or
 * hospital sees those the patient shared with one of their appointments in a care relationship,
 * and those an account of theirs uploaded.
 */
export function documentScope(caller: AuthUser, now: Date = new Date()): SQL | undefined {
  if (caller.role === 'ADMIN' || caller.role === 'PATIENT') return undefined;
  if (!isCareProvider(caller.role) || !caller.referenceId) return sql`false`;
  const d = patientDocuments;
  return sql`(${sharedInCare(caller.role, caller.referenceId, d.id, now)}
    or ${d.uploadedBy} in (select ${users.id} from ${users} where ${users.referenceId} = ${caller.referenceId} and ${users.role} = ${caller.role}))`;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toPatient({ createdBy: _createdBy, ...row }: PatientRow) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}
const toDocument = ({ fileKey: _key, ...row }: DocumentRow) => ({ ...row, createdAt: row.createdAt.toISOString() });
const toHistory = (row: HistoryRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The columns a create or change fills: the address also gives its city and state for filtering. */
function patientColumns(input: Partial<z.output<typeof updatePatientBody>>): Partial<PatientRow> {
  const { address, ...rest } = input;
  const columns = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<PatientRow>;
  if (address !== undefined) {
    Object.assign(columns, { address, city: address?.city ?? null, state: address?.state ?? null });
  }
  return columns;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The instant the current calendar month began in India (IST has no daylight saving). */
export function monthStartInIndia(now: Date = new Date()): Date {
  const [year = 1970, month = 1] = todayInIndia(now).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, 1) - IST_OFFSET_MS);
}

const MY_PROFILE_MISSING = 'You have not created your patient profile yet.';
const NO_SUCH_PATIENT = 'There is no patient with that id.';

export function patientsService({ db, files }: { db: Db; files: FileStore }) {
  /** The patient, when the caller may do `action` with it; 404 otherwise, whether it exists or not. */
  async function reachable(caller: AuthUser, patientId: string, action: PatientAction): Promise<PatientRow> {
    const [row] = await db
      .select()
      .from(patients)
      .where(and(eq(patients.id, patientId), patientScope(caller, action)));
    if (!row) throw notFound(NO_SUCH_PATIENT);
    return row;
  }

  async function livePatient(id: string) {
    const [row] = await db
      .select()
      .from(patients)
      .where(and(eq(patients.id, id), isNull(patients.deletedAt)));
    return row;
  }

  return {
    /**
     * A patient creates their own profile, linked to their account in one transaction; an admin
     * creates a record that no account is linked to (an account can be linked later).
     */
    async create(caller: AuthUser, input: z.output<typeof createPatientBody>) {
      const values = { ...patientColumns(input), createdBy: caller.id } as typeof patients.$inferInsert;
      if (caller.role === 'ADMIN') {
        const [row] = await db.insert(patients).values(values).returning();
        return toPatient(row!);
      }
      const previous = caller.referenceId;
      // A profile that was deleted may be replaced; a live one may not.
      if (previous && (await livePatient(previous))) throw conflict('You already have a patient profile.');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(patients)
          .values({ ...values, email: values.email ?? caller.email })
          .returning();
        if (!created) throw new Error('patient insert returned nothing');
        await linkCallerToProfile(tx, caller.id, created.id, 'You already have a patient profile.', previous);
        // A User (the default role) who creates their patient profile is a Patient from now on.
        if (caller.role === 'USER') {
          await tx
            .update(users)
            .set({ role: 'PATIENT', updatedAt: new Date() })
            .where(and(eq(users.id, caller.id), eq(users.role, 'USER')));
        }
        return created;
      });
      await accountChanged(db, caller.id);
      return toPatient(row);
    },

    async mine(caller: AuthUser) {
      const row = caller.referenceId ? await livePatient(caller.referenceId) : undefined;
      if (!row) throw notFound(MY_PROFILE_MISSING);
      return toPatient(row);
    },

    async byId(caller: AuthUser, patientId: string) {
      return toPatient(await reachable(caller, patientId, 'read'));
    },

    async update(caller: AuthUser, patientId: string, input: z.output<typeof updatePatientBody>) {
      await reachable(caller, patientId, 'manage');
      const [row] = await db
        .update(patients)
        .set({ ...patientColumns(input), updatedAt: new Date() })
        .where(eq(patients.id, patientId))
        .returning();
      return toPatient(row!);
    },

    /** Soft delete: the record stays for what refers to it, but only admins can reach it afterwards. */
    async remove(caller: AuthUser, patientId: string) {
      await reachable(caller, patientId, 'manage');
      await db
        .update(patients)
        .set({ deletedAt: sql`coalesce(${patients.deletedAt}, now())`, updatedAt: new Date() })
        .where(eq(patients.id, patientId));
    },

    async list(caller: AuthUser, q: PatientListQuery) {
      const t = patients;
      const condition = and(
        patientScope(caller, 'read'),
        isNull(t.deletedAt),
        q.firstName ? textMatch(q.firstName, [t.firstName]) : undefined,
        q.lastName ? textMatch(q.lastName, [t.lastName]) : undefined,
        q.email ? textMatch(q.email, [t.email]) : undefined,
        q.phoneNumber ? eq(t.phone, q.phoneNumber) : undefined,
        q.bloodGroup ? eq(t.bloodGroup, q.bloodGroup) : undefined,
        q.city ? sql`lower(${t.city}) = ${q.city.toLowerCase()}` : undefined,
        q.state ? eq(t.state, q.state) : undefined,
      );
      const direction = q.sortOrder === 'desc' ? desc : asc;
      const first = sql`lower(${t.firstName})`;
      const last = sql`lower(${t.lastName})`;
      const keys: Record<PatientListQuery['sortBy'], SQL[]> = {
        firstName: [direction(first), direction(last)],
        lastName: [direction(last), direction(first)],
        createdAt: [direction(t.createdAt)],
        dateOfBirth: [sql`${direction(t.dateOfBirth)} nulls last`],
      };
      const rows = await db
        .select({ ...getTableColumns(t), listTotal: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(t)
        .where(condition)
        // Equal keys keep one order across pages.
        .orderBy(...keys[q.sortBy], asc(t.id))
        .limit(q.limit)
        .offset(pageOffset(q.page, q.limit));
      const total = await pageTotal(db, t, condition, q.page, rows, rows[0]?.listTotal);
      return {
        patients: rows.map(({ listTotal: _total, ...row }) => toPatient(row)),
        pagination: paginationOf(q.page, q.limit, total),
      };
    },

    /** Checks access before the upload is read, then the title, then the content (type by its bytes, size). */
    async addDocument(
      caller: AuthUser,
      patientId: string,
      readUpload: () => Promise<{ buffer: Buffer; filename: string; fields: Record<string, string> }>,
    ) {
      await reachable(caller, patientId, 'record');
      const upload = await readUpload();
      const parsed = patientDocumentFields.safeParse(upload.fields);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          path: ['body', ...i.path.map(String)].join('.'),
          message: i.message,
        }));
        throw invalid(`${issues[0]!.path}: ${issues[0]!.message}`, { issues });
      }
      const stored = await files.store(upload.buffer, DOCUMENT_FILE_TYPES, PATIENT_DOCUMENT_MAX_MB * MB);
      const [row] = await db
        .insert(patientDocuments)
        .values({
          patientId,
          title: parsed.data.title,
          fileKey: stored.key,
          fileName: safeFileName(upload.filename, stored.contentType),
          contentType: stored.contentType,
          size: stored.size,
          uploadedBy: caller.id,
        })
        .returning();
      return toDocument(row!);
    },

    async documents(caller: AuthUser, patientId: string, q: PaginationQuery) {
      await reachable(caller, patientId, 'read');
      const d = patientDocuments;
      const visible = and(eq(d.patientId, patientId), documentScope(caller));
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(d)
          .where(visible)
          .orderBy(desc(d.createdAt), desc(d.id))
          .limit(q.limit)
          .offset(pageOffset(q.page, q.limit)),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(d)
          .where(visible),
      ]);
      return { documents: rows.map(toDocument), pagination: paginationOf(q.page, q.limit, counted?.n ?? 0) };
    },

    async documentContent(caller: AuthUser, patientId: string, documentId: string) {
      await reachable(caller, patientId, 'read');
      const [row] = await db
        .select()
        .from(patientDocuments)
        .where(
          and(eq(patientDocuments.id, documentId), eq(patientDocuments.patientId, patientId), documentScope(caller)),
        );
      // Not shared with the caller's care is the same answer as not there.
      if (!row) throw notFound('There is no document with that id for this patient.');
      const content = await files.read(row.fileKey).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw notFound('The file of this document is no longer stored.');
        throw error;
      });
      return { fileName: row.fileName, contentType: row.contentType, content };
    },

    async addMedicalHistory(caller: AuthUser, patientId: string, input: z.output<typeof medicalHistoryBody>) {
      await reachable(caller, patientId, 'record');
      const [row] = await db
        .insert(medicalHistory)
        .values({ ...input, patientId, recordedBy: caller.id })
        .returning();
      return toHistory(row!);
    },

    async medicalHistory(caller: AuthUser, patientId: string, q: PaginationQuery) {
      await reachable(caller, patientId, 'read');
      const h = medicalHistory;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(h)
          .where(eq(h.patientId, patientId))
          .orderBy(desc(h.createdAt), desc(h.id))
          .limit(q.limit)
          .offset(pageOffset(q.page, q.limit)),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(h)
          .where(eq(h.patientId, patientId)),
      ]);
      return { medicalHistory: rows.map(toHistory), pagination: paginationOf(q.page, q.limit, counted?.n ?? 0) };
    },

    /** Counts over every patient that is not deleted (admins only, checked by the route). */
    async statistics(now: Date = new Date()): Promise<PatientStatistics> {
      const t = patients;
      const live = isNull(t.deletedAt);
      const monthStart = monthStartInIndia(now);
      const count = sql<number>`count(*)`.mapWith(Number);
      const [[totals], genders, bloodGroups, states] = await Promise.all([
        db
          .select({
            total: count,
            newThisMonth: sql<number>`count(*) filter (where ${t.createdAt} >= ${monthStart})`.mapWith(Number),
          })
          .from(t)
          .where(live),
        db.select({ key: t.gender, n: count }).from(t).where(live).groupBy(t.gender),
        db.select({ key: t.bloodGroup, n: count }).from(t).where(live).groupBy(t.bloodGroup),
        db.select({ key: t.state, n: count }).from(t).where(live).groupBy(t.state),
      ]);
      const tally = <T extends string>(values: readonly T[], rows: Array<{ key: string | null; n: number }>) => {
        const counts = Object.fromEntries([...values, 'UNSPECIFIED'].map((v) => [v, 0])) as Record<
          T | 'UNSPECIFIED',
          number
        >;
        for (const { key, n } of rows) {
          // A value outside the enumeration (none is written by this API) is reported as unspecified.
          const slot = key !== null && (values as readonly string[]).includes(key) ? (key as T) : 'UNSPECIFIED';
          counts[slot] += n;
        }
        return counts;
      };
      return {
        total: totals?.total ?? 0,
        newThisMonth: totals?.newThisMonth ?? 0,
        monthStartsAt: monthStart.toISOString(),
        byGender: tally(GENDERS, genders),
        byBloodGroup: tally(BLOOD_GROUPS, bloodGroups),
        byState: tally(INDIAN_REGIONS, states),
      };
    },
  };
}

export type PatientsService = ReturnType<typeof patientsService>;
