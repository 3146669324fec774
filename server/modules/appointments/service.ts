import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppointmentStatus } from '../../../domain/enums.ts';
import {
  SLOT_HOLDING_STATUSES,
  appointmentEnd,
  checkTransition,
  type AppointmentAction,
  type AppointmentParty,
} from '../../../domain/rules/appointments.ts';
import { isCareRelationship } from '../../../domain/rules/careAccess.ts';
import type {
  AppointmentDocuments,
  DocumentShare,
  appointmentListQuery,
  appointmentSearchBody,
  bookAppointmentBody,
  conversationQuery,
} from '../../../domain/schemas/appointments.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointmentDocuments,
  appointmentMessages,
  appointments,
  doctors,
  hospitals,
  patientDocuments,
  patients,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { listedInDirectory } from '../../platform/search.ts';
import { addEventLine, announce, type AnnounceDeps } from './messages.ts';
import {
  listAppointments,
  loadAppointment,
  partyOf,
  patientName,
  toAppointment,
  toMessage,
  type AppointmentView,
} from './queries.ts';

const NO_SUCH_APPOINTMENT = 'There is no such appointment.';
const NO_SUCH_DOCUMENT = 'There is no such document among yours.';
const SLOT_TAKEN = 'That time is already taken with this doctor. Choose another time.';

/** PostgreSQL's exclusion_violation: the doctor already holds an overlapping appointment. */
function isSlotTaken(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23P01';
}

/**
 * Serialises the changes that take a doctor's time, inside the transaction. The exclusion constraint
 * alone is enough for correctness, but concurrent inserts into one slot can deadlock on it
 * (PostgreSQL aborts one after a second); queueing them per doctor first makes the loser a clean 409.
 */
