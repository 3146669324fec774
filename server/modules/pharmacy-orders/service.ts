import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { PharmacyOrderStatus } from '../../../domain/enums.ts';
import { isListed } from '../../../domain/rules/directory.ts';
import {
  ORDER_STATUS_ACTIONS,
  PHARMACY_DUTIES_FOR_ACTION,
  PHARMACY_ORDER_WORKFLOW,
  patientMayCancel,
  type PharmacyOrderAction,
  type PharmacyOrderParty,
} from '../../../domain/rules/pharmacyOrders.ts';
import type {
  bulkUpdateBody,
  createOrderBody,
  deliveryBody,
  OrderListQuery,
  qualityCheckBody,
  RequestableStatusBody,
  StatsQuery,
  verifyPrescriptionBody,
} from '../../../domain/schemas/pharmacyOrders.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  consultationPrescriptions,
  consultations,
  medicines,
  pharmacies,
  pharmacyOrderItems,
  pharmacyOrders,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files.ts';
import { runTransition } from '../../platform/workflow.ts';
import { accruePharmacyOrder } from '../affiliations/index.ts';
import { assertDuty } from '../pharmacy-inventory/index.ts';
import { assertFillable, cancelItems, checkStock, dispense, matchMedicine, restock } from './fulfil.ts';
import { announceNewOrder, announceStatus, notifyPatient, type AnnounceDeps } from './messages.ts';
import { NO_SUCH_ORDER, listOrders, loadOrder, orderView, partyOf, type OrderRow } from './queries.ts';
import { orderStats } from './stats.ts';
import { prescriptionAndReviewUseCases } from './patientSide.ts';

export { ORDER_FILE_MAX_MB } from './patientSide.ts';
/** The consultation an order comes from moves on with it (consultations/diagnosticsLink.ts), when its status allows. */
type ConsultationHooks = {
  pharmacyOrdered(tx: Tx, caller: AuthUser, consultationId: string, patientId: string | null): Promise<boolean>;
  pharmacyFulfilled(tx: Tx, consultationId: string): Promise<boolean>;
};
export type PharmacyOrdersDeps = AnnounceDeps & { db: Db; files: FileStore; consultations?: ConsultationHooks };
type Extra = (
  tx: Tx,
  row: OrderRow,
  party: PharmacyOrderParty,
) => Promise<Partial<typeof pharmacyOrders.$inferInsert> | void>;

