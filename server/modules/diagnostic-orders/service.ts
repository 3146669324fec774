import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DiagnosticTestStatus } from '../../../domain/enums.ts';
import { isListed } from '../../../domain/rules/directory.ts';
import {
  BEFORE_COLLECTION,
  CLOSED_TEST_STATUSES,
  DIAGNOSTIC_TEST_WORKFLOW,
} from '../../../domain/rules/diagnosticOrders.ts';
import { hasDuty } from '../../../domain/rules/teams.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type {
  createOrderBody,
  OrderListQuery,
  statsQuery,
  updateOrderBody,
} from '../../../domain/schemas/diagnosticOrders.ts';
import type { ReportsQuery } from '../../../domain/schemas/diagnosticReports.ts';
import type { Tx } from '../../db/client.ts';
import {
  diagnosticOrderTests,
  diagnosticOrders,
  diagnosticsCentres,
  doctors,
  patients,
  users,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { DOCUMENT_FILE_TYPES, MB, safeFileName } from '../../platform/files.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { accrueDiagnosticOrder } from '../affiliations/index.ts';
import { inCareRelationship } from '../appointments/index.ts';
import { catalogueEntries } from './catalogue.ts';
import { addDaysToDate, startOfDayInIndia } from './dates.ts';
import { ORDER_FILE_MAX_MB, assertAnyDuty, refreshOrderStatus, type DiagnosticOrdersDeps } from './deps.ts';
import { announceAssignment, announceChange, announceNewOrder } from './messages.ts';
import { NO_SUCH_ORDER, listOrders, loadOrder, orderFilters, orderView, partyOf, type OrderRow } from './queries.ts';
import { listReports } from './reports.ts';
import { orderStats } from './stats.ts';

export { ORDER_FILE_MAX_MB } from './deps.ts';

export function diagnosticOrdersService(deps: DiagnosticOrdersDeps) {
  const { db, files } = deps;
  const actor = (caller: AuthUser) => ({ userId: caller.id, role: caller.role });

  /** The patient an order is for: the caller themself, or one in the doctor's or hospital's care. */
  async function patientFor(caller: AuthUser, patientId: string | undefined): Promise<string> {
    const ref = caller.referenceId;
    if (caller.role === 'PATIENT') {
      if (!ref) throw notFound('Create your patient profile before booking tests.');
      if (patientId && patientId !== ref) throw notFound('There is no patient with that id.');
      return ref;
    }
    if (!patientId)
      throw invalid('Choose the patient the tests are for.', {
        issues: [{ path: 'body.patientId', message: 'Required' }],
      });
    if (!ref || (caller.role !== 'DOCTOR' && caller.role !== 'HOSPITAL'))
      throw notFound('There is no patient with that id.');
    const [patient] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(eq(patients.id, patientId), isNull(patients.deletedAt), inCareRelationship(caller.role, ref, patients.id)),
      );
    if (!patient) throw notFound('There is no patient with that id in your care.');
    return patient.id;
  }

  /** Locks the order and checks the caller is on it. */
  async function lockedOrder(tx: Tx, caller: AuthUser, orderId: string) {
    await tx
      .select({ id: diagnosticOrders.id })
      .from(diagnosticOrders)
      .where(eq(diagnosticOrders.id, orderId))
      .for('update');
    const order = await loadOrder(tx, caller, orderId);
    const party = order ? partyOf(caller, order) : null;
    if (!order || !party) throw notFound(NO_SUCH_ORDER);
    const tests = await tx.select().from(diagnosticOrderTests).where(eq(diagnosticOrderTests.orderId, orderId));
    return { order, party, tests };
  }

  async function assertCollector(tx: Tx, centreId: string, userId: string) {
    const [member] = await tx
      .select({ isOwner: users.isOwner, duties: users.duties, role: users.role, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.referenceId, centreId), eq(users.role, 'DIAGNOSTICS')));
    if (!member || member.deactivatedAt) throw notFound('There is no such member in your centre’s team.');
    if (!hasDuty(member, 'FIELD_COLLECTOR')) {
      throw conflict('This member does not hold the field collector duty: give it to them on the team page first.');
    }
  }

  return {
    async create(caller: AuthUser, input: z.output<typeof createOrderBody>) {
      const patientId = await patientFor(caller, input.patientId);
      const [centre] = await db
        .select()
        .from(diagnosticsCentres)
        .where(eq(diagnosticsCentres.id, input.diagnosticCenterId));
      if (!centre || !isListed(centre)) throw notFound('There is no diagnostics centre with that id.');
      const entries = await catalogueEntries(db, centre.id, input.tests);
      const byType = new Map(entries.map((e) => [e.testType, e]));
      const unavailable = input.tests.filter((t) => byType.get(t)?.price == null);
      if (unavailable.length > 0) {
        throw invalid(`${centre.name} does not offer ${unavailable.join(', ')}.`, {
          issues: unavailable.map((t) => ({ path: 'body.tests', message: `${t} is not offered here` })),
        });
      }
      if (input.homeCollection) {
        const inLab = input.tests.filter((t) => !byType.get(t)!.homeCollection);
        if (inLab.length > 0) {
          throw invalid(`${inLab.join(', ')} cannot be collected at home; book them at the centre.`, {
            issues: [{ path: 'body.homeCollection', message: 'Not offered at home for every test' }],
          });
        }
      }
      // A doctor who practises at a hospital orders on its behalf too: the hospital is told of critical values.
      const [practice] =
        caller.role === 'DOCTOR' && caller.referenceId
          ? await db.select({ hospitalId: doctors.hospitalId }).from(doctors).where(eq(doctors.id, caller.referenceId))
          : [];
      const order = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(diagnosticOrders)
          .values({
            centreId: centre.id,
            patientId,
            doctorId: caller.role === 'DOCTOR' ? caller.referenceId : null,
            hospitalId: caller.role === 'HOSPITAL' ? caller.referenceId : (practice?.hospitalId ?? null),
            consultationId: input.consultationId ?? null,
            priority: input.priority,
            clinicalNotes: input.clinicalNotes ?? null,
            collectionAddress: input.homeCollection?.address ?? null,
            windowStart: input.homeCollection ? new Date(input.homeCollection.windowStart) : null,
            windowEnd: input.homeCollection ? new Date(input.homeCollection.windowEnd) : null,
            createdBy: caller.id,
            createdByRole: caller.role,
          })
          .returning();
        const tests = await tx
          .insert(diagnosticOrderTests)
          .values(
            input.tests.map((testType) => {
              const entry = byType.get(testType)!;
              return {
                orderId: row!.id,
                testType,
                price: entry.price,
                sampleType: entry.sampleType,
                promisedHours: entry.turnaroundHours,
              };
            }),
          )
          .returning({ id: diagnosticOrderTests.id });
        // From a consultation: it moves to DIAGNOSTICS_ORDERED when its status allows (404 if not the caller's).
        if (input.consultationId && deps.consultations) {
          await deps.consultations.diagnosticsOrdered(tx, caller, input.consultationId, patientId);
        }
        // Through an active affiliation with commission, the order accrues now.
        await accrueDiagnosticOrder(tx, row!.id);
        await recordHistory(
          tx,
          DIAGNOSTIC_TEST_WORKFLOW.name,
          tests.map((t) => ({
            entityId: t.id,
            action: 'ORDER',
            actor: actor(caller),
            from: 'ORDERED',
            to: 'ORDERED',
            reason: null,
          })),
        );
        return row!;
      });
      await announceNewOrder(deps, order, input.tests.length);
      return orderView(db, caller, order.id);
    },

    async list(caller: AuthUser, q: OrderListQuery) {
      return listOrders(db, caller, orderFilters(q), q);
    },

    async reports(caller: AuthUser, q: ReportsQuery) {
      return listReports(db, caller, q);
    },

    async byId(caller: AuthUser, orderId: string) {
      return orderView(db, caller, orderId);
    },

    /** GET …/center/{id}: the centre's own (an admin any); another centre's id answers 404. */
    async byCentre(caller: AuthUser, centreId: string, q: OrderListQuery) {
      if (caller.role !== 'ADMIN' && caller.referenceId !== centreId)
        throw notFound('There is no diagnostics centre with that id.');
      return listOrders(db, caller, orderFilters({ ...q, diagnosticCenterId: centreId }), q);
    },

    /** GET …/patient/{id}: the patient's own orders, or those the caller ordered or performs for them. */
    async byPatient(caller: AuthUser, patientId: string, q: OrderListQuery) {
      if (caller.role === 'PATIENT' && caller.referenceId !== patientId)
        throw notFound('There is no patient with that id.');
      return listOrders(db, caller, orderFilters({ ...q, patientId }), q);
    },

    async byConsultation(caller: AuthUser, consultationId: string, q: OrderListQuery) {
      return listOrders(db, caller, orderFilters({ ...q, consultationId }), q);
    },

    /** The signed-in collector's round: home collections assigned to them for the day, and earlier ones not yet collected. */
    async today(caller: AuthUser, date: string | undefined) {
      const day = date ?? todayInIndia();
      const start = startOfDayInIndia(day);
      const end = startOfDayInIndia(addDaysToDate(day, 1));
      const o = diagnosticOrders;
      const where: SQL[] = [
        eq(o.assigneeUserId, caller.id),
        lt(o.windowStart, end),
        or(gte(o.windowStart, start), inArray(o.status, ['ORDERED', 'COLLECTION_SCHEDULED']))!,
      ];
      const answer = await listOrders(db, caller, where, { page: 1, limit: 100 });
      answer.orders.sort((a, b) => (a.homeCollection!.windowStart < b.homeCollection!.windowStart ? -1 : 1));
      return { date: day, orders: answer.orders };
    },

    async stats(caller: AuthUser, q: z.output<typeof statsQuery>) {
      const centreId = caller.role === 'ADMIN' ? q.diagnosticCenterId : caller.referenceId;
      if (caller.role !== 'ADMIN' && q.diagnosticCenterId && q.diagnosticCenterId !== centreId) {
        throw notFound('There is no diagnostics centre with that id.');
      }
      return orderStats(db, { centreId: centreId ?? undefined, dateFrom: q.dateFrom, dateTo: q.dateTo });
    },

    /**
     * PUT …/{orderId}: the orderer or the patient change priority, notes and the home visit while no
     * sample is taken; the centre's desk assigns the collector (which schedules the collection) and
     * may move the window.
     */
    async update(caller: AuthUser, orderId: string, input: z.output<typeof updateOrderBody>) {
      const result = await db.transaction(async (tx) => {
        const { order, party, tests } = await lockedOrder(tx, caller, orderId);
        const centreSide = party === 'CENTRE';
        if (centreSide && (input.priority !== undefined || input.clinicalNotes !== undefined)) {
          throw forbidden('The priority and clinical notes are the orderer’s to change.');
        }
        if (!centreSide && party !== 'ADMIN' && input.assigneeId !== undefined) {
          throw forbidden('Only the centre assigns its staff.');
        }
        const untouched = tests.every(
          (t) =>
            (BEFORE_COLLECTION as readonly string[]).includes(t.status) ||
            (CLOSED_TEST_STATUSES as readonly string[]).includes(t.status),
        );
        if (!centreSide && !untouched)
          throw conflict('A sample has been collected: the order can no longer be changed.', { status: order.status });
        const change: Partial<OrderRow> = { updatedAt: new Date() };
        if (input.priority !== undefined) change.priority = input.priority;
        if (input.clinicalNotes !== undefined) change.clinicalNotes = input.clinicalNotes ?? null;
        if (input.homeCollection !== undefined) {
          change.collectionAddress = input.homeCollection?.address ?? null;
          change.windowStart = input.homeCollection ? new Date(input.homeCollection.windowStart) : null;
          change.windowEnd = input.homeCollection ? new Date(input.homeCollection.windowEnd) : null;
          if (!input.homeCollection) change.assigneeUserId = null;
        }
        let assigned: string | null = null;
        if (input.assigneeId !== undefined) {
          await assertAnyDuty(tx, caller, ['FRONT_DESK']);
          const hasWindow = (change.windowStart !== undefined ? change.windowStart : order.windowStart) !== null;
          if (input.assigneeId !== null) {
            if (!hasWindow)
              throw conflict('This order is not a home collection: set an address and a time window first.');
            await assertCollector(tx, order.centreId, input.assigneeId);
            assigned = input.assigneeId;
            // Assigning schedules the collection of every test still waiting for a sample.
            const moved = tests.filter(
              (t) =>
                DIAGNOSTIC_TEST_WORKFLOW.checkTransition('SCHEDULE_COLLECTION', 'CENTRE', { status: t.status }).ok &&
                t.status !== 'COLLECTION_SCHEDULED',
            );
            if (moved.length > 0) {
              await tx
                .update(diagnosticOrderTests)
                .set({ status: 'COLLECTION_SCHEDULED', statusReason: null, updatedAt: new Date() })
                .where(
                  inArray(
                    diagnosticOrderTests.id,
                    moved.map((t) => t.id),
                  ),
                );
              await recordHistory(
                tx,
                DIAGNOSTIC_TEST_WORKFLOW.name,
                moved.map((t) => ({
                  entityId: t.id,
                  action: 'SCHEDULE_COLLECTION',
                  actor: actor(caller),
                  from: t.status,
                  to: 'COLLECTION_SCHEDULED',
                  reason: null,
                })),
              );
            }
          }
          change.assigneeUserId = input.assigneeId;
        }
        await tx.update(diagnosticOrders).set(change).where(eq(diagnosticOrders.id, orderId));
        const status = await refreshOrderStatus(tx, orderId);
        return { order: { ...order, ...change }, status, assigned };
      });
      announceChange(deps, result.order, result.status);
      if (result.assigned) await announceAssignment(deps, result.order, result.assigned);
      return orderView(db, caller, orderId);
    },

    /** DELETE …/{orderId}: only before any sample is collected; the orderer, the patient or an admin. */
    async remove(caller: AuthUser, orderId: string) {
      const order = await db.transaction(async (tx) => {
        const { order, party, tests } = await lockedOrder(tx, caller, orderId);
        if (party === 'CENTRE') throw forbidden('The centre declines tests instead of deleting the order.');
        const collected = tests.some(
          (t) =>
            !([...BEFORE_COLLECTION, ...CLOSED_TEST_STATUSES] as readonly DiagnosticTestStatus[]).includes(t.status),
        );
        if (collected)
          throw conflict('A sample has been collected: the order can no longer be deleted.', { status: order.status });
        await tx
          .update(diagnosticOrders)
          .set({ deletedAt: new Date(), updatedAt: new Date() })
          .where(eq(diagnosticOrders.id, orderId));
        await recordHistory(tx, 'diagnostic-order', [
          {
            entityId: orderId,
            action: 'DELETE',
            actor: actor(caller),
            from: order.status,
            to: order.status,
            reason: null,
          },
        ]);
        await accrueDiagnosticOrder(tx, orderId);
        return order;
      });
      announceChange(deps, order, 'DELETED');
    },

    /** POST …/{orderId}/prescription: the patient's (or orderer's) prescription, checked by content. */
    async attachPrescription(
      caller: AuthUser,
      orderId: string,
      readUpload: () => Promise<{ buffer: Buffer; filename: string }>,
    ) {
      const order = await loadOrder(db, caller, orderId);
      const party = order ? partyOf(caller, order) : null;
      if (!order || !party) throw notFound(NO_SUCH_ORDER);
      if (party === 'CENTRE') throw forbidden('The prescription comes from the patient or the doctor.');
      const upload = await readUpload();
      const stored = await files.store(upload.buffer, DOCUMENT_FILE_TYPES, ORDER_FILE_MAX_MB * MB);
      const prescription = {
        id: randomUUID(),
        fileKey: stored.key,
        fileName: safeFileName(upload.filename, stored.contentType),
        contentType: stored.contentType,
        size: stored.size,
        createdAt: new Date().toISOString(),
      };
      await db
        .update(diagnosticOrders)
        .set({ prescription, updatedAt: new Date() })
        .where(eq(diagnosticOrders.id, orderId));
      announceChange(deps, order, order.status);
      return orderView(db, caller, orderId);
    },
  };
}

export type DiagnosticOrdersService = ReturnType<typeof diagnosticOrdersService>;
