import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { REPORTED_STATUSES } from '../../../domain/rules/diagnosticOrders.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { ReportRow, ReportsQuery } from '../../../domain/schemas/diagnosticReports.ts';
import type { Db } from '../../db/client.ts';
import { diagnosticOrderTests, diagnosticOrders, diagnosticResults, patients } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { textMatch } from '../../platform/search.ts';
import { addDaysToDate, startOfDayInIndia } from './dates.ts';
import { orderScope } from './queries.ts';

const HOUR = 3_600_000;

/** The released and corrected reports the caller may see, newest release first, with turnaround against the promise. */
export async function listReports(db: Db, caller: AuthUser, q: ReportsQuery) {
  const t = diagnosticOrderTests;
  const r = diagnosticResults;
  // The latest version of each test's result.
  const latest = sql`${r.version} = (select max(v.version) from ${diagnosticResults} v where v.order_test_id = ${t.id})`;
  const where: Array<SQL | undefined> = [
    orderScope(caller),
    inArray(t.status, [...REPORTED_STATUSES]),
    isNotNull(t.releasedAt),
    latest,
    q.testType ? eq(t.testType, q.testType) : undefined,
    q.patient ? textMatch(q.patient, [sql`${patients.firstName} || ' ' || ${patients.lastName}`]) : undefined,
    q.dateFrom ? gte(t.releasedAt, startOfDayInIndia(q.dateFrom)) : undefined,
    q.dateTo ? lt(t.releasedAt, startOfDayInIndia(addDaysToDate(q.dateTo, 1))) : undefined,
    q.flag === 'NONE' ? isNull(r.flag) : undefined,
    q.flag === 'ANY_FLAG' ? isNotNull(r.flag) : undefined,
    q.flag === 'CRITICAL' ? inArray(r.flag, ['CRITICAL_LOW', 'CRITICAL_HIGH']) : undefined,
    q.flag && q.flag !== 'NONE' && q.flag !== 'ANY_FLAG' && q.flag !== 'CRITICAL' ? eq(r.flag, q.flag) : undefined,
  ];
  const condition = and(...where.filter((w): w is SQL => w !== undefined)) as SQL;
  const base = () =>
    db
      .select({
        test: t,
        result: r,
        patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
        patientId: diagnosticOrders.patientId,
      })
      .from(t)
      .innerJoin(diagnosticOrders, eq(diagnosticOrders.id, t.orderId))
      .innerJoin(patients, eq(patients.id, diagnosticOrders.patientId))
      .innerJoin(r, eq(r.orderTestId, t.id));
  const [rows, [total]] = await Promise.all([
    base().where(condition).orderBy(desc(t.releasedAt), desc(t.id)).limit(q.limit).offset(pageOffset(q.page, q.limit)),
    db
      .select({ n: count() })
      .from(t)
      .innerJoin(diagnosticOrders, eq(diagnosticOrders.id, t.orderId))
      .innerJoin(patients, eq(patients.id, diagnosticOrders.patientId))
      .innerJoin(r, eq(r.orderTestId, t.id))
      .where(condition),
  ]);
  const reports: ReportRow[] = rows.map(({ test, result, patientName, patientId }) => {
    const turnaround =
      test.collectedAt && test.releasedAt
        ? Math.round(((test.releasedAt.getTime() - test.collectedAt.getTime()) / HOUR) * 10) / 10
        : null;
    return {
      orderId: test.orderId,
      testId: test.id,
      patientId,
      patientName,
      testType: test.testType,
      status: test.status,
      releasedAt: test.releasedAt!.toISOString(),
      flag: result.flag,
      value: result.value,
      unit: result.unit,
      code: result.code ?? result.text,
      version: result.version,
      promisedHours: test.promisedHours,
      turnaroundHours: turnaround,
      breached: turnaround !== null && test.promisedHours !== null && turnaround > test.promisedHours,
    };
  });
  return { reports, pagination: paginationOf(q.page, q.limit, total?.n ?? 0) };
}
