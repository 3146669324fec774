import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DIAGNOSTIC_TEST_TYPE_LABELS, type DiagnosticTestType } from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { getPatientOrdersQueryOptions, type DiagnosticOrder } from '../../api/diagnosticOrders.ts';
import { FlagBadge, TestStatusBadge, rangeText, resultText } from '../../ui/diagnosticResults.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePageParam } from './usePageParam.ts';

type Point = { at: string; value: number; unit: string };

/** Numeric released results of each test done more than once, oldest first. */
function trends(orders: DiagnosticOrder[]): Array<[DiagnosticTestType, Point[]]> {
  const byTest = new Map<DiagnosticTestType, Point[]>();
  for (const order of orders) {
    for (const test of order.tests) {
      const r = test.result;
      if (!r || r.kind !== 'NUMERIC' || r.value === null || !test.releasedAt) continue;
      byTest.set(test.testType, [
        ...(byTest.get(test.testType) ?? []),
        { at: test.collectedAt ?? test.releasedAt, value: r.value, unit: r.unit },
      ]);
    }
  }
  return [...byTest.entries()]
    .filter(([, points]) => points.length > 1)
    .map(([t, points]) => [t, points.sort((a, b) => (a.at < b.at ? -1 : 1))]);
}

/** A small line of values over time, with the values in words for screen readers. */
function Trend({ test, points }: { test: DiagnosticTestType; points: Point[] }) {
  const values = points.map((p) => p.value);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const x = (i: number) => 10 + (i * 280) / Math.max(1, points.length - 1);
  const y = (v: number) => 70 - (max === min ? 30 : ((v - min) / (max - min)) * 60);
  const words = points.map((p) => `${formatDate(p.at)}: ${p.value} ${p.unit}`).join('; ');
  return (
    <figure className="flex flex-col items-stretch gap-1 rounded-box border border-base-300 p-3">
      <figcaption className="text-sm font-medium">{DIAGNOSTIC_TEST_TYPE_LABELS[test]} over time</figcaption>
      <svg
        viewBox="0 0 300 80"
        className="h-20 w-full max-w-sm"
        role="img"
        aria-label={`${DIAGNOSTIC_TEST_TYPE_LABELS[test]}: ${words}`}
      >
        <polyline
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
        />
        {points.map((p, i) => (
          <circle key={p.at} cx={x(i)} cy={y(p.value)} r="3" fill="currentColor" />
        ))}
      </svg>
      <p className="text-xs text-base-content/70">{words}</p>
    </figure>
  );
}

/** The patient's diagnostic tests: each report with its flags and ranges, a printable page, trends. */
export function TestReports({ patientId }: { patientId: string }) {
  const [page, setPage] = usePageParam('testsPage');
  const orders = useQuery(getPatientOrdersQueryOptions(patientId, { page, limit: 10 }));
  return (
    <section aria-labelledby="test-reports-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="test-reports-title" className="text-lg font-semibold">
            Test reports
          </h2>
          <Link className="btn btn-sm btn-primary" to="/medical-records/book-tests">
            Book tests
          </Link>
        </div>
        {orders.isPending ? (
          <Loading what="your test reports" inline />
        ) : orders.isError ? (
          <LoadError what="your test reports" error={orders.error} retry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <EmptyState title="No diagnostic tests yet">
            Tests your doctor orders, or you book at a centre, show here.
          </EmptyState>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {trends(orders.data.orders).map(([test, points]) => (
                <Trend key={test} test={test} points={points} />
              ))}
            </div>
            <ul className="flex flex-col gap-3">
              {orders.data.orders.map((order) => (
                <li key={order.id} className="rounded-box border border-base-300 p-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium">
                      {order.centreName} · {formatDate(order.createdAt)}
                    </span>
                    {order.tests.some((t) => t.result) && (
                      <Link className="link text-sm" to={`/medical-records/reports/${order.id}`}>
                        Printable report
                      </Link>
                    )}
                  </div>
                  <ul className="mt-2 flex flex-col gap-1">
                    {order.tests.map((test) => (
                      <li key={test.id} className="flex flex-wrap items-center gap-2 text-sm">
                        <span>{DIAGNOSTIC_TEST_TYPE_LABELS[test.testType]}</span>
                        {test.result ? (
                          <>
                            <span className="font-semibold">{resultText(test.result)}</span>
                            <FlagBadge flag={test.result.flag} />
                            <span className="text-base-content/70">Reference {rangeText(test.result)}</span>
                          </>
                        ) : (
                          <TestStatusBadge status={test.status} />
                        )}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <Pagination pagination={orders.data.pagination} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