async function lockDoctorSlots(tx: Tx, doctorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('caremesh.doctor-slots'), hashtext(${doctorId}::text))`);
}

function actorOf(caller: AuthUser): Actor {
  return caller.role === 'PATIENT' || caller.role === 'DOCTOR' || caller.role === 'HOSPITAL' ? caller.role : 'SYSTEM';
}

/** What the appointment use cases need. */
export type AppointmentsDeps = AnnounceDeps & { db: Db };

export function appointmentsService(deps: AppointmentsDeps) {
  const { db, realtime, notify } = deps;

  /** The name a party speaks with in the conversation. */
  async function nameOf(caller: AuthUser, row: AppointmentView): Promise<string> {
    if (caller.role === 'PATIENT') return row.patientName;
    if (caller.role === 'DOCTOR') return row.doctorName ?? caller.name ?? 'The doctor';
    if (caller.role === 'HOSPITAL') return row.hospitalName ?? caller.name ?? 'The hospital';
    return caller.name ?? 'CareMesh';
  }

  /**
   * One transition, decided by the domain's state machine on the row locked for this transaction:
   * of two conflicting changes at once, the second sees the first's result.
   */
  async function transition(
    caller: AuthUser,
    id: string,
    action: AppointmentAction,
    change: (row: AppointmentView) => Partial<typeof appointments.$inferInsert>,
  ) {
    const now = new Date();
    let previousStart = now;
    let actorName = '';
    let party: AppointmentParty = 'SYSTEM';
    const result = await db
      .transaction(async (tx) => {
        const row = await loadAppointment(tx, id, true);
        const found = row ? partyOf(caller, row) : null;
        if (!row || !found) throw notFound(NO_SUCH_APPOINTMENT);
        party = found;
        const check = checkTransition(action, party, row, now);
        if (!check.ok) {
          if (check.reason === 'PARTY') throw forbidden(check.message);
          throw conflict(check.message, { status: row.status });
        }
        previousStart = row.scheduledAt;
        if (action === 'ACCEPT_RESCHEDULE' && row.doctorId) await lockDoctorSlots(tx, row.doctorId);
        actorName = await nameOf(caller, row);
        const values = change(row);
        const [updated] = await tx
          .update(appointments)
          .set({
            ...values,
            ...(check.to === 'UNCHANGED' ? {} : { status: check.to as AppointmentStatus }),
            lastActor: actorOf(caller),
            updatedAt: now,
          })
          .where(eq(appointments.id, id))
          .returning();
        const next = { ...row, ...updated! };
        const message =
          action === 'DELETE'
            ? null
            : await addEventLine(tx, next, action, { userId: caller.id, role: actorOf(caller), name: actorName });
        return { row: next, message };
      })
      .catch((error: unknown) => {
        if (isSlotTaken(error)) throw conflict('That time has been taken meanwhile. Propose or choose another time.');
        throw error;
      });
    await announce(
      deps,
      action,
      result.row,
      result.message,
      { userId: caller.id, name: actorName, side: party },
      previousStart,
    );
    return { appointment: toAppointment(result.row, party), message: result.message };
  }

  async function assertSlotFree(doctorId: string, start: Date, end: Date, exceptId?: string) {
    const [clash] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, doctorId),
          isNull(appointments.deletedAt),
          inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
          sql`tstzrange(${appointments.scheduledAt}, ${appointments.endsAt}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
          exceptId ? sql`${appointments.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    if (clash) throw conflict('The doctor already has an appointment at that time. Propose another time.');
  }

  return {
    async book(caller: AuthUser, input: z.output<typeof bookAppointmentBody>) {
      if (!caller.referenceId) {
        throw invalid('Create your patient profile before booking (My Profile → Create profile).', {
          reason: 'PROFILE_REQUIRED',
        });
      }
      // One round trip for everyone involved; only doctors and hospitals the directory shows can be booked.
      const [found] = await db
        .select({
          patientId: patients.id,
          patientName,
          doctorId: sql<
            string | null
          >`(select ${doctors.id} from ${doctors} where ${doctors.id} = ${input.doctorId ?? null}::uuid and ${listedInDirectory(doctors)})`,
          doctorName: sql<
            string | null
          >`(select ${doctors.name} from ${doctors} where ${doctors.id} = ${input.doctorId ?? null}::uuid)`,
          doctorHospitalId: sql<
            string | null
          >`(select ${doctors.hospitalId} from ${doctors} where ${doctors.id} = ${input.doctorId ?? null}::uuid)`,
          hospitalId: sql<
            string | null
          >`(select ${hospitals.id} from ${hospitals} where ${hospitals.id} = ${input.hospitalId ?? null}::uuid and ${listedInDirectory(hospitals)})`,
          hospitalName: sql<
            string | null
          >`(select ${hospitals.name} from ${hospitals} where ${hospitals.id} = ${input.hospitalId ?? null}::uuid)`,
        })
        .from(patients)
        .where(and(eq(patients.id, caller.referenceId), isNull(patients.deletedAt)));
      if (!found) {
        throw invalid('Create your patient profile before booking (My Profile → Create profile).', {
          reason: 'PROFILE_REQUIRED',
        });
      }
      if (input.doctorId && !found.doctorId) throw notFound('There is no such doctor taking appointments.');
      if (input.hospitalId && !found.hospitalId) throw notFound('There is no such hospital taking appointments.');
      if (found.doctorId && found.hospitalId && found.doctorHospitalId !== found.hospitalId) {
        throw invalid(`${found.doctorName} does not practise at this hospital.`, {
          issues: [{ path: 'body.hospitalId', message: `${found.doctorName} does not practise at this hospital` }],
        });
      }
      const start = new Date(input.scheduledAt);
      const end = appointmentEnd(start, input.durationMinutes);
      const created = await db
        .transaction(async (tx) => {
          if (found.doctorId) await lockDoctorSlots(tx, found.doctorId);
          const [inserted] = await tx
            .insert(appointments)
            .values({
              patientId: found.patientId,
              doctorId: found.doctorId,
              hospitalId: found.hospitalId,
              scheduledAt: start,
              durationMinutes: input.durationMinutes,
              endsAt: end,
              mode: input.mode,
              reason: input.reason,
              status: 'PENDING',
              lastActor: 'PATIENT',
              createdBy: caller.id,
            })
            .returning();
          const row = {
            ...inserted!,
            patientName: found.patientName,
            doctorName: found.doctorName,
            hospitalName: found.hospitalName,
          };
          const message = await addEventLine(tx, row, 'BOOK', {
            userId: caller.id,
            role: 'PATIENT',
            name: row.patientName,
          });
          return { row, message };
        })
        .catch((error: unknown) => {
          if (isSlotTaken(error)) throw conflict(SLOT_TAKEN, { reason: 'SLOT_TAKEN' });
          throw error;
        });
      await announce(
        deps,
        'BOOK',
        created.row,
        created.message,
        { userId: caller.id, name: created.row.patientName, side: 'PATIENT' },
        start,
      );
      return toAppointment(created.row, 'PATIENT');
    },

    async byId(caller: AuthUser, id: string) {
      const row = await loadAppointment(db, id);
      const party = row ? partyOf(caller, row) : null;
      if (!row || !party) throw notFound(NO_SUCH_APPOINTMENT);
      return toAppointment(row, party);
    },

    list(caller: AuthUser, query: z.output<typeof appointmentListQuery>) {
      const where = query.status && query.status.length > 0 ? inArray(appointments.status, query.status) : undefined;
      return listAppointments(db, caller, where, query.page, query.limit, [
        asc(appointments.scheduledAt),
        asc(appointments.id),
      ]);
    },

    search(caller: AuthUser, body: z.output<typeof appointmentSearchBody>) {
      const text = body.searchQuery ? `%${body.searchQuery.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        body.status?.length ? inArray(appointments.status, body.status) : undefined,
        body.mode?.length ? inArray(appointments.mode, body.mode) : undefined,
        body.patientId ? eq(appointments.patientId, body.patientId) : undefined,
        body.doctorId ? eq(appointments.doctorId, body.doctorId) : undefined,
        body.hospitalId ? eq(appointments.hospitalId, body.hospitalId) : undefined,
        body.from ? gte(appointments.scheduledAt, new Date(body.from)) : undefined,
        body.to ? lte(appointments.scheduledAt, new Date(body.to)) : undefined,
        text
          ? or(
              ilike(appointments.reason, text),
              ilike(patientName, text),
              ilike(doctors.name, text),
              ilike(hospitals.name, text),
            )
          : undefined,
      );
      const column = appointments[body.sortBy];
      const order =
        body.sortOrder === 'desc' ? [desc(column), desc(appointments.id)] : [asc(column), asc(appointments.id)];
      return listAppointments(db, caller, where, body.page, body.limit, order, Boolean(text));
    },

    decide(caller: AuthUser, id: string, decision: 'ACCEPT' | 'REJECT', reason?: string) {
      return transition(caller, id, decision, () => ({ statusReason: reason ?? null }));
    },

    confirm(caller: AuthUser, id: string, note?: string) {
      return transition(caller, id, 'CONFIRM', () => ({ statusReason: note ?? null }));
    },

    cancel(caller: AuthUser, id: string, reason: string) {
      return transition(caller, id, 'CANCEL', () => ({
        statusReason: reason,
        proposedAt: null,
        proposedDurationMinutes: null,
      }));
    },

    async proposeReschedule(
      caller: AuthUser,
      id: string,
      input: { scheduledAt: string; durationMinutes?: number; reason?: string },
    ) {
      const current = await loadAppointment(db, id);
      if (!current || !partyOf(caller, current)) throw notFound(NO_SUCH_APPOINTMENT);
      const start = new Date(input.scheduledAt);
      const minutes = input.durationMinutes ?? current.durationMinutes;
      if (start.getTime() === current.scheduledAt.getTime() && minutes === current.durationMinutes) {
        throw invalid('Propose a time that differs from the current one.');
      }
      if (current.doctorId) await assertSlotFree(current.doctorId, start, appointmentEnd(start, minutes), id);
      return transition(caller, id, 'PROPOSE_RESCHEDULE', () => ({
        proposedAt: start,
        proposedDurationMinutes: minutes,
        statusReason: input.reason ?? null,
      }));
    },

    respondToReschedule(caller: AuthUser, id: string, decision: 'ACCEPT' | 'DECLINE', reason?: string) {
      if (decision === 'DECLINE') {
        return transition(caller, id, 'DECLINE_RESCHEDULE', () => ({
          proposedAt: null,
          proposedDurationMinutes: null,
          statusReason: reason ?? null,
        }));
      }
      return transition(caller, id, 'ACCEPT_RESCHEDULE', (row) => {
        const start = row.proposedAt ?? row.scheduledAt;
        const minutes = row.proposedDurationMinutes ?? row.durationMinutes;
        if (start.getTime() <= Date.now()) {
          throw conflict('The proposed time has already passed. Ask for another time in the conversation.', {
            status: row.status,
          });
        }
        return {
          scheduledAt: start,
          durationMinutes: minutes,
          endsAt: appointmentEnd(start, minutes),
          proposedAt: null,
          proposedDurationMinutes: null,
          statusReason: reason ?? null,
        };
      });
    },

    recordOutcome(caller: AuthUser, id: string, outcome: 'COMPLETED' | 'NO_SHOW', note?: string) {
      return transition(caller, id, outcome === 'COMPLETED' ? 'COMPLETE' : 'MARK_NO_SHOW', () => ({
        statusReason: note ?? null,
      }));
    },

    async remove(caller: AuthUser, id: string) {
      await transition(caller, id, 'DELETE', () => ({ deletedAt: new Date() }));
    },

    async conversation(caller: AuthUser, id: string, query: z.output<typeof conversationQuery>) {
      await this.byId(caller, id);
      const where = eq(appointmentMessages.appointmentId, id);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(appointmentMessages)
          .where(where)
          .orderBy(desc(appointmentMessages.createdAt), desc(appointmentMessages.id))
          .limit(query.limit)
          .offset(pageOffset(query.page, query.limit)),
        db.select({ n: count() }).from(appointmentMessages).where(where),
      ]);
      return { messages: rows.map(toMessage), pagination: paginationOf(query.page, query.limit, total?.n ?? 0) };
    },

    async sendMessage(caller: AuthUser, id: string, body: string) {
      const row = await loadAppointment(db, id);
      const party = row ? partyOf(caller, row) : null;
      if (!row || !party) throw notFound(NO_SUCH_APPOINTMENT);
      if (party === 'ADMIN')
        throw forbidden('Only the patient, the doctor and the hospital write in an appointment’s conversation.');
      const name = await nameOf(caller, row);
      const [inserted] = await db
        .insert(appointmentMessages)
        .values({
          appointmentId: id,
          kind: 'MESSAGE',
          authorRole: actorOf(caller),
          authorUserId: caller.id,
          authorName: name,
          body,
        })
        .returning();
      const message = toMessage(inserted!);
      for (const room of [row.patientId, row.doctorId, row.hospitalId]) {
        if (room) realtime.emit(room, 'messageToTheConversation', { appointmentId: id, message });
      }
      const others = [party === 'PATIENT' ? null : row.patientId, row.doctorId, row.hospitalId].filter(
        (ref): ref is string => Boolean(ref) && ref !== caller.referenceId,
      );
      await notify.notifyProfiles(
        others,
        {
          title: `New message from ${name}`,
          message: body.length > 140 ? `${body.slice(0, 139)}…` : body,
          type: 'APPOINTMENT_UPDATE',
          data: { appointmentId: id, url: `/appointments/${id}` },
        },
        caller.id,
      );
      return message;
    },

    /**
     * The documents the patient shared with the appointment, newest share first: to the patient and
     * an admin always; to its doctor and hospital only while it is a care relationship
     * (domain/rules/careAccess.ts), an empty list otherwise.
     */
    async sharedDocuments(caller: AuthUser, id: string): Promise<AppointmentDocuments> {
      const row = await loadAppointment(db, id);
      const party = row ? partyOf(caller, row) : null;
      if (!row || !party) throw notFound(NO_SUCH_APPOINTMENT);
      const careRelationship = isCareRelationship(row);
      if (party === 'PROVIDER' && !careRelationship) return { documents: [], careRelationship };
      const rows = await db
        .select({ document: patientDocuments, sharedAt: appointmentDocuments.sharedAt })
        .from(appointmentDocuments)
        .innerJoin(patientDocuments, eq(patientDocuments.id, appointmentDocuments.documentId))
        .where(and(eq(appointmentDocuments.appointmentId, id), eq(patientDocuments.patientId, row.patientId)))
        .orderBy(desc(appointmentDocuments.sharedAt), desc(patientDocuments.id));
      return {
        documents: rows.map(({ document: { fileKey: _key, ...document }, sharedAt }) => ({
          ...document,
          createdAt: document.createdAt.toISOString(),
          sharedAt: sharedAt.toISOString(),
        })),
        careRelationship,
      };
    },

    /** The patient shares one of their documents with their appointment (sharing it again changes nothing). */
    async shareDocument(caller: AuthUser, id: string, documentId: string): Promise<DocumentShare> {
      const row = await loadAppointment(db, id);
      if (!row || partyOf(caller, row) !== 'PATIENT') throw notFound(NO_SUCH_APPOINTMENT);
      const [document] = await db
        .select({ id: patientDocuments.id })
        .from(patientDocuments)
        .where(and(eq(patientDocuments.id, documentId), eq(patientDocuments.patientId, row.patientId)));
      if (!document) throw notFound(NO_SUCH_DOCUMENT);
      await db
        .insert(appointmentDocuments)
        .values({ appointmentId: id, documentId, sharedBy: caller.id })
        .onConflictDoNothing();
      const [share] = await db
        .select({ sharedAt: appointmentDocuments.sharedAt })
        .from(appointmentDocuments)
        .where(and(eq(appointmentDocuments.appointmentId, id), eq(appointmentDocuments.documentId, documentId)));
      return { appointmentId: id, documentId, sharedAt: share!.sharedAt.toISOString() };
    },

    /** The patient stops sharing a document with their appointment; its doctor and hospital no longer open it through it. */
    async unshareDocument(caller: AuthUser, id: string, documentId: string) {
      const row = await loadAppointment(db, id);
      if (!row || partyOf(caller, row) !== 'PATIENT') throw notFound(NO_SUCH_APPOINTMENT);
      const removed = await db
        .delete(appointmentDocuments)
        .where(and(eq(appointmentDocuments.appointmentId, id), eq(appointmentDocuments.documentId, documentId)))
        .returning({ documentId: appointmentDocuments.documentId });
      if (removed.length === 0) throw notFound('This document is not shared with this appointment.');
    },
  };
}

export type AppointmentsService = ReturnType<typeof appointmentsService>;
