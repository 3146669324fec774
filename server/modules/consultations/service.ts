import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { APPOINTMENT_VISIT_WORKFLOW } from '../../../domain/rules/appointments.ts';
import {
  CONSULTATION_RECORD_WORKFLOW,
  CONSULTATION_WORKFLOW,
  type ConsultationParty,
  type ConsultationRecordAction,
  mayRecord,
} from '../../../domain/rules/consultations.ts';
import type {
  consultationListQuery,
  createConsultationBody,
  updateConsultationBody,
} from '../../../domain/schemas/consultations.ts';
import { paginationOf, type PaginationQuery } from '../../../domain/schemas/common.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, consultations, doctors, patients } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { recordHistory, runTransition } from '../../platform/workflow.ts';
import { diagnosticsAfterVisit } from './diagnosticsLink.ts';
import { appointmentPartyOf, inCareRelationship, loadAppointment } from '../appointments/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { audit } from './audit.ts';
import { chargeConsultationFee } from './billing.ts';
import { patientChartConsultations } from './chart.ts';
import {
  NO_SUCH,
  listConsultations,
  loadConsultation,
  loadParts,
  partyOf,
  reachConsultation,
  toConsultation,
  type ConsultationView,
} from './queries.ts';

/** What the consultation use cases need. */
export type ConsultationsDeps = { db: Db; notify: Pick<NotificationsService, 'notifyProfiles'> };

const FIELDS = [
  'consultationType',
  'visitType',
  'severity',
  'chiefComplaint',
  'history',
  'examination',
  'advice',
  'followUp',
] as const;

/**
 * A change to the record that keeps the status (writing a part, acknowledging an alert): the row
 * locked, the record workflow asked (404 not on it, 403 wrong side, 409 closed), the change made and
 * audited in one transaction.
 */
export async function changeRecord<T>(
  db: Db,
  caller: AuthUser,
  id: string,
  action: ConsultationRecordAction,
  change: (
    tx: Tx,
    row: ConsultationView,
    party: ConsultationParty,
  ) => Promise<{ result: T; what: string; auditAction: string }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: consultations.id }).from(consultations).where(eq(consultations.id, id)).for('update');
    const row = await loadConsultation(tx, id);
    const party = row ? partyOf(caller, row, null) : null;
    const decision = CONSULTATION_RECORD_WORKFLOW.decide(action, party, row);
    if (!decision.ok) {
      if (decision.refusal === 'NOT_FOUND') throw notFound(NO_SUCH);
      if (decision.refusal === 'FORBIDDEN') throw forbidden(decision.message);
      throw conflict(decision.message, { status: row!.status });
    }
    const done = await change(tx, row!, party!);
    await tx.update(consultations).set({ updatedAt: new Date() }).where(eq(consultations.id, id));
    await audit(tx, caller, row!, party, done.auditAction, done.what);
    return done.result;
  });
}

