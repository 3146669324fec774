import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DIAGNOSTIC_TEST_WORKFLOW,
  DUTIES_FOR_ACTION,
  STATUS_ACTIONS,
  ageInYears,
  flagOf,
  impossibleValue,
  isCritical,
  resolveRange,
  type DiagnosticTestAction,
} from '../../../domain/rules/diagnosticOrders.ts';
import type { acknowledgeBody, resultBody, testStatusBody } from '../../../domain/schemas/diagnosticOrders.ts';
import type { Tx } from '../../db/client.ts';
import {
  centreTests,
  criticalAlerts,
  diagnosticAttachments,
  diagnosticOrderTests,
  diagnosticOrders,
  diagnosticResults,
  patients,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { DOCUMENT_FILE_TYPES, MB, inlineDisposition, safeFileName } from '../../platform/files.ts';
import { recordHistory } from '../../platform/workflow.ts';
import { accrueDiagnosticOrder } from '../affiliations/index.ts';
import { announceChange, announceCritical, announceReport } from './messages.ts';
import { loadOrder, loadTest, orderView, partyOf, NO_SUCH_ORDER } from './queries.ts';
import { ORDER_FILE_MAX_MB, assertAnyDuty, refreshOrderStatus, type DiagnosticOrdersDeps } from './deps.ts';

const NO_SUCH_TEST = 'There is no such test on this order.';
type TestRow = NonNullable<Awaited<ReturnType<typeof loadTest>>>;

/** The use cases of one test of an order: its status, its results, its files, its critical alert. */
export function orderTestUseCases(deps: DiagnosticOrdersDeps) {
  const { db, files } = deps;

  /**
   * One action on one test, in one transaction: lock the test, ask the workflow table (404, 403, 409),
   * check the team duty, write, append history, refresh the order's status. Effects after commit.
   */
  async function act<T>(
    caller: AuthUser,
    orderId: string,
    testId: string,
    action: DiagnosticTestAction | ((row: TestRow) => DiagnosticTestAction),
    write: (tx: Tx, row: TestRow, to: TestRow['status']) => Promise<{ reason: string | null; extra: T }>,
  ) {
    const done = await db.transaction(async (tx) => {
      await tx
        .select({ id: diagnosticOrderTests.id })
        .from(diagnosticOrderTests)
        .where(eq(diagnosticOrderTests.id, testId))
        .for('update');
      const row = await loadTest(tx, orderId, testId);
      const party = row ? partyOf(caller, row.order) : null;
      const chosen = row ? (typeof action === 'function' ? action(row) : action) : 'COLLECT';
      const decision = DIAGNOSTIC_TEST_WORKFLOW.decide(chosen, party, row);
      if (!decision.ok) {
        if (decision.refusal === 'NOT_FOUND') throw notFound(NO_SUCH_TEST);
        if (decision.refusal === 'FORBIDDEN') throw forbidden(decision.message);
        throw conflict(decision.message, { status: row!.status });
      }
      if (party === 'CENTRE') await assertAnyDuty(tx, caller, DUTIES_FOR_ACTION[chosen] ?? []);
      const to = decision.to === 'UNCHANGED' ? row!.status : decision.to;
      const written = await write(tx, row!, to);
      await recordHistory(tx, DIAGNOSTIC_TEST_WORKFLOW.name, [
        {
          entityId: testId,
          action: chosen,
          actor: { userId: caller.id, role: caller.role },
          from: row!.status,
          to,
          reason: written.reason,
        },
      ]);
      const status = await refreshOrderStatus(tx, orderId);
      // Every test cancelled or declined: the order's commission is reversed.
      if (status === 'CANCELLED') await accrueDiagnosticOrder(tx, orderId);
      return { row: row!, status, action: chosen, extra: written.extra };
    });
    announceChange(deps, done.row.order, done.status);
    return done;
  }

  /** When this order is complete and every other order of its consultation too, the consultation hears of it. */
  async function consultationReleased(consultationId: string | null, status: string) {
    if (!consultationId || !deps.consultations || status !== 'COMPLETED') return;
    const open = await db
      .select({ id: diagnosticOrders.id })
      .from(diagnosticOrders)
      .where(
        and(
          eq(diagnosticOrders.consultationId, consultationId),
          isNull(diagnosticOrders.deletedAt),
          notInArray(diagnosticOrders.status, ['COMPLETED', 'CANCELLED']),
        ),
      )
      .limit(1);
    if (open.length === 0) await deps.consultations.updateFromDiagnostics(consultationId);
  }

  return {
    /** PUT …/tests/{testId}/status. A collection time may be given as it really was; the entry time is kept beside it. */
    async setStatus(caller: AuthUser, orderId: string, testId: string, input: z.output<typeof testStatusBody>) {
      const action = STATUS_ACTIONS[input.status];
      const done = await act(caller, orderId, testId, action, async (tx, row, to) => {
        const now = new Date();
        const at = input.occurredAt ? new Date(input.occurredAt) : now;
        const change: Partial<typeof diagnosticOrderTests.$inferInsert> = { status: to, updatedAt: now };
        change.statusReason = input.reason ?? null;
        if (action === 'SCHEDULE_COLLECTION' && !row.order.windowStart) {
          throw conflict('This order is not a home collection: set an address and a time window first.');
        }
        if (action === 'COLLECT') Object.assign(change, { collectedAt: at, collectedRecordedAt: now });
        if (action === 'RECEIVE') change.receivedAt = at;
        if (action === 'REJECT_SAMPLE') change.rejectedAt = at;
        if (action === 'START') change.startedAt = at;
        if (action === 'RELEASE') {
          change.releasedAt = row.releasedAt ?? now;
          await tx
            .update(diagnosticResults)
            .set({ releasedAt: now, releasedBy: caller.id })
            .where(and(eq(diagnosticResults.orderTestId, testId), sql`${diagnosticResults.releasedAt} is null`));
        }
        await tx.update(diagnosticOrderTests).set(change).where(eq(diagnosticOrderTests.id, testId));
        const why = input.reason ?? (input.occurredAt ? `At ${input.occurredAt}` : null);
        return { reason: why, extra: null };
      });
      if (done.action === 'RELEASE') {
        await announceReport(deps, done.row.order, done.row, null);
        await consultationReleased(done.row.order.consultationId, done.status);
      }
      return orderView(db, caller, orderId);
    },

    /**
     * POST …/tests/{testId}/results: a new version. Before release it is preliminary; after release it
     * is a correction (with its reason), released at once, and everyone told of the old one is told again.
     */
    async enterResult(caller: AuthUser, orderId: string, testId: string, input: z.output<typeof resultBody>) {
      const correcting = (row: TestRow) => row.status === 'RELEASED' || row.status === 'CORRECTED';
      const done = await act(
        caller,
        orderId,
        testId,
        (row) => (correcting(row) ? 'CORRECT' : 'ENTER_RESULT'),
        async (tx, row, to) => {
          const correction = correcting(row);
          if (correction && !input.reason) {
            throw invalid('Say why the released report is corrected.', {
              issues: [{ path: 'body.reason', message: 'Required for a correction' }],
            });
          }
          const [entry] = await tx
            .select()
            .from(centreTests)
            .where(and(eq(centreTests.centreId, row.order.centreId), eq(centreTests.testType, row.testType)));
          const unit = entry?.unit ?? '';
          let range = null;
          let flag = null;
          if (input.kind === 'NUMERIC') {
            const refused = impossibleValue(
              input.value!,
              { absoluteLow: entry?.absoluteLow ?? null, absoluteHigh: entry?.absoluteHigh ?? null },
              unit,
            );
            if (refused) throw invalid(refused, { issues: [{ path: 'body.value', message: refused }] });
            const [patient] = await tx
              .select({ sex: patients.gender, dateOfBirth: patients.dateOfBirth })
              .from(patients)
              .where(eq(patients.id, row.order.patientId));
            const on = row.collectedAt ?? new Date();
            range = resolveRange(entry?.referenceRanges ?? [], {
              sex: patient?.sex ?? null,
              age: patient?.dateOfBirth ? ageInYears(patient.dateOfBirth, on) : null,
            });
            flag = flagOf(input.value!, range);
          }
          const [last] = await tx
            .select({ version: diagnosticResults.version })
            .from(diagnosticResults)
            .where(eq(diagnosticResults.orderTestId, testId))
            .orderBy(desc(diagnosticResults.version))
            .limit(1);
          const now = new Date();
          const [result] = await tx
            .insert(diagnosticResults)
            .values({
              orderTestId: testId,
              version: (last?.version ?? 0) + 1,
              kind: input.kind,
              value: input.kind === 'NUMERIC' ? input.value! : null,
              unit: input.kind === 'NUMERIC' ? unit : '',
              code: input.kind === 'CODED' ? input.code! : null,
              text: input.kind === 'TEXT' ? input.text! : null,
              comment: input.comment ?? null,
              referenceRange: range,
              flag,
              correctionReason: correction ? input.reason! : null,
              enteredBy: caller.id,
              enteredByName: caller.name ?? caller.email,
              enteredAt: now,
              ...(correction ? { releasedAt: now, releasedBy: caller.id } : {}),
            })
            .returning();
          await tx
            .update(diagnosticOrderTests)
            .set({ status: to, resultEnteredAt: row.resultEnteredAt ?? now, statusReason: null, updatedAt: now })
            .where(eq(diagnosticOrderTests.id, testId));
          let newAlert = false;
          if (isCritical(flag)) {
            // One alert per test: a new critical value re-opens it only once it was acknowledged.
            const [open] = await tx
              .select({ id: criticalAlerts.id })
              .from(criticalAlerts)
              .where(and(eq(criticalAlerts.orderTestId, testId), sql`${criticalAlerts.acknowledgedAt} is null`));
            newAlert = !open;
            await tx
              .insert(criticalAlerts)
              .values({ orderTestId: testId, resultId: result!.id })
              .onConflictDoUpdate({
                target: criticalAlerts.orderTestId,
                set: newAlert
                  ? { resultId: result!.id, raisedAt: now, acknowledgedAt: null, acknowledgedBy: null, comment: null }
                  : { resultId: result!.id },
              });
          }
          return {
            reason: correction ? input.reason! : null,
            extra: { correction, flag, newAlert, value: input.value, unit },
          };
        },
      );
      const { extra, row } = done;
      if (
        extra.newAlert &&
        extra.value !== undefined &&
        (extra.flag === 'CRITICAL_LOW' || extra.flag === 'CRITICAL_HIGH')
      ) {
        await announceCritical(deps, row.order, row, { value: extra.value, unit: extra.unit, flag: extra.flag });
        if (row.order.consultationId) {
          await deps.consultations?.raiseCriticalAlert(row.order.consultationId, { orderId, testId, flag: extra.flag });
        }
      }
      if (extra.correction) await announceReport(deps, row.order, row, { reason: input.reason! });
      return orderView(db, caller, orderId);
    },

    /** POST …/tests/{testId}/attachments: a PDF or a photo of the report; the same file twice is kept once. */
    async attach(
      caller: AuthUser,
      orderId: string,
      testId: string,
      readUpload: () => Promise<{ buffer: Buffer; filename: string }>,
    ) {
      const row = await loadTest(db, orderId, testId);
      const party = row ? partyOf(caller, row.order) : null;
      if (!row || !party) throw notFound(NO_SUCH_TEST);
      if (party !== 'CENTRE' && party !== 'ADMIN') throw forbidden('Report files come from the centre.');
      if (['ORDERED', 'COLLECTION_SCHEDULED', 'CANCELLED', 'DECLINED'].includes(row.status)) {
        throw conflict('Attach a report once the sample is collected.', { status: row.status });
      }
      if (party === 'CENTRE') await assertAnyDuty(db, caller, DUTIES_FOR_ACTION.ENTER_RESULT!);
      const upload = await readUpload();
      const stored = await files.store(upload.buffer, DOCUMENT_FILE_TYPES, ORDER_FILE_MAX_MB * MB);
      await db
        .insert(diagnosticAttachments)
        .values({
          orderTestId: testId,
          fileKey: stored.key,
          fileName: safeFileName(upload.filename, stored.contentType),
          contentType: stored.contentType,
          size: stored.size,
          uploadedBy: caller.id,
        })
        .onConflictDoNothing();
      announceChange(deps, row.order, row.order.status);
      return orderView(db, caller, orderId);
    },

    /** A file of the order: its prescription, or a report file (the patient and orderer once the test is released). */
    async file(caller: AuthUser, orderId: string, fileId: string) {
      const order = await loadOrder(db, caller, orderId);
      const party = order ? partyOf(caller, order) : null;
      if (!order || !party) throw notFound(NO_SUCH_ORDER);
      let found: { fileKey: string; fileName: string; contentType: string } | undefined;
      if (order.prescription?.id === fileId) found = order.prescription;
      else {
        const [attachment] = await db
          .select({ file: diagnosticAttachments, releasedAt: diagnosticOrderTests.releasedAt })
          .from(diagnosticAttachments)
          .innerJoin(diagnosticOrderTests, eq(diagnosticOrderTests.id, diagnosticAttachments.orderTestId))
          .where(and(eq(diagnosticAttachments.id, fileId), eq(diagnosticOrderTests.orderId, orderId)));
        if (attachment && (party === 'CENTRE' || party === 'ADMIN' || attachment.releasedAt)) found = attachment.file;
      }
      if (!found) throw notFound('There is no such file on this order.');
      const content = await files.read(found.fileKey).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw notFound('The file is no longer stored.');
        throw error;
      });
      return { content, contentType: found.contentType, disposition: inlineDisposition(found.fileName) };
    },

    /** POST …/tests/{testId}/acknowledge: the orderer acknowledges a critical value with a comment; it joins the test's history. */
    async acknowledge(caller: AuthUser, orderId: string, testId: string, input: z.output<typeof acknowledgeBody>) {
      const row = await db.transaction(async (tx) => {
        const row = await loadTest(tx, orderId, testId);
        const party = row ? partyOf(caller, row.order) : null;
        if (!row || !party) throw notFound(NO_SUCH_TEST);
        if (party !== 'ORDERER' && party !== 'ADMIN')
          throw forbidden('The doctor or hospital that ordered the test acknowledges its alert.');
        const updated = await tx
          .update(criticalAlerts)
          .set({ acknowledgedAt: new Date(), acknowledgedBy: caller.id, comment: input.comment })
          .where(and(eq(criticalAlerts.orderTestId, testId), sql`${criticalAlerts.acknowledgedAt} is null`))
          .returning({ id: criticalAlerts.id });
        if (updated.length === 0)
          throw conflict('This test has no critical alert waiting to be acknowledged.', { status: row.status });
        await recordHistory(tx, DIAGNOSTIC_TEST_WORKFLOW.name, [
          {
            entityId: testId,
            action: 'ACKNOWLEDGE_CRITICAL',
            actor: { userId: caller.id, role: caller.role },
            from: row.status,
            to: row.status,
            reason: input.comment,
          },
        ]);
        return row;
      });
      announceChange(deps, row.order, row.order.status);
      return orderView(db, caller, orderId);
    },
  };
}

export type OrderTestUseCases = ReturnType<typeof orderTestUseCases>;