const orderNumber = () =>
  `RX-${new Date().toISOString().slice(2, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

export function pharmacyOrdersService(deps: PharmacyOrdersDeps) {
  const { db, files } = deps;

  /** One step of the workflow table, with the team duty it needs and what else it writes. */
  async function step(caller: AuthUser, id: string, action: PharmacyOrderAction, reason: string | null, extra?: Extra) {
    const { row, written } = await runTransition(db, {
      workflow: PHARMACY_ORDER_WORKFLOW,
      table: pharmacyOrders,
      id,
      action,
      actor: { userId: caller.id, role: caller.role },
      load: (tx) => loadOrder(tx, caller, id),
      partyOf: (row) => partyOf(caller, row),
      async write(tx, row, to, party) {
        if (party === 'PATIENT' && action === 'CANCEL' && !patientMayCancel(row.status)) {
          throw conflict('The pharmacy has started preparing this order: ask them to cancel it.');
        }
        if (party === 'PHARMACY') await assertDuty(tx, caller, PHARMACY_DUTIES_FOR_ACTION[action] ?? []);
        const more = (await extra?.(tx, row, party)) ?? {};
        const status = (more.status as PharmacyOrderStatus | undefined) ?? (to === 'UNCHANGED' ? row.status : to);
        await tx
          .update(pharmacyOrders)
          .set({
            ...more,
            status,
            statusReason: reason ?? (status === row.status ? row.statusReason : null),
            updatedAt: new Date(),
          })
          .where(eq(pharmacyOrders.id, id));
        // Completed or returned: the commission of an affiliation it came through accrues or is reversed now.
        if (status === 'COMPLETED' || status === 'RETURNED') await accruePharmacyOrder(tx, id);
        if (status === 'COMPLETED' && row.consultationId)
          await deps.consultations?.pharmacyFulfilled(tx, row.consultationId);
        return { reason, status, party };
      },
    });
    await announceStatus(deps, row, written.status, written.party === 'PATIENT');
    return orderView(db, caller, id);
  }

  /** What each requested status does besides moving (the stock, the checks). */
  function extraFor(caller: AuthUser, action: PharmacyOrderAction, reason: string | null): Extra | undefined {
    switch (action) {
      case 'CHECK_INVENTORY':
        return async (tx, row) => checkStock(tx, row);
      case 'APPROVE':
        return async (tx, row) => {
          await checkStock(tx, row);
          await assertFillable(tx, row.id, false);
        };
      case 'PARTIALLY_FILL':
        return async (tx, row) => {
          await checkStock(tx, row);
          await assertFillable(tx, row.id, true);
        };
      case 'PREPARE':
        return async () => ({ preparedBy: caller.id, qualityCheck: null });
      case 'MARK_READY':
        return async (_tx, row) => {
          if (!row.qualityCheck?.passed) throw conflict('A second person must pass the quality check first.');
          return { readyAt: new Date() };
        };
      case 'DISPATCH':
        return async (_tx, row) => {
          if (row.deliveryMethod === 'PICKUP') throw conflict('This order is for pickup: change its delivery first.');
        };
      case 'DELIVER':
        return async () => ({ deliveredAt: new Date() });
      case 'COMPLETE':
        return async (tx, row) => {
          await dispense(tx, row, caller.id);
          return { completedAt: new Date(), paymentStatus: 'COMPLETED' };
        };
      case 'CANCEL':
        return async (tx, row) => cancelItems(tx, row.id);
      case 'RETURN':
        return async (tx, row) => {
          await restock(tx, row, caller.id, false, reason ?? '');
        };
      default:
        return undefined;
    }
  }

  async function patientFor(caller: AuthUser, consultationId?: string) {
    if (caller.role !== 'PATIENT') return { patientId: null, doctorId: null, hospitalId: null };
    if (!caller.referenceId) throw notFound('Create your patient profile before ordering medicines.');
    if (!consultationId) return { patientId: caller.referenceId, doctorId: null, hospitalId: null };
    const [c] = await db
      .select()
      .from(consultations)
      .where(and(eq(consultations.id, consultationId), eq(consultations.patientId, caller.referenceId)));
    if (!c) throw notFound('There is no consultation with that id.');
    return { patientId: caller.referenceId, doctorId: c.doctorId, hospitalId: c.hospitalId };
  }

  return {
    async create(caller: AuthUser, input: z.output<typeof createOrderBody>) {
      const [pharmacy] = await db.select().from(pharmacies).where(eq(pharmacies.id, input.pharmacyId));
      const own = caller.role === 'PHARMACY' && caller.referenceId === input.pharmacyId;
      if (!pharmacy || (!own && !isListed(pharmacy))) throw notFound('There is no pharmacy with that id.');
      if (caller.role === 'PHARMACY' && !own) throw notFound('There is no pharmacy with that id.');
      if (caller.role === 'PHARMACY' && input.consultationId) {
        throw invalid('A desk order is a walk-in: the patient sends a consultation’s prescription themself.', {
          issues: [{ path: 'body.consultationId', message: 'Not for a walk-in' }],
        });
      }
      const parties = await patientFor(caller, input.consultationId);
      let lines = input.items.map((i) => ({ name: i.name, quantity: i.quantity, medicineId: i.medicineId ?? null }));
      if (input.consultationId && lines.length === 0) {
        const rx = await db
          .select()
          .from(consultationPrescriptions)
          .where(eq(consultationPrescriptions.consultationId, input.consultationId));
        lines = rx.map((p) => ({
          name: [p.genericName, p.strength].filter(Boolean).join(' '),
          quantity: p.quantity ?? 1,
          medicineId: null,
        }));
        if (lines.length === 0) throw conflict('This consultation has no prescription to send.');
      }
      const order = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pharmacyOrders)
          .values({
            orderNumber: orderNumber(),
            pharmacyId: pharmacy.id,
            ...parties,
            walkInName: caller.role === 'PHARMACY' ? (input.walkInName ?? 'Walk-in customer') : null,
            consultationId: input.consultationId ?? null,
            orderType: input.orderType,
            priority: input.priority,
            deliveryMethod: input.deliveryMethod,
            deliveryAddress: input.deliveryAddress ?? null,
            notes: input.note
              ? [
                  {
                    id: randomUUID(),
                    text: input.note,
                    authorUserId: caller.id,
                    authorRole: caller.role,
                    createdAt: new Date().toISOString(),
                  },
                ]
              : [],
            createdBy: caller.id,
            createdByRole: caller.role,
          })
          .returning();
        const values = [];
        for (const line of lines) {
          const medicine = line.medicineId ? null : await matchMedicine(tx, pharmacy.id, line.name);
          values.push({
            orderId: row!.id,
            prescribedName: line.name,
            quantity: line.quantity,
            medicineId: line.medicineId ?? medicine?.id ?? null,
          });
        }
        if (values.some((v) => v.medicineId)) {
          // A medicine named by id must be this pharmacy's.
          const ids = values.map((v) => v.medicineId).filter((x): x is string => !!x);
          const found = await matchOwn(tx, pharmacy.id, ids);
          if (found < new Set(ids).size) throw notFound('There is no medicine with that id at this pharmacy.');
        }
        await tx.insert(pharmacyOrderItems).values(values);
        if (input.consultationId)
          await deps.consultations?.pharmacyOrdered(tx, caller, input.consultationId, parties.patientId);
        return row!;
      });
      await announceNewOrder(deps, order, lines.length);
      return orderView(db, caller, order.id);
    },

    list: (caller: AuthUser, q: OrderListQuery) => listOrders(db, caller, q),
    byId: (caller: AuthUser, id: string) => orderView(db, caller, id),
    stats: (caller: AuthUser, q: StatsQuery) => orderStats(db, caller, q),

    async status(caller: AuthUser, id: string, body: RequestableStatusBody) {
      const action = ORDER_STATUS_ACTIONS[body.status];
      return step(caller, id, action, body.reason ?? null, extraFor(caller, action, body.reason ?? null));
    },
    cancel: (caller: AuthUser, id: string, reason: string) =>
      step(caller, id, 'CANCEL', reason, extraFor(caller, 'CANCEL', reason)),
    complete: (caller: AuthUser, id: string) => step(caller, id, 'COMPLETE', null, extraFor(caller, 'COMPLETE', null)),
    ready: (caller: AuthUser, id: string) => step(caller, id, 'MARK_READY', null, extraFor(caller, 'MARK_READY', null)),
    returnOrder: (caller: AuthUser, id: string, reason: string, sealed: boolean) =>
      step(caller, id, 'RETURN', reason, async (tx, row) => {
        await restock(tx, row, caller.id, sealed, reason);
      }),

    /** A second person confirms drug, strength, batch, expiry and quantity; a failure sends it back to preparation. */
    qualityCheck: (caller: AuthUser, id: string, body: z.output<typeof qualityCheckBody>) =>
      step(
        caller,
        id,
        'QUALITY_CHECK',
        body.passed ? null : (body.notes ?? 'Quality check failed'),
        async (_tx, row) => {
          if (row.preparedBy === caller.id)
            throw conflict('The quality check must be done by someone other than who prepared the order.');
          if (body.passed && new Set(body.confirmed).size < 5) {
            throw conflict('Confirm the drug, strength, batch, expiry and quantity before passing the check.');
          }
          const qualityCheck = {
            passed: body.passed,
            checkedBy: caller.id,
            checkedAt: new Date().toISOString(),
            notes: body.notes ?? null,
          };
          return body.passed ? { qualityCheck } : { qualityCheck, status: 'IN_PREPARATION' as const };
        },
      ),

    /** A pharmacist records the prescriber, registration and date; the file or the linked consultation backs it. */
    verifyPrescription: (caller: AuthUser, id: string, body: z.output<typeof verifyPrescriptionBody>) =>
      step(caller, id, 'VERIFY_PRESCRIPTION', null, async (tx, row) => {
        if (!row.prescription && !row.consultationId) {
          throw conflict('Attach the prescription (a photo or PDF) or link the consultation before verifying it.');
        }
        await tx
          .update(pharmacyOrderItems)
          .set({ status: 'VERIFIED' })
          .where(and(eq(pharmacyOrderItems.orderId, row.id), eq(pharmacyOrderItems.status, 'PENDING')));
        return { ...body, verifiedBy: caller.id, verifiedAt: new Date() };
      }),

    async delivery(caller: AuthUser, id: string, body: z.output<typeof deliveryBody>) {
      const details = {
        ...(body.deliveryMethod ? { deliveryMethod: body.deliveryMethod } : {}),
        ...(body.deliveryAddress ? { deliveryAddress: body.deliveryAddress } : {}),
        ...(body.deliveryPerson ? { deliveryPerson: body.deliveryPerson } : {}),
        ...(body.trackingNote ? { trackingNote: body.trackingNote } : {}),
      };
      if (body.status) {
        const action = body.status === 'DELIVERED' ? 'DELIVER' : 'DISPATCH';
        const base = extraFor(caller, action, null)!;
        return step(caller, id, action, null, async (tx, row, party) => ({
          ...details,
          ...((await base(tx, { ...row, ...details } as OrderRow, party)) ?? {}),
        }));
      }
      await db.transaction(async (tx) => {
        const row = await lockedOwn(tx, caller, id);
        await assertDuty(tx, caller, ['DELIVERY', 'FRONT_DESK', 'PHARMACIST']);
        if (['COMPLETED', 'CANCELLED', 'RETURNED', 'DELIVERED'].includes(row.status)) {
          throw conflict(`This order is ${row.status.toLowerCase().replace(/_/g, ' ')}: its delivery cannot change.`);
        }
        await tx
          .update(pharmacyOrders)
          .set({ ...details, updatedAt: new Date() })
          .where(eq(pharmacyOrders.id, id));
      });
      return orderView(db, caller, id);
    },

    async addNote(caller: AuthUser, id: string, text: string) {
      await db.transaction(async (tx) => {
        await tx.select({ id: pharmacyOrders.id }).from(pharmacyOrders).where(eq(pharmacyOrders.id, id)).for('update');
        const row = await loadOrder(tx, caller, id);
        if (!row || !partyOf(caller, row)) throw notFound(NO_SUCH_ORDER);
        const note = {
          id: randomUUID(),
          text,
          authorUserId: caller.id,
          authorRole: caller.role,
          createdAt: new Date().toISOString(),
        };
        await tx
          .update(pharmacyOrders)
          .set({ notes: [...row.notes, note], updatedAt: new Date() })
          .where(eq(pharmacyOrders.id, id));
      });
      return orderView(db, caller, id);
    },

    async notify(caller: AuthUser, id: string, message: string) {
      const row = await loadOrder(db, caller, id);
      if (!row || !partyOf(caller, row)) throw notFound(NO_SUCH_ORDER);
      if (caller.role !== 'PHARMACY' && caller.role !== 'ADMIN')
        throw forbidden('Only the pharmacy notifies the patient.');
      if (!(await notifyPatient(deps, row, message)))
        throw conflict('This walk-in order has no patient account to notify.');
      return orderView(db, caller, id);
    },

    async bulkUpdate(caller: AuthUser, body: z.output<typeof bulkUpdateBody>) {
      const updated: string[] = [];
      const refused: { id: string; message: string }[] = [];
      for (const id of body.orderIds) {
        try {
          if (body.priority) {
            await db.transaction(async (tx) => {
              await lockedOwn(tx, caller, id);
              await tx
                .update(pharmacyOrders)
                .set({ priority: body.priority!, updatedAt: new Date() })
                .where(eq(pharmacyOrders.id, id));
            });
          }
          if (body.status) await this.status(caller, id, { status: body.status, reason: body.reason });
          updated.push(id);
        } catch (error) {
          refused.push({ id, message: error instanceof Error ? error.message : 'Refused' });
        }
      }
      return { updated, refused };
    },

    ...prescriptionAndReviewUseCases({ db, files }),
  };

  async function lockedOwn(tx: Tx, caller: AuthUser, id: string) {
    await tx.select({ id: pharmacyOrders.id }).from(pharmacyOrders).where(eq(pharmacyOrders.id, id)).for('update');
    const row = await loadOrder(tx, caller, id);
    const party = row ? partyOf(caller, row) : null;
    if (!row || !party) throw notFound(NO_SUCH_ORDER);
    if (party !== 'PHARMACY' && party !== 'ADMIN') throw forbidden('Only the pharmacy changes this.');
    return row;
  }
}

async function matchOwn(tx: Tx, pharmacyId: string, ids: string[]) {
  const rows = await tx
    .select({ id: medicines.id })
    .from(medicines)
    .where(and(eq(medicines.pharmacyId, pharmacyId), inArray(medicines.id, ids)));
  return rows.length;
}

export type PharmacyOrdersService = ReturnType<typeof pharmacyOrdersService>;
