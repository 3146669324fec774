import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { aliasedTable, and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { DIAGNOSTIC_TEST_WORKFLOW, type DiagnosticOrderParty } from '../../../domain/rules/diagnosticOrders.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type {
  DiagnosticOrder,
  OrderListQuery,
  OrderTest,
  ResultVersion,
} from '../../../domain/schemas/diagnosticOrders.ts';
import { addDaysToDate, startOfDayInIndia } from './dates.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  criticalAlerts,
  diagnosticAttachments,
  diagnosticOrderTests,
  diagnosticOrders,
  diagnosticResults,
  diagnosticsCentres,
  doctors,
  hospitals,
  patients,
  users,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';

/** The read model of diagnostic orders: who sees which, and how one reads as the API answers it. */

export type OrderRow = typeof diagnosticOrders.$inferSelect;
export type OrderTestRow = typeof diagnosticOrderTests.$inferSelect;
type ResultRow = typeof diagnosticResults.$inferSelect;

export const NO_SUCH_ORDER = 'There is no diagnostic order with that id.';

/** How the caller stands to an order; null when not on it (404). */
export function partyOf(
  caller: AuthUser,
  row: Pick<OrderRow, 'centreId' | 'patientId' | 'doctorId' | 'hospitalId'>,
): DiagnosticOrderParty | null {
  const ref = caller.referenceId;
  switch (caller.role) {
    case 'ADMIN':
      return 'ADMIN';
    case 'DIAGNOSTICS':
      return ref !== null && ref === row.centreId ? 'CENTRE' : null;
    case 'PATIENT':
      return ref !== null && ref === row.patientId ? 'PATIENT' : null;
    case 'DOCTOR':
      return ref !== null && ref === row.doctorId ? 'ORDERER' : null;
    case 'HOSPITAL':
      return ref !== null && ref === row.hospitalId ? 'ORDERER' : null;
    default:
      return null;
  }
}

/** The orders a caller may see at all. */
export function orderScope(caller: AuthUser): SQL {
  const live = isNull(diagnosticOrders.deletedAt);
  const ref = caller.referenceId;
  const own = (column: AnyPgColumn) => (ref ? (and(live, eq(column, ref)) as SQL) : sql`false`);
  switch (caller.role) {
    case 'ADMIN':
      return live;
    case 'DIAGNOSTICS':
      return own(diagnosticOrders.centreId);
    case 'PATIENT':
      return own(diagnosticOrders.patientId);
    case 'DOCTOR':
      return own(diagnosticOrders.doctorId);
    case 'HOSPITAL':
      return own(diagnosticOrders.hospitalId);
    default:
      return sql`false`;
  }
}

/** The filters of GET /diagnostic-orders, on top of the caller's scope (dates are India's days). */
export function orderFilters(q: Partial<OrderListQuery>): SQL[] {
  const o = diagnosticOrders;
  const filters: Array<SQL | undefined> = [
    q.consultationId ? eq(o.consultationId, q.consultationId) : undefined,
    q.patientId ? eq(o.patientId, q.patientId) : undefined,
    q.doctorId ? eq(o.doctorId, q.doctorId) : undefined,
    q.hospitalId ? eq(o.hospitalId, q.hospitalId) : undefined,
    q.diagnosticCenterId ? eq(o.centreId, q.diagnosticCenterId) : undefined,
    q.status ? eq(o.status, q.status) : undefined,
    q.priority ? eq(o.priority, q.priority) : undefined,
    q.dateFrom ? gte(o.createdAt, startOfDayInIndia(q.dateFrom)) : undefined,
    q.dateTo ? lt(o.createdAt, startOfDayInIndia(addDaysToDate(q.dateTo, 1))) : undefined,
  ];
  return filters.filter((f): f is SQL => f !== undefined);
}