export function consultationsService(deps: ConsultationsDeps) {
  const { db } = deps;

  async function view(caller: AuthUser, id: string, executor: Db | Tx = db) {
    const { row, party, grant } = await reachConsultation(executor, caller, id);
    return toConsultation(row, await loadParts(executor, id), party, grant?.expiresAt ?? null);
  }

  /** A walk-in: the hospital's own patient (in its care) or one it registers now, with one of its doctors. */
  async function walkIn(caller: AuthUser, input: z.output<typeof createConsultationBody>) {
    if (caller.role !== 'HOSPITAL' || !caller.referenceId) {
      throw forbidden('Only a hospital registers a walk-in. Start a consultation from an appointment.');
    }
    const hospitalId = caller.referenceId;
    if (input.doctorId) {
      const [doctor] = await db
        .select({ id: doctors.id })
        .from(doctors)
        .where(and(eq(doctors.id, input.doctorId), eq(doctors.hospitalId, hospitalId)));
      if (!doctor) throw notFound('There is no such doctor at this hospital.');
    }
    const status = input.startNow ? 'IN_PROGRESS' : 'SCHEDULED';
    const id = await db.transaction(async (tx) => {
      let patientId = input.patientId;
      if (patientId) {
        const [found] = await tx
          .select({ id: patients.id })
          .from(patients)
          .where(
            and(
              eq(patients.id, patientId),
              sql`${patients.deletedAt} is null`,
              inCareRelationship('HOSPITAL', hospitalId, patients.id),
            ),
          );
        if (!found) throw notFound('There is no such patient in your care. Register the walk-in as a new patient.');
      } else {
        const p = input.newPatient!;
        const [created] = await tx
          .insert(patients)
          .values({
            firstName: p.firstName,
            lastName: p.lastName,
            phone: p.phone ?? null,
            dateOfBirth: p.dateOfBirth ?? null,
            gender: p.gender ?? null,
            allergies: p.allergies,
            createdBy: caller.id,
          })
          .returning({ id: patients.id });
        patientId = created!.id;
      }
      const [row] = await tx
        .insert(consultations)
        .values({
          patientId,
          hospitalId,
          doctorId: input.doctorId ?? null,
          status,
          consultationType: input.consultationType,
          visitType: input.visitType,
          chiefComplaint: input.chiefComplaint ?? '',
          startedAt: input.startNow ? new Date() : null,
          createdBy: caller.id,
        })
        .returning({ id: consultations.id });
      await recordHistory(tx, 'consultation', [
        {
          entityId: row!.id,
          action: 'CREATE',
          actor: { userId: caller.id, role: caller.role },
          from: 'SCHEDULED',
          to: status,
          reason: 'Walk-in',
        },
      ]);
      const full = (await loadConsultation(tx, row!.id))!;
      await audit(tx, caller, full, 'TREATING', 'CREATE', 'Registered a walk-in consultation');
      return row!.id;
    });
    return view(caller, id);
  }

  /** From an accepted or confirmed appointment: the consultation is the visit, so the appointment moves on too. */
  async function fromAppointment(caller: AuthUser, input: z.output<typeof createConsultationBody>) {
    const appointmentId = input.appointmentId!;
    const status = input.startNow ? 'IN_PROGRESS' : 'SCHEDULED';
    const { written } = await runTransition(db, {
      workflow: APPOINTMENT_VISIT_WORKFLOW,
      table: appointments,
      id: appointmentId,
      action: 'START_VISIT',
      actor: { userId: caller.id, role: caller.role },
      load: (tx) => loadAppointment(tx, appointmentId),
      partyOf: (row) => {
        const party = appointmentPartyOf(caller, row);
        return party === 'ADMIN' ? null : party;
      },
      async write(tx, appointment, to) {
        const [existing] = await tx
          .select({ id: consultations.id })
          .from(consultations)
          .where(eq(consultations.appointmentId, appointmentId));
        if (existing) throw conflict('This appointment already has its consultation.', { consultationId: existing.id });
        await tx
          .update(appointments)
          .set({ ...(to === 'UNCHANGED' ? {} : { status: to }), updatedAt: new Date() })
          .where(eq(appointments.id, appointmentId));
        const [row] = await tx
          .insert(consultations)
          .values({
            appointmentId,
            patientId: appointment.patientId,
            doctorId: appointment.doctorId,
            hospitalId: appointment.hospitalId,
            status,
            consultationType:
              appointment.mode === 'VIRTUAL' ? 'VIDEO' : appointment.mode === 'HOME_VISIT' ? 'HOME_VISIT' : 'IN_PERSON',
            visitType: input.visitType,
            chiefComplaint: input.chiefComplaint ?? appointment.reason,
            startedAt: input.startNow ? new Date() : null,
            createdBy: caller.id,
          })
          .returning({ id: consultations.id });
        await recordHistory(tx, 'consultation', [
          {
            entityId: row!.id,
            action: 'CREATE',
            actor: { userId: caller.id, role: caller.role },
            from: 'SCHEDULED',
            to: status,
            reason: null,
          },
        ]);
        const full = (await loadConsultation(tx, row!.id))!;
        await audit(tx, caller, full, 'TREATING', 'CREATE', 'Started the consultation from the appointment');
        return { id: row!.id, reason: 'Consultation started' };
      },
    });
    return view(caller, written.id);
  }

  return {
    create(caller: AuthUser, input: z.output<typeof createConsultationBody>) {
      return input.appointmentId ? fromAppointment(caller, input) : walkIn(caller, input);
    },

    async list(caller: AuthUser, query: z.output<typeof consultationListQuery>) {
      if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
        throw invalid('dateFrom must be on or before dateTo.', {
          issues: [{ path: 'query.dateFrom', message: 'dateFrom must be on or before dateTo' }],
        });
      }
      const from = query.dateFrom ? new Date(`${query.dateFrom}T00:00:00+05:30`) : undefined;
      const to = query.dateTo ? new Date(new Date(`${query.dateTo}T00:00:00+05:30`).getTime() + 86_400_000) : undefined;
      const where = and(
        query.patientId ? eq(consultations.patientId, query.patientId) : undefined,
        query.doctorId ? eq(consultations.doctorId, query.doctorId) : undefined,
        query.hospitalId ? eq(consultations.hospitalId, query.hospitalId) : undefined,
        query.status ? eq(consultations.status, query.status) : undefined,
        query.consultationType ? eq(consultations.consultationType, query.consultationType) : undefined,
        from ? gte(consultations.createdAt, from) : undefined,
        to ? lt(consultations.createdAt, to) : undefined,
      );
      const { items, total } = await listConsultations(db, caller, where, query.page, query.limit);
      return { consultations: items, pagination: paginationOf(query.page, query.limit, total) };
    },

    /** The whole record; the read is in the audit log (under emergency access, marked so). */
    async byId(caller: AuthUser, id: string) {
      const { row, party, grant } = await reachConsultation(db, caller, id);
      await audit(
        db,
        caller,
        row,
        party,
        'READ',
        party === 'EMERGENCY' ? 'Opened the record under emergency access' : 'Opened the record',
      );
      return toConsultation(row, await loadParts(db, id), party, grant?.expiresAt ?? null);
    },

    view,

    /** The patient chart's consultations (the caller's own with this patient, within a care relationship). */
    chart: (caller: AuthUser, patientId: string, query: PaginationQuery) =>
      patientChartConsultations(db, caller, patientId, query),

    async update(caller: AuthUser, id: string, body: z.output<typeof updateConsultationBody>) {
      const fields = Object.fromEntries(FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      const changed = Object.keys(fields);
      if (!body.action) {
        if (changed.length === 0) throw invalid('Nothing to change.');
        await changeRecord(db, caller, id, 'RECORD', async (tx) => {
          await tx.update(consultations).set(fields).where(eq(consultations.id, id));
          return { result: null, what: `Changed ${changed.join(', ')}`, auditAction: 'UPDATE' };
        });
        return view(caller, id);
      }
      const action = body.action;
      await runTransition(db, {
        workflow: CONSULTATION_WORKFLOW,
        table: consultations,
        id,
        action,
        actor: { userId: caller.id, role: caller.role },
        load: (tx) => loadConsultation(tx, id),
        partyOf: (row) => partyOf(caller, row, null),
        async write(tx, row, to, party) {
          if (changed.length > 0 && !mayRecord(party, row.status)) {
            throw conflict(`This consultation is closed for changes: ${changed.join(', ')} cannot be changed now.`, {
              status: row.status,
            });
          }
          const now = new Date();
          await tx
            .update(consultations)
            .set({
              ...fields,
              ...(to === 'UNCHANGED' ? {} : { status: to }),
              ...(action === 'START' ? { startedAt: now } : {}),
              ...(action === 'COMPLETE_CONSULTATION' ? { completedAt: now } : {}),
              updatedAt: now,
            })
            .where(eq(consultations.id, id));
          if (action === 'COMPLETE_CONSULTATION' && row.appointmentId)
            await completeVisit(tx, caller, row.appointmentId);
          if (action === 'COMPLETE_CONSULTATION') await chargeConsultationFee(tx, row);
          await audit(
            tx,
            caller,
            row,
            party,
            action,
            `${CONSULTATION_WORKFLOW.actions[action].label}${body.reason ? `: ${body.reason}` : ''}`,
          );
          return { reason: body.reason ?? null, row };
        },
        async announce(_written, row) {
          if (action === 'COMPLETE_CONSULTATION') {
            await deps.notify.notifyProfiles(
              [row.patientId],
              {
                title: 'Your consultation record is ready',
                message: `${row.doctorName ?? row.hospitalName ?? 'Your doctor'} has completed your consultation. Read it in Medical records.`,
                type: 'CONSULTATION_UPDATE',
                data: { url: `/consultations/${row.id}` },
              },
              caller.id,
            );
          }
        },
      });
      // Tests ordered during the visit: the consultation now waits for them (DIAGNOSTICS_ORDERED).
      if (action === 'COMPLETE_CONSULTATION') await diagnosticsAfterVisit(db, id);
      return view(caller, id);
    },
  };
}

/** Completing the consultation completes its appointment (the visit happened), when the appointment still allows it. */
async function completeVisit(tx: Tx, caller: AuthUser, appointmentId: string) {
  await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, appointmentId)).for('update');
  const appointment = await loadAppointment(tx, appointmentId);
  if (!appointment) return;
  const decision = APPOINTMENT_VISIT_WORKFLOW.decide('COMPLETE_VISIT', 'PROVIDER', appointment);
  if (!decision.ok || decision.to === 'UNCHANGED') return;
  await tx
    .update(appointments)
    .set({ status: decision.to, updatedAt: new Date() })
    .where(eq(appointments.id, appointmentId));
  await recordHistory(tx, 'appointment', [
    {
      entityId: appointmentId,
      action: 'COMPLETE_VISIT',
      actor: { userId: caller.id, role: caller.role },
      from: appointment.status,
      to: decision.to,
      reason: 'The consultation was completed',
    },
  ]);
}

export type ConsultationsService = ReturnType<typeof consultationsService>;