const assignee = aliasedTable(users, 'assignee');
const patientName = sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`;

/** Orders with their parties' names, in the caller's scope. */
async function selectOrders(db: Db | Tx, where: SQL, page?: { limit: number; offset: number }) {
  const query = db
    .select({
      order: diagnosticOrders,
      centreName: diagnosticsCentres.name,
      centreAccreditations: diagnosticsCentres.accreditations,
      patientName,
      patientPhone: patients.phone,
      patientSex: patients.gender,
      patientDateOfBirth: patients.dateOfBirth,
      doctorName: doctors.name,
      hospitalName: hospitals.name,
      assigneeName: sql<string | null>`coalesce(${assignee.name}, ${assignee.email})`,
    })
    .from(diagnosticOrders)
    .innerJoin(diagnosticsCentres, eq(diagnosticsCentres.id, diagnosticOrders.centreId))
    .innerJoin(patients, eq(patients.id, diagnosticOrders.patientId))
    .leftJoin(doctors, eq(doctors.id, diagnosticOrders.doctorId))
    .leftJoin(hospitals, eq(hospitals.id, diagnosticOrders.hospitalId))
    .leftJoin(assignee, eq(assignee.id, diagnosticOrders.assigneeUserId))
    .where(where)
    .orderBy(desc(diagnosticOrders.createdAt), desc(diagnosticOrders.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
type OrderHead = Awaited<ReturnType<typeof selectOrders>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toVersion(row: ResultRow): ResultVersion {
  return {
    id: row.id,
    version: row.version,
    kind: row.kind,
    value: row.value,
    unit: row.unit,
    code: row.code,
    text: row.text,
    comment: row.comment,
    referenceRange: row.referenceRange ?? null,
    flag: row.flag,
    correctionReason: row.correctionReason,
    enteredByName: row.enteredByName,
    enteredAt: row.enteredAt.toISOString(),
    releasedAt: iso(row.releasedAt),
  };
}

/** Results are the patient's and the orderer's to read only once released; the centre and admins see every version. */
function visibleVersions(party: DiagnosticOrderParty | null, versions: ResultRow[]) {
  if (party === 'CENTRE' || party === 'ADMIN') return versions;
  return versions.filter((v) => v.releasedAt !== null);
}

/** Full answers for order heads: tests, results, files and alerts in four queries. */
async function assemble(db: Db | Tx, caller: AuthUser, heads: OrderHead[]): Promise<DiagnosticOrder[]> {
  if (heads.length === 0) return [];
  const orderIds = heads.map((h) => h.order.id);
  const tests = await db
    .select()
    .from(diagnosticOrderTests)
    .where(inArray(diagnosticOrderTests.orderId, orderIds))
    .orderBy(diagnosticOrderTests.createdAt, diagnosticOrderTests.testType);
  const testIds = tests.map((t) => t.id);
  const [results, files, alerts] = testIds.length
    ? await Promise.all([
        db
          .select()
          .from(diagnosticResults)
          .where(inArray(diagnosticResults.orderTestId, testIds))
          .orderBy(desc(diagnosticResults.version)),
        db.select().from(diagnosticAttachments).where(inArray(diagnosticAttachments.orderTestId, testIds)),
        db.select().from(criticalAlerts).where(inArray(criticalAlerts.orderTestId, testIds)),
      ])
    : [[], [], []];
  return heads.map((h) => {
    const party = partyOf(caller, h.order);
    const seesAll = party === 'CENTRE' || party === 'ADMIN';
    const own: OrderTest[] = tests
      .filter((t) => t.orderId === h.order.id)
      .map((t) => {
        const versions = visibleVersions(
          party,
          results.filter((r) => r.orderTestId === t.id),
        ).map(toVersion);
        const alert = alerts.find((a) => a.orderTestId === t.id);
        return {
          id: t.id,
          testType: t.testType,
          status: t.status,
          price: t.price,
          sampleType: t.sampleType,
          promisedHours: t.promisedHours,
          statusReason: t.statusReason,
          collectedAt: iso(t.collectedAt),
          collectedRecordedAt: iso(t.collectedRecordedAt),
          receivedAt: iso(t.receivedAt),
          resultEnteredAt: iso(t.resultEnteredAt),
          releasedAt: iso(t.releasedAt),
          result: versions[0] ?? null,
          versions,
          attachments: (seesAll || t.releasedAt ? files.filter((f) => f.orderTestId === t.id) : []).map((f) => ({
            id: f.id,
            fileName: f.fileName,
            contentType: f.contentType,
            size: f.size,
            createdAt: f.createdAt.toISOString(),
          })),
          criticalAlert:
            alert && party !== 'PATIENT'
              ? {
                  raisedAt: alert.raisedAt.toISOString(),
                  acknowledgedAt: iso(alert.acknowledgedAt),
                  comment: alert.comment,
                }
              : null,
          actions: party ? DIAGNOSTIC_TEST_WORKFLOW.availableActions(party, { status: t.status }) : [],
        };
      });
    const o = h.order;
    return {
      id: o.id,
      diagnosticCenterId: o.centreId,
      centreName: h.centreName,
      centreAccreditations: h.centreAccreditations,
      patientId: o.patientId,
      patientName: h.patientName,
      patientPhone: h.patientPhone,
      patientSex: h.patientSex,
      patientDateOfBirth: h.patientDateOfBirth,
      doctorId: o.doctorId,
      doctorName: h.doctorName,
      hospitalId: o.hospitalId,
      hospitalName: h.hospitalName,
      consultationId: o.consultationId,
      priority: o.priority,
      status: o.status,
      clinicalNotes: o.clinicalNotes,
      homeCollection:
        o.collectionAddress && o.windowStart && o.windowEnd
          ? {
              address: o.collectionAddress,
              windowStart: o.windowStart.toISOString(),
              windowEnd: o.windowEnd.toISOString(),
            }
          : null,
      assignee: o.assigneeUserId ? { id: o.assigneeUserId, name: h.assigneeName ?? 'Team member' } : null,
      prescription: o.prescription
        ? {
            id: o.prescription.id,
            fileName: o.prescription.fileName,
            contentType: o.prescription.contentType,
            size: o.prescription.size,
            createdAt: o.prescription.createdAt,
          }
        : null,
      totalPrice: own.reduce(
        (sum, t) => sum + (t.status === 'CANCELLED' || t.status === 'DECLINED' ? 0 : (t.price ?? 0)),
        0,
      ),
      tests: own,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    };
  });
}

/** One order as the caller sees it, or 404. */
export async function orderView(db: Db | Tx, caller: AuthUser, id: string): Promise<DiagnosticOrder> {
  const heads = await selectOrders(db, and(eq(diagnosticOrders.id, id), orderScope(caller)) as SQL);
  const [order] = await assemble(db, caller, heads);
  if (!order) throw notFound(NO_SUCH_ORDER);
  return order;
}

/** A page of the caller's orders matching `where` (beside the scope). */
export async function listOrders(db: Db, caller: AuthUser, where: SQL[], page: { page: number; limit: number }) {
  const condition = and(orderScope(caller), ...where) as SQL;
  const [heads, [total]] = await Promise.all([
    selectOrders(db, condition, { limit: page.limit, offset: pageOffset(page.page, page.limit) }),
    db.select({ n: count() }).from(diagnosticOrders).where(condition),
  ]);
  return {
    orders: await assemble(db, caller, heads),
    pagination: paginationOf(page.page, page.limit, total?.n ?? 0),
  };
}

/** The raw order row (with the lock taken by the caller's transaction, if any), in the caller's scope. */
export async function loadOrder(tx: Db | Tx, caller: AuthUser, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(diagnosticOrders)
    .where(and(eq(diagnosticOrders.id, id), orderScope(caller)));
  return row;
}

/** The test of this order, with the order's parties (for the workflow). */
export async function loadTest(tx: Db | Tx, orderId: string, testId: string) {
  const [row] = await tx
    .select({ test: diagnosticOrderTests, order: diagnosticOrders })
    .from(diagnosticOrderTests)
    .innerJoin(diagnosticOrders, eq(diagnosticOrders.id, diagnosticOrderTests.orderId))
    .where(
      and(
        eq(diagnosticOrderTests.id, testId),
        eq(diagnosticOrderTests.orderId, orderId),
        isNull(diagnosticOrders.deletedAt),
      ),
    );
  return row ? { ...row.test, order: row.order } : undefined;
}
